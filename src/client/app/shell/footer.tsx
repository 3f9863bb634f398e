import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FOOTER_HELP_ANCHORS, FOOTER_VENDORS, MENU_CATEGORIES } from '@client/config/menu';
import { categoryHref, paths } from '@client/config/paths';
import { socialResources } from '@client/config/resources';
import { SocialLinks } from './social-links';
import { usePermission } from '@client/state/app-actor';

/** SHELL-44/45: help links, products, follow-us (icons only when configured), responsible gaming, vendor logos. */
export function Footer() {
  const { t } = useTranslation(['shell', 'common']);
  const permission = usePermission();
  const socials = socialResources(permission?.resources ?? []);
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <nav className="site-footer__column" aria-label={t('shell:footer.help')}>
          <h2 className="site-footer__heading">{t('shell:footer.help')}</h2>
          <ul>
            {FOOTER_HELP_ANCHORS.map((anchor) => (
              <li key={anchor}>
                <Link to={paths.help.getHref(anchor)}>{t(`shell:footer.helpLinks.${anchor}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__column" aria-label={t('shell:footer.products')}>
          <h2 className="site-footer__heading">{t('shell:footer.products')}</h2>
          <ul className="site-footer__products">
            {MENU_CATEGORIES.map((gameType) => {
              const href = categoryHref(gameType);
              return href ? (
                <li key={gameType}>
                  <Link to={href}>{t(`common:gameTypes.${gameType}`)}</Link>
                </li>
              ) : null;
            })}
          </ul>
        </nav>
        <section className="site-footer__column" aria-label={t('shell:footer.followUs')}>
          <h2 className="site-footer__heading">{t('shell:footer.followUs')}</h2>
          <p className="site-footer__text">{t('shell:footer.followUsText')}</p>
          {socials.length > 0 && <SocialLinks resources={socials} />}
        </section>
        <section className="site-footer__column" aria-label={t('shell:footer.responsibleGaming')}>
          <h2 className="site-footer__heading">{t('shell:footer.responsibleGaming')}</h2>
          <img src="/static/footer/responsible-gaming.svg" alt={t('shell:footer.responsibleGamingImage')} className="site-footer__rg" width={160} height={56} loading="lazy" />
          <p className="site-footer__text">{t('shell:footer.ageNotice')}</p>
        </section>
      </div>
      <section className="site-footer__vendors" aria-label={t('shell:footer.partners')}>
        <h2 className="visually-hidden">{t('shell:footer.partners')}</h2>
        <ul>
          {FOOTER_VENDORS.map((code) => (
            <li key={code}>
              <img src={`/static/vendors/${code.toLowerCase()}.svg`} alt={code} width={96} height={40} loading="lazy" />
            </li>
          ))}
        </ul>
      </section>
      <p className="site-footer__copyright">{t('shell:footer.copyright', { year, name: t('common:appName') })}</p>
    </footer>
  );
}
