import { useId } from 'react';
import { Download, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/empty-state';
import { QrCode } from '@client/components/qr-code';
import { ScreenHeader } from '@client/components/screen-header';
import { DOWNLOAD_QR_SIZE } from '@client/config/menu';
import { DOWNLOAD_PLATFORMS, downloadResource, type DownloadPlatform } from '@client/config/resources';
import { usePermission } from '@client/state/app-actor';

/** The steps of each install guide, in order (keys of the download namespace). */
const GUIDE_STEPS = {
  ios: [
    'guides.ios.steps.safari',
    'guides.ios.steps.install',
    'guides.ios.steps.trust',
    'guides.ios.steps.lite',
    'guides.ios.steps.open',
  ],
  android: [
    'guides.android.steps.download',
    'guides.android.steps.unknownSources',
    'guides.android.steps.install',
    'guides.android.steps.open',
  ],
} as const;
type Guide = keyof typeof GUIDE_STEPS;
type GuideStep = (typeof GUIDE_STEPS)[Guide][number];

/** The guide each app is installed by: the lite profile app is an iOS profile. */
const GUIDE_OF: Record<DownloadPlatform, Guide> = { ios: 'ios', android: 'android', lite: 'ios' };

function AppCard({ platform, url }: { platform: DownloadPlatform; url: string }) {
  const { t } = useTranslation('download');
  const titleId = useId();
  const name = t(`apps.${platform}.name`);
  return (
    <article className="card download-app" aria-labelledby={titleId}>
      <h2 id={titleId} className="download-app__name">
        {name}
      </h2>
      <p className="download-app__text">{t(`apps.${platform}.text`)}</p>
      <QrCode value={url} size={DOWNLOAD_QR_SIZE} margin={6} label={name} />
      <a className="button button--primary download-app__link" href={url} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden size={16} />
        <span>{t('get')}</span>
      </a>
    </article>
  );
}

function InstallGuide({ guide }: { guide: Guide }) {
  const { t } = useTranslation('download');
  const titleId = useId();
  const steps: readonly GuideStep[] = GUIDE_STEPS[guide];
  return (
    <section className="card download-guide" aria-labelledby={titleId}>
      <h2 id={titleId} className="download-guide__title">
        {t(`guides.${guide}.title`)}
      </h2>
      <ol className="download-guide__steps">
        {steps.map((step) => (
          <li key={step}>{t(step)}</li>
        ))}
      </ol>
    </section>
  );
}

/**
 * MEMBER-22: the app download screen. The iOS app, the Android app and the lite profile app, each
 * with its QR code and link from the site configuration (permission.resources IOS, ANDROID, LITE;
 * only the configured ones show), then the install guides for iOS and Android.
 */
export default function DownloadScreen() {
  const { t } = useTranslation('download');
  const resources = usePermission()?.resources ?? [];
  const apps = DOWNLOAD_PLATFORMS.flatMap((platform) => {
    const resource = downloadResource(resources, platform);
    return resource ? [{ platform, url: resource.url }] : [];
  });
  const guides = (Object.keys(GUIDE_STEPS) as Guide[]).filter((guide) => apps.some((app) => GUIDE_OF[app.platform] === guide));

  return (
    <div className="screen download-screen">
      <ScreenHeader icon={Download} title={t('title')} subtitle={t('subtitle')} />
      {apps.length === 0 ? (
        <EmptyState icon={Download} title={t('none')} />
      ) : (
        <>
          <div className="download-screen__apps">
            {apps.map((app) => (
              <AppCard key={app.platform} platform={app.platform} url={app.url} />
            ))}
          </div>
          <div className="download-screen__guides">
            {guides.map((guide) => (
              <InstallGuide key={guide} guide={guide} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
