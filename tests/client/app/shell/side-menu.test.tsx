import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import QRCode from 'qrcode';
import { memberShortcuts } from '@client/app/shell/side-menu';
import { QrCode } from '@client/components/qr-code';
import { setGameType, shellUiStore } from '@client/state/ui-state';
import { PLAYER, renderApp, resetShell } from '../../../helpers/render-app';

const sideMenu = () => screen.getByRole('complementary', { name: 'shell:sideMenu.label' });
const memberNav = () => within(sideMenu()).getByRole('navigation', { name: 'shell:sideMenu.member' });

beforeEach(() => resetShell());

describe('side menu', () => {
  it('[SHELL-33] has deposit, withdraw and promotions entries', async () => {
    const { user, router } = await renderApp({ member: PLAYER });
    await screen.findByTestId('index-view');
    await user.click(within(sideMenu()).getByRole('button', { name: 'common:actions.deposit' }));
    expect(router.location.search).toBe('?page=depositv2');
    await user.click(within(sideMenu()).getByRole('button', { name: 'common:actions.withdraw' }));
    expect(router.location.search).toBe('?page=withdraw');
    await user.click(within(sideMenu()).getByRole('link', { name: 'common:nav.promotions' }));
    expect(router.location.pathname).toBe('/promotions');
  });

  it('[SHELL-33] deposit asks a guest to log in', async () => {
    const { user } = await renderApp();
    await screen.findByTestId('index-view');
    await user.click(within(sideMenu()).getByRole('button', { name: 'common:actions.deposit' }));
    expect(screen.getByRole('dialog', { name: 'shell:popups.loginPopupModal' })).toBeInTheDocument();
  });

  it('[SHELL-34] shows the game category tree with vendors as sub-items', async () => {
    const { user } = await renderApp({
      handlers: {
        vendorList: () => ({
          data: { lanes: [{ gameType: 'RNG', vendors: [{ vassalage: 'PG', displayName: 'PG Soft', gameType: 'RNG', lagerIcon: '/pg.png', maintenance: false }] }] },
        }),
      },
    });
    await screen.findByTestId('index-view');
    const tree = within(sideMenu()).getByRole('list', { name: 'shell:sideMenu.categories' });
    expect(within(tree).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/live', '/rng', '/fish', '/pvp', '/sports', '/esports', '/lott', '/elott']);
    await user.click(await within(tree).findByRole('button', { name: 'shell:sideMenu.vendorsOf' }));
    expect(within(tree).getByRole('link', { name: 'PG Soft' })).toHaveAttribute('href', '/rng?vassalage=PG');
  });

  it('[SHELL-35] shows the member shortcuts, VIP only when VIP is enabled', async () => {
    await renderApp({ member: PLAYER });
    await screen.findByTestId('index-view');
    const shortcuts = () => within(memberNav()).getAllByRole('link').map((a) => a.textContent);
    expect(shortcuts()).toEqual(
      expect.arrayContaining([
        'shell:sideMenu.bettingRecord',
        'shell:sideMenu.accountRecord',
        'shell:sideMenu.securityCenter',
        'shell:sideMenu.depositRecord',
        'shell:sideMenu.personalProfit',
        'shell:sideMenu.messages',
      ]),
    );
    expect(shortcuts()).not.toContain('shell:sideMenu.vip');
    // The render helper's site has no VIP level (tests/client/features/vip covers VIP on); the shortcuts' rule is checked directly too.
    expect(memberShortcuts({ hasVip: true })[0]?.labelKey).toBe('shell:sideMenu.vip');
  });

  it('[SHELL-35] marks only the member shortcut of the open page as current', async () => {
    const { user } = await renderApp({ member: PLAYER });
    await screen.findByTestId('index-view');
    await user.click(within(memberNav()).getByRole('link', { name: 'shell:sideMenu.bettingRecord' }));
    const current = () => within(memberNav()).getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent);
    expect(current()).toEqual(['shell:sideMenu.bettingRecord']);
    await user.click(within(memberNav()).getByRole('link', { name: 'shell:sideMenu.messages' }));
    expect(current()).toEqual(['shell:sideMenu.messages']);
  });

  it("[SHELL-36] the permission response's REFERRAL entry reaches the public state and shows the referral entry", async () => {
    await renderApp({ member: PLAYER, permission: { availablePromo: [{ type: 'REFERRAL', enabled: true }] } });
    await screen.findByTestId('index-view');
    expect(await within(memberNav()).findByRole('link', { name: 'shell:sideMenu.referral' })).toHaveAttribute('href', '/member?page=referral');
  });

  it('[SHELL-36] shows the referral entry only when referral is enabled', async () => {
    // The site's configuration (permission availablePromo) says whether referral is on; each is a new visit.
    const visit = async (availablePromo: { type: string; enabled: boolean }[]) => {
      resetShell();
      cleanup();
      await renderApp({ member: PLAYER, permission: { availablePromo } });
      await screen.findByTestId('index-view');
    };
    await visit([]);
    expect(within(memberNav()).queryByRole('link', { name: 'shell:sideMenu.referral' })).not.toBeInTheDocument();
    await visit([{ type: 'REFERRAL', enabled: false }]);
    expect(within(memberNav()).queryByRole('link', { name: 'shell:sideMenu.referral' })).not.toBeInTheDocument();
    await visit([{ type: 'REFERRAL', enabled: true }]);
    expect(within(memberNav()).getByRole('link', { name: 'shell:sideMenu.referral' })).toHaveAttribute('href', '/member?page=referral');
  });

  it('[SHELL-37] shows the reward centre entry and a legal licence entry that opens the legalLicense modal', async () => {
    const { user } = await renderApp({
      handlers: { helpCenter: () => ({ lang: 'en', articles: [{ anchor: 'license', title: 'Gaming licence', content: '<p>Licence no. 1234</p>' }] }) },
    });
    await screen.findByTestId('index-view');
    expect(within(memberNav()).getByRole('link', { name: 'shell:sideMenu.rewardCenter' })).toHaveAttribute('href', '/member?page=rewardCenter');
    await user.click(within(memberNav()).getByRole('button', { name: 'shell:sideMenu.legalLicense' }));
    const dialog = screen.getByRole('dialog', { name: 'shell:popups.legalLicense' });
    expect(await within(dialog).findByText('Licence no. 1234')).toBeInTheDocument();
  });

  it('[SHELL-38] hovering download shows iOS and Android QR codes drawn at size 107', async () => {
    const { user } = await renderApp();
    await screen.findByTestId('index-view');
    await user.hover(within(sideMenu()).getByRole('button', { name: 'shell:sideMenu.download' }));
    const panel = within(sideMenu()).getByRole('group', { name: 'shell:sideMenu.download' });
    const ios = await within(panel).findByRole('img', { name: 'shell:sideMenu.downloadIos' });
    const android = await within(panel).findByRole('img', { name: 'shell:sideMenu.downloadAndroid' });
    for (const qr of [ios, android]) {
      expect(qr).toHaveAttribute('width', '107');
      expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    }
    expect(decodeURIComponent(ios.getAttribute('src') ?? '')).toContain('width="107"');
  });

  it('[SHELL-38] without an Android resource only the iOS QR code shows', async () => {
    const { user } = await renderApp({ permission: { resources: [{ resourceType: 'IOS', url: 'https://x.example.test/ios', labelNameEn: 'iOS' }] } });
    await screen.findByTestId('index-view');
    await user.hover(within(sideMenu()).getByRole('button', { name: 'shell:sideMenu.download' }));
    const panel = within(sideMenu()).getByRole('group', { name: 'shell:sideMenu.download' });
    expect(await within(panel).findByRole('img', { name: 'shell:sideMenu.downloadIos' })).toBeInTheDocument();
    expect(within(panel).queryByRole('img', { name: 'shell:sideMenu.downloadAndroid' })).not.toBeInTheDocument();
  });

  it('[SHELL-39] shows social links and customer-service links from the configuration', async () => {
    await renderApp({
      permission: {
        resources: [
          { resourceType: 'TELEGRAM', url: 'https://t.example.test/demo', labelNameEn: 'Telegram' },
          { resourceType: 'FACEBOOK', url: 'javascript:alert(1)', labelNameEn: 'Broken' },
        ],
        customerService: [
          { csType: 'LIVECHAT', title: 'Live chat 24/7', path: 'https://chat.example.test' },
          { csType: 'TELEGRAM', title: 'Telegram support', path: 'https://t.example.test/help' },
        ],
      },
    });
    await screen.findByTestId('index-view');
    const contact = within(sideMenu()).getByRole('region', { name: 'shell:sideMenu.contact' });
    expect(within(contact).getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.example.test/demo');
    expect(within(contact).queryByRole('link', { name: 'Broken' })).not.toBeInTheDocument();
    expect(within(contact).getByRole('button', { name: 'Live chat 24/7' })).toBeInTheDocument();
    expect(within(contact).getByRole('button', { name: 'Telegram support' })).toBeInTheDocument();
  });

  it('[SHELL-40] a customer-service link opens a 440x750 popup window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { user } = await renderApp();
    await screen.findByTestId('index-view');
    await user.click(within(sideMenu()).getByRole('button', { name: 'Live chat 24/7' }));
    expect(open).toHaveBeenCalledWith('https://livechat.example.test/chat', 'cs', 'width=440,height=750');
  });

  it('[SHELL-40] [ERR-21] a blocked customer-service window tells the visitor to allow popups', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await renderApp();
    await screen.findByTestId('index-view');
    await user.click(within(sideMenu()).getByRole('button', { name: 'Live chat 24/7' }));
    expect(screen.getByRole('alert')).toHaveTextContent('shell:toasts.popupBlocked');
  });

  it('[ERR-20] an invalid customer-service link opens nothing and asks the visitor to contact customer service', async () => {
    const open = vi.spyOn(window, 'open');
    const { user } = await renderApp({ permission: { customerService: [{ csType: 'LIVECHAT', title: 'Live chat 24/7', path: 'javascript:alert(1)' }] } });
    await screen.findByTestId('index-view');
    await user.click(within(sideMenu()).getByRole('button', { name: 'Live chat 24/7' }));
    expect(screen.getByRole('alert')).toHaveTextContent('shell:toasts.invalidLink');
    expect(open).not.toHaveBeenCalled();
  });

  it('[SHELL-41] shows sign out only while logged in', async () => {
    const logout = vi.fn(() => null);
    const { user } = await renderApp({ member: PLAYER, handlers: { logout } });
    await screen.findByTestId('index-view');
    await user.click(within(sideMenu()).getByRole('button', { name: 'shell:sideMenu.signOut' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'common:actions.logout' }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('[SHELL-41] a guest has no sign-out item', async () => {
    await renderApp();
    await screen.findByTestId('index-view');
    expect(within(sideMenu()).queryByRole('button', { name: 'shell:sideMenu.signOut' })).not.toBeInTheDocument();
  });

  it('[SHELL-42] [SHELL-54] the language selector lists the configured interface languages', async () => {
    await renderApp({
      permission: {
        interfaceLanguages: [
          { code: 'ty', label: 'Tiếng Việt', rtl: false },
          { code: 'en', label: 'English', rtl: false },
          { code: 'th', label: 'ไทย', rtl: false },
        ],
      },
    });
    await screen.findByTestId('index-view');
    const select = within(sideMenu()).getByRole('combobox', { name: 'shell:sideMenu.language' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tiếng Việt', 'English', 'ไทย']);
  });

  it('[SHELL-43] clicking the logo sets the game type to HOME', async () => {
    const { user, router } = await renderApp({ path: '/live' });
    await screen.findByRole('heading', { level: 1 });
    act(() => setGameType('FISH'));
    await user.click(within(sideMenu()).getByRole('link', { name: 'common:appName' }));
    expect(shellUiStore.get().gameType).toBe('HOME');
    expect(router.location.pathname).toBe('/');
    expect(await screen.findByRole('tab', { name: 'common:gameTypes.HOME' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('QR code', () => {
  it('[MEMBER-23] with no options a QR code is drawn at size 200, margin 20, dark #000000 on light #FFFFFF', async () => {
    const value = 'https://demo.example.test/app';
    render(<QrCode value={value} label="App QR" />);
    const img = await screen.findByRole('img', { name: 'App QR' });
    expect(img).toHaveAttribute('width', '200');
    expect(img).toHaveAttribute('height', '200');
    const svg = decodeURIComponent(img.getAttribute('src') ?? '').toLowerCase();
    expect(svg).toContain('width="200"');
    expect(svg).toContain('#000000');
    expect(svg).toContain('#ffffff');
    // A margin of 20 pixels out of 200: the quiet zone in modules that the library draws.
    const count = QRCode.create(value).modules.size;
    const quiet = Math.round((20 * count) / (200 - 40));
    expect(svg).toContain(`viewbox="0 0 ${count + 2 * quiet} ${count + 2 * quiet}"`);
  });
});
