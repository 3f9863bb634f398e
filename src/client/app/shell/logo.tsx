import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { setGameType } from '@client/state/ui-state';
import { BrandLogo } from '@client/components/brand-logo';
import { paths } from '@client/config/paths';

/** The brand mark; clicking it goes home and sets the game type to HOME (SHELL-43). */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to={paths.root.getHref()} className="logo" onClick={() => setGameType('HOME')} aria-label={t('appName')}>
      <BrandLogo compactOnPhone />
    </Link>
  );
}
