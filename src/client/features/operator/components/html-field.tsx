import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '@client/components/safe-html';
import { Field } from './ops-ui';

/** Operator-authored HTML in a text box, with a preview sanitised as the site will show it. */
export function HtmlField({
  label,
  value,
  onChange,
  error,
  rows = 6,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  rows?: number;
}) {
  const { t } = useTranslation('operator');
  const [preview, setPreview] = useState(false);
  return (
    <>
      <Field label={label} error={error} hint={t('fields.htmlHint')}>
        {(control) => <textarea {...control} className="ops-input ops-textarea" rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />}
      </Field>
      <button type="button" className="button button--ghost button--compact ops-form__inline" onClick={() => setPreview((p) => !p)} aria-expanded={preview}>
        {preview ? t('fields.hidePreview') : t('fields.showPreview')}
      </button>
      {preview && <SafeHtml html={value} className="rich-text ops-preview" />}
    </>
  );
}
