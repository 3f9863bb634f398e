import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Resource } from '@shared/contract/system';
import { renderApp, resetShell } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const IOS: Resource = { resourceType: 'IOS', url: 'https://apps.example.test/ios', labelNameEn: 'iOS app' };
const ANDROID: Resource = { resourceType: 'ANDROID', url: 'https://apps.example.test/app.apk', labelNameEn: 'Android app' };
const LITE: Resource = { resourceType: 'lite', url: 'https://apps.example.test/lite.mobileconfig', labelNameEn: 'Lite profile app' };

const openDownload = async (resources: Resource[]) => {
  const app = await renderApp({ path: '/download', permission: { resources } });
  await screen.findByRole('heading', { name: 'download:title' });
  return app;
};

/** The download screen itself, without the site's header, side menu and footer. */
const downloadScreen = () => {
  const element = screen.getByRole('heading', { name: 'download:title' }).closest<HTMLElement>('.download-screen');
  if (!element) throw new Error('the download screen is not shown');
  return within(element);
};
const appCard = (platform: 'ios' | 'android' | 'lite') => downloadScreen().getByRole('article', { name: `download:apps.${platform}.name` });
const guide = (platform: 'ios' | 'android') => downloadScreen().queryByRole('region', { name: `download:guides.${platform}.title` });
const stepsOf = (region: HTMLElement) => within(within(region).getByRole('list')).getAllByRole('listitem').map((step) => step.textContent);

describe('app download screen', () => {
  it('[MEMBER-22] offers the iOS app, the Android app and the lite profile app, each with its configured link and QR code', async () => {
    await openDownload([IOS, ANDROID, LITE]);
    expect(downloadScreen().getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'download:apps.ios.name',
      'download:apps.android.name',
      'download:apps.lite.name',
    ]);
    for (const [platform, resource] of [['ios', IOS], ['android', ANDROID], ['lite', LITE]] as const) {
      const card = within(appCard(platform));
      expect(card.getByRole('link', { name: 'download:get' })).toHaveAttribute('href', resource.url);
      expect(await card.findByRole('img', { name: `download:apps.${platform}.name` })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    }
  });

  it('[MEMBER-22] gives the install guides for iOS (Safari, install, trust the profile, Add to Home Screen) and Android (unknown sources, the APK)', async () => {
    await openDownload([IOS, ANDROID, LITE]);
    expect(stepsOf(guide('ios')!)).toEqual([
      'download:guides.ios.steps.safari',
      'download:guides.ios.steps.install',
      'download:guides.ios.steps.trust',
      'download:guides.ios.steps.lite',
      'download:guides.ios.steps.open',
    ]);
    expect(stepsOf(guide('android')!)).toEqual([
      'download:guides.android.steps.download',
      'download:guides.android.steps.unknownSources',
      'download:guides.android.steps.install',
      'download:guides.android.steps.open',
    ]);
  });

  it('[MEMBER-22] the guides read as real steps in English', async () => {
    await renderApp({ path: '/download', lng: 'en', permission: { resources: [IOS, ANDROID, LITE] } });
    const ios = await screen.findByRole('region', { name: 'How to install on iOS' });
    expect(within(ios).getByText(/Open this page in Safari/)).toBeVisible();
    expect(within(ios).getByText(/Add to Home Screen/)).toBeVisible();
    expect(within(ios).getByText(/Trust/)).toBeVisible();
    const android = screen.getByRole('region', { name: 'How to install on Android' });
    expect(within(android).getByText(/install unknown apps/)).toBeVisible();
    expect(within(android).getByText(/Open the downloaded APK file/)).toBeVisible();
    expect(within(screen.getByRole('article', { name: 'Lite profile app' })).getByRole('link', { name: 'Download' })).toHaveAttribute('href', LITE.url);
  });

  it('[MEMBER-22] shows only the configured apps and the guides they need', async () => {
    const { unmount } = await openDownload([ANDROID]);
    expect(downloadScreen().getAllByRole('article')).toHaveLength(1);
    expect(appCard('android')).toBeVisible();
    expect(guide('ios')).not.toBeInTheDocument();
    expect(guide('android')).toBeVisible();
    unmount();
    resetShell();

    await openDownload([LITE]);
    expect(appCard('lite')).toBeVisible();
    expect(guide('ios')).toBeVisible();
    expect(guide('android')).not.toBeInTheDocument();
  });

  it('[MEMBER-22] with no app configured the screen says none is available', async () => {
    await openDownload([]);
    expect(downloadScreen().getByText('download:none')).toBeVisible();
    expect(downloadScreen().queryByRole('article')).not.toBeInTheDocument();
  });

  it('[MEMBER-22] the side menu download panel links to the download screen', async () => {
    const { user, router } = await renderApp({ permission: { resources: [IOS, ANDROID, LITE] } });
    await screen.findByTestId('index-view');
    const sideMenu = screen.getByRole('complementary', { name: 'shell:sideMenu.label' });
    await user.hover(within(sideMenu).getByRole('button', { name: 'shell:sideMenu.download' }));
    const link = within(within(sideMenu).getByRole('group', { name: 'shell:sideMenu.download' })).getByRole('link', { name: 'shell:sideMenu.allApps' });
    // A plain click: user-event's pointer move to the link reports leaving the hovered entry, which closes the panel first.
    fireEvent.click(link);
    expect(router.location.pathname).toBe('/download');
    expect(await screen.findByRole('heading', { name: 'download:title' })).toBeVisible();
  });

  it('[MEMBER-22] with only the lite profile app configured the side menu entry still leads to the download screen', async () => {
    const { user, router } = await renderApp({ permission: { resources: [LITE] } });
    await screen.findByTestId('index-view');
    const sideMenu = screen.getByRole('complementary', { name: 'shell:sideMenu.label' });
    await user.hover(within(sideMenu).getByRole('button', { name: 'shell:sideMenu.download' }));
    const panel = within(within(sideMenu).getByRole('group', { name: 'shell:sideMenu.download' }));
    expect(panel.queryByRole('img')).not.toBeInTheDocument();
    fireEvent.click(panel.getByRole('link', { name: 'shell:sideMenu.allApps' }));
    expect(router.location.pathname).toBe('/download');
    expect(await within(await screen.findByRole('article', { name: 'download:apps.lite.name' })).findByRole('img')).toBeVisible();
  });
});
