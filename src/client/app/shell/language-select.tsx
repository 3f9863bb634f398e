import { Globe } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@shared/i18n/languages';
import { changeLanguage, htmlLangOf } from '@client/lib/i18n';
import { usePermission } from '@client/state/app-actor';

/** SHELL-42: the configured interface languages (SHELL-54), the built-in table until the configuration loads. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('shell');
  const permission = usePermission();
  const id = useId();
  const languages = permission?.interfaceLanguages ?? LANGUAGES;
  return (
    <div className="language-select">
      <label htmlFor={id} className="language-select__label">
        <Globe aria-hidden size={18} />
        <span>{t('sideMenu.language')}</span>
      </label>
      <select id={id} className="select" value={i18n.language} onChange={(e) => void changeLanguage(e.target.value)}>
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={htmlLangOf(language.code)}>
            {language.label}
          </option>
        ))}
      </select>
    </div>
  );
}
