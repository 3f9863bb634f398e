import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MODAL_KINDS } from '@machines/app/popup-queue.types';
import { SYSTEM_IDS } from '@machines/shared/ids';
import type { PopupQueueRef } from '@client/state/app-actor';
import { createFakeBus } from '../../helpers/fake-bus';
import { PLAYER, renderApp, resetShell } from '../../helpers/render-app';

beforeEach(() => resetShell());

describe('mounted popups', () => {
  it('[SHELL-23] the shell mounts every modal, each closable', { timeout: 30_000 }, async () => {
    const { user, popups } = await renderApp();
    await screen.findByTestId('index-view');
    for (const kind of MODAL_KINDS) {
      if (kind === 'helpModal') popups.open('helpModal', { anchor: null });
      else if (kind === 'vendorGames') popups.open('vendorGames', { vassalage: 'JL', gameType: 'PVP', vendorName: 'JILI' });
      else if (kind === 'publicModal') popups.open('publicModal', { noticeId: null });
      else popups.open(kind);
      const dialog = screen.getByRole('dialog', { name: `shell:popups.${kind}` });
      await user.click(within(dialog).getByRole('button', { name: 'common:actions.close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
  });

  it('[SHELL-23] only the top popup can be reached: the one under it is inert until the top one closes', async () => {
    const { user, popups } = await renderApp();
    await screen.findByTestId('index-view');
    popups.open('noticeModal');
    popups.open('helpModal', { anchor: null });
    // A covered popup's close button cannot be clicked through the one above it, so it is not offered at all.
    expect(screen.getAllByRole('dialog').map((dialog) => dialog.getAttribute('aria-labelledby') && within(dialog).getByRole('heading').textContent)).toEqual(['shell:popups.helpModal']);
    expect(screen.getByRole('heading', { name: 'shell:popups.noticeModal', hidden: true }).closest('[inert]')).not.toBeNull();
    await user.click(within(screen.getByRole('dialog', { name: 'shell:popups.helpModal' })).getByRole('button', { name: 'common:actions.close' }));
    const notice = await screen.findByRole('dialog', { name: 'shell:popups.noticeModal' });
    expect(notice.closest('[inert]')).toBeNull();
  });

  it('[SHELL-23] a feature fills a popup from the popups table', async () => {
    const { user } = await renderApp({ path: '/login' });
    const dialog = await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });
    await user.click(await within(dialog).findByRole('button', { name: 'auth:login.forgotPassword' }));
    expect(screen.queryByRole('dialog', { name: 'shell:popups.loginPopupModal' })).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'shell:popups.forgetPassModal' })).toBeInTheDocument();
  });

  it('[SHELL-02] leaving /login closes its popup; a popup its flow closed already gets no second close', async () => {
    const { app, router, popups } = await renderApp({ path: '/login' });
    await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });
    const queue = app.system.get(SYSTEM_IDS.popupQueue) as PopupQueueRef;
    const sent = vi.spyOn(queue, 'send');
    await act(() => router.navigate('/'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'shell:popups.loginPopupModal' })).not.toBeInTheDocument());
    expect(sent.mock.calls.map(([event]) => event)).toEqual([{ type: 'modal.close', kind: 'loginPopupModal' }]);

    await act(() => router.navigate('/login'));
    await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });
    // A login done closes the popup itself (its flow), then the page goes home.
    popups.close('loginPopupModal');
    sent.mockClear();
    await act(() => router.navigate('/'));
    await screen.findByTestId('index-view');
    expect(sent.mock.calls.filter(([event]) => event.type === 'modal.close')).toEqual([]);
  }, 15_000);

  it('[SHELL-24] the socket is connected only while logged in, whatever is on screen', async () => {
    const bus = createFakeBus();
    const { signOut } = await renderApp({ member: PLAYER, bus });
    await screen.findByTestId('index-view');
    expect(bus.connected).toBe(true);
    await signOut();
    await waitFor(() => expect(bus.connected).toBe(false));
  });

  it('[SHELL-24] a guest has none', async () => {
    const bus = createFakeBus();
    await renderApp({ bus });
    await screen.findByTestId('index-view');
    expect(bus.connected).toBe(false);
  });
});
