import { useState } from 'react';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SendMessageRequest } from '@shared/contract/operator-money';
import { ActionDialog, Field, OpsNotice } from '../components/ops-ui';
import { OrderSummary } from '../components/order-summary';
import { useOpsAction } from '../ops-api';
import { useDraftForm } from '../use-draft-form';

const OPERATOR_MESSAGE_TYPES = SendMessageRequest.shape.type.unwrap().options;
type OperatorMessageType = (typeof OPERATOR_MESSAGE_TYPES)[number];

/** Account names typed one per line, or separated by commas or spaces; repeats dropped. */
const parseAccounts = (text: string): string[] => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

/** A platform message to one or more members, delivered live to their open pages; sent after a confirmation. */
export function MessagesPage() {
  const { t } = useTranslation('operator');
  const act = useOpsAction();
  const { draft, set, errors, request, validate } = useDraftForm(
    { accounts: '', type: 'INBOX' as OperatorMessageType, title: '', content: '' },
    {
      schema: SendMessageRequest,
      toRequest: (d) => ({ ...d, accounts: parseAccounts(d.accounts) }),
      messages: { accounts: t('messages.accountsInvalid') },
    },
  );
  const [confirming, setConfirming] = useState(false);
  const [sentTo, setSentTo] = useState<string[] | null>(null);

  const review = () => {
    if (!validate()) return;
    setSentTo(null);
    setConfirming(true);
  };

  return (
    <div className="ops-page">
      <section className="ops-card" aria-labelledby="ops-message-title">
        <h2 id="ops-message-title" className="ops-card__title">
          {t('messages.compose')}
        </h2>
        <form
          className="ops-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            review();
          }}
        >
          <Field label={t('messages.accounts')} error={errors.accounts} hint={t('messages.accountsHint')}>
            {(control) => <textarea {...control} className="ops-input ops-textarea" rows={3} value={draft.accounts} onChange={(e) => set('accounts', e.target.value)} />}
          </Field>
          <Field label={t('messages.type')}>
            {(control) => (
              <select {...control} className="select ops-select" value={draft.type} onChange={(e) => set('type', e.target.value as OperatorMessageType)}>
                {OPERATOR_MESSAGE_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {t(`messages.types.${option}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('messages.titleField')} error={errors.title}>
            {(control) => <input {...control} className="ops-input" value={draft.title} onChange={(e) => set('title', e.target.value)} />}
          </Field>
          <Field label={t('messages.content')} error={errors.content} hint={t('messages.contentHint')}>
            {(control) => <textarea {...control} className="ops-input ops-textarea" rows={6} value={draft.content} onChange={(e) => set('content', e.target.value)} />}
          </Field>
          <div className="ops-form__actions">
            <button type="submit" className="button button--primary">
              <Send aria-hidden size={16} />
              {t('messages.review')}
            </button>
          </div>
        </form>
        {sentTo && <OpsNotice>{t('messages.sent', { count: sentTo.length, accounts: sentTo.join(', ') })}</OpsNotice>}
      </section>

      {confirming && (
        <ActionDialog
          title={t('messages.confirmTitle')}
          confirmLabel={t('messages.send')}
          size="medium"
          run={async () => {
            const result = await act('opsSendMessage', { body: request() });
            setSentTo(result.sent.map((m) => m.account));
            set('accounts', '');
            set('title', '');
            set('content', '');
          }}
          onClose={() => setConfirming(false)}
        >
          <OrderSummary
            rows={[
              [t('messages.accounts'), request().accounts.join(', ')],
              [t('messages.type'), t(`messages.types.${draft.type}`)],
              [t('messages.titleField'), draft.title.trim()],
            ]}
          />
          <p className="ops-dialog__text ops-pre">{draft.content.trim()}</p>
        </ActionDialog>
      )}
    </div>
  );
}
