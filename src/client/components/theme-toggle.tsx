import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toggleTheme, useTheme } from '@client/state/ui-state';

/** Switches between the dark and the light theme (SHELL-53). */
export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const label = theme === 'dark' ? t('header.themeToLight') : t('header.themeToDark');
  return (
    <button type="button" className="icon-button" onClick={toggleTheme} aria-label={label} title={label}>
      {theme === 'dark' ? <Sun aria-hidden size={20} /> : <Moon aria-hidden size={20} />}
    </button>
  );
}
