import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Announcement } from '@shared/contract/messages';
import type { QueryInputOf, ResponseOf } from '@shared/contract/http';
import { accountHandlers, loginResult, storeSession } from '../../../helpers/accounts-fixture';
import { createFakeBus } from '../../../helpers/fake-bus';
import { renderMemberCenter } from '../../../helpers/member-center';
import { announcement } from '../../../helpers/money-fixtures';
import { resetShell } from '../../../helpers/render-app';

beforeEach(() => {
  resetShell();
});

const popups = [
  announcement({ id: 1, title: 'Members only', execution: 'A' }),
  announcement({ id: 2, title: 'Visitors welcome', execution: 'B', promotionType: 'FIRST_DEPOSIT' }),
  announcement({ id: 3, title: 'First time here', execution: 'F' }),
];

const announcementsOf = (over: Partial<ResponseOf<'announcements'>> = {}) => {
  const queries: QueryInputOf<'announcements'>[] = [];
  return {
    queries,
    handler: ({ query }: { query?: QueryInputOf<'announcements'> }) => {
      queries.push(query!);
      return { banners: [], player: [], popup: popups, promotion: [], ...over };
    },
  };
};

/**
 * The real session and popup queue (startAccounts, with its own socket) on a fake API, the member
 * center on a fake bus; a guest unless a session is stored.
 */
const renderSite = async (announcements: ReturnType<typeof announcementsOf>, extra: Parameters<typeof renderMemberCenter>[0] = {}) => {
  return renderMemberCenter({
    lng: 'en',
    member: undefined,
    accounts: true,
    ...extra,
    handlers: { ...accountHandlers(), announcements: announcements.handler, ...extra.handlers },
  });
};

const publicModal = () => screen.findByRole('dialog', { name: 'Announcements' });
const titles = async () => within(await screen.findByRole('navigation', { name: 'Announcements' })).getAllByRole('button').filter((b) => b.classList.contains('announcement-browser__title')).map((b) => b.textContent);

describe('announcement popups by execution code (MSG-08, MSG-09) through the UI', () => {
  it('[MSG-08] [API-56] a visitor gets the B popups only, loaded with types B,PL,PU,PR, execution B, platform W', async () => {
    const announcements = announcementsOf();
    await renderSite(announcements);
    await publicModal();
    expect(await titles()).toEqual(['Visitors welcome']);
    expect(announcements.queries[0]).toEqual({ types: 'B,PL,PU,PR', execution: 'B', platform: 'W' });
  });

  it('[MSG-09] closing the popup sets ANONYMOUS_POPUP=closed, and the next page of the tab shows none', async () => {
    const { user, unmount } = await renderSite(announcementsOf());
    const dialog = await publicModal();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('ANONYMOUS_POPUP')).toBe('closed');
    unmount();
    resetShell();
    window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
    const again = announcementsOf();
    await renderSite(again);
    await waitFor(() => expect(again.queries.filter((query) => query.execution === 'B')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Announcements' })).not.toBeInTheDocument();
  });

  it('[MSG-08] [API-56] a restored member session gets the A popups (not F), loaded with types B,PL,PU,PR,H', async () => {
    storeSession();
    const announcements = announcementsOf();
    await renderSite(announcements);
    await waitFor(() => expect(announcements.queries.some((q) => q.types === 'B,PL,PU,PR,H')).toBe(true));
    await publicModal();
    expect(await titles()).toEqual(['Members only']);
    expect(announcements.queries.find((q) => q.types === 'B,PL,PU,PR,H')).toEqual({ types: 'B,PL,PU,PR,H', platform: 'W' });
  });

  it('[MSG-08] a first-time login through the login popup gets the A and F popups', async () => {
    const announcements = announcementsOf();
    const { user } = await renderSite(announcements, { path: '/login', handlers: { login: () => loginResult({ firstTimeLogin: true }) } });
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    // The form shows once its texts (the auth namespace) are in.
    await user.type(await within(login).findByLabelText(/Username/), 'player01');
    await user.type(within(login).getByLabelText(/^Password/), 'Secret#2026');
    await user.click(within(login).getByRole('button', { name: 'Log in' }));
    await waitFor(async () => expect(await titles()).toEqual(['Members only', 'First time here']));
  });

  it('[MSG-08] the visitor popup waits while the login popup is open, and shows once it is closed', async () => {
    const announcements = announcementsOf();
    const { user } = await renderSite(announcements, { path: '/login' });
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await waitFor(() => expect(announcements.queries.some((q) => q.execution === 'B')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Announcements' })).not.toBeInTheDocument();
    await user.click(within(login).getByRole('button', { name: 'Close' }));
    await publicModal();
    expect(await titles()).toEqual(['Visitors welcome']);
  });

  it('[MSG-08] [SHELL-18] the visitor popup waits on the agent login, which shows only itself, and opens once the visitor goes to the site', async () => {
    const announcements = announcementsOf();
    const { router } = await renderSite(announcements, { path: '/agent' });
    await screen.findByRole('region', { name: 'Agent login' });
    await waitFor(() => expect(announcements.queries.some((q) => q.execution === 'B')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Announcements' })).not.toBeInTheDocument();
    await act(() => router.navigate('/'));
    await publicModal();
    expect(await titles()).toEqual(['Visitors welcome']);
  });

  it('[MSG-09] a member who closed the popups (USER_POPUP=closed) does not see them', async () => {
    storeSession();
    window.sessionStorage.setItem('USER_POPUP', 'closed');
    const announcements = announcementsOf();
    await renderSite(announcements);
    await waitFor(() => expect(announcements.queries.some((q) => q.types === 'B,PL,PU,PR,H')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Announcements' })).not.toBeInTheDocument();
  });
});

describe('publicModal and noticeModal (MSG-02 to MSG-07)', () => {
  it('[MSG-02] a list of titles, 9 a page, beside the chosen item’s title and sanitised HTML content', async () => {
    const many: Announcement[] = Array.from({ length: 11 }, (_, i) => announcement({ id: 10 + i, title: `Popup ${i + 1}`, execution: 'B', content: `<p>Body ${i + 1}</p>` }));
    many[1] = announcement({ id: 11, title: 'Popup 2', execution: 'B', content: '<p>Safe text</p><img src="x" onerror="window.hacked=1"><script>window.hacked=1</script>' });
    const { user } = await renderSite(announcementsOf({ popup: many }));
    const dialog = await publicModal();
    expect(await titles()).toHaveLength(9);
    expect(within(dialog).getByRole('heading', { name: 'Popup 1' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Popup 2' }));
    const detail = within(dialog).getByRole('article');
    expect(within(detail).getByText('Safe text')).toBeInTheDocument();
    expect(detail.querySelector('script')).toBeNull();
    expect(detail.querySelector('img')?.getAttribute('onerror')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(await titles()).toEqual(['Popup 10', 'Popup 11']);
    expect(within(dialog).getByRole('heading', { name: 'Popup 10' })).toBeInTheDocument();
  });

  it('[MSG-03] the go-to-promotion button shows only for an item with a promotionType, and opens the reward centre', async () => {
    const { user, router } = await renderSite(
      announcementsOf({ popup: [announcement({ id: 1, title: 'Plain notice', execution: 'B' }), announcement({ id: 2, title: 'Bonus inside', execution: 'B', promotionType: 'DAILY' })] }),
    );
    const dialog = await publicModal();
    expect(within(dialog).queryByRole('button', { name: 'Go to promotion' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Bonus inside' }));
    await user.click(within(dialog).getByRole('button', { name: 'Go to promotion' }));
    expect(router.location.search).toBe('?page=rewardCenter');
    expect(screen.queryByRole('dialog', { name: 'Announcements' })).not.toBeInTheDocument();
  });

  it('[MSG-06] [MSG-07] the bell counts available promotions (rewards waiting in the reward centre) plus unread messages and opens the notice modal', async () => {
    storeSession();
    window.sessionStorage.setItem('USER_POPUP', 'closed');
    const promotion = [
      announcement({ id: 7, type: 'PR', title: 'Daily rebate', execution: null, promotionType: 'REBATE', content: '<p>Claim it daily</p>' }),
      announcement({ id: 8, type: 'PR', title: 'Weekend boost', execution: null, promotionType: null }),
    ];
    const { user } = await renderSite(announcementsOf({ promotion }), {
      handlers: {
        unreadCount: () => ({ unreadMessage: 3 }),
        messageList: () => ({ list: [], pageNum: 1, totalPages: 1, total: 0, unreadMessage: 3 }),
        rewardCenter: () => ({ list: [], claimableCount: 2 }),
      },
    });
    const bell = await within(await screen.findByRole('banner')).findByRole('button', { name: 'Notifications: 5' });
    expect(bell).toHaveTextContent('5');
    await user.click(bell);
    const modal = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(modal).findByRole('tab', { name: 'Messages (3)' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(modal).getByRole('tab', { name: 'Promotions (2)' }));
    await user.click(within(modal).getByRole('button', { name: /Daily rebate/ }));
    expect(within(modal).getByText('Claim it daily')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Go to promotion' })).toBeInTheDocument();
  });

  it('[MSG-01] a pushed announcement:new reaches the notice lists at once', async () => {
    storeSession();
    window.sessionStorage.setItem('USER_POPUP', 'closed');
    const bus = createFakeBus();
    const { user } = await renderSite(announcementsOf(), { bus });
    const bell = await within(await screen.findByRole('banner')).findByRole('button', { name: /Notifications/ });
    act(() => bus.push('announcement:new', { ...announcement({ id: 99, type: 'PR', title: 'Flash promo', execution: null, promotionType: 'FLASH' }), eventId: 50, at: '2026-11-22T00:00:00.000Z' }));
    await user.click(bell);
    const modal = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(await within(modal).findByRole('tab', { name: 'Promotions (1)' }));
    expect(within(modal).getByRole('button', { name: /Flash promo/ })).toBeInTheDocument();
  });
});
