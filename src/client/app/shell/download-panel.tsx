import { useState } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QrCode } from '@client/components/qr-code';
import { DOWNLOAD_QR_SIZE } from '@client/config/menu';
import { paths } from '@client/config/paths';
import { downloadResource } from '@client/config/resources';
import { usePermission } from '@client/state/app-actor';

/**
 * SHELL-38: hovering the download entry shows iOS and Android QR codes at size 107 (Android only when configured);
 * its link opens the download screen with every app and the install guides (MEMBER-22).
 */
export function DownloadEntry() {
  const { t } = useTranslation('shell');
  const permission = usePermission();
  const [open, setOpen] = useState(false);
  const resources = permission?.resources ?? [];
  const apps = [
    { platform: 'ios' as const, label: t('sideMenu.downloadIos'), resource: downloadResource(resources, 'ios') },
    { platform: 'android' as const, label: t('sideMenu.downloadAndroid'), resource: downloadResource(resources, 'android') },
  ].filter((app) => app.resource !== null);

  // The lite profile app alone still opens the entry: its link leads to the download screen.
  if (apps.length === 0 && downloadResource(resources, 'lite') === null) return null;
  return (
    <div
      className="download-entry"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOpen(false)}
    >
      <button type="button" className="side-menu__item" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        <Download aria-hidden size={18} />
        <span>{t('sideMenu.download')}</span>
      </button>
      {open && (
        <div className="download-panel" role="group" aria-label={t('sideMenu.download')}>
          {apps.length > 0 && (
            <>
              <p className="download-panel__hint">{t('sideMenu.scanToDownload')}</p>
              <div className="download-panel__codes">
                {apps.map((app) => (
                  <figure key={app.platform} className="download-panel__code">
                    <QrCode value={app.resource!.url} size={DOWNLOAD_QR_SIZE} margin={6} label={app.label} />
                    <figcaption>{app.label}</figcaption>
                  </figure>
                ))}
              </div>
            </>
          )}
          <Link className="download-panel__more" to={paths.download.getHref()}>
            {t('sideMenu.allApps')}
          </Link>
        </div>
      )}
    </div>
  );
}
