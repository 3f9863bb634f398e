import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { provideSlot } from '@client/app/slots';
import { openPopup, POPUP_KINDS } from '@client/app/stores/popups';
import { setLoggedOut } from '@client/app/stores/session-info';
import { PLAYER, renderApp, resetShell } from '../../helpers/render-app';

beforeEach(() => resetShell());

describe('mounted popups', () => {
  it('[SHELL-23] the shell mounts every modal, each closable', async () => {
    const { user } = await renderApp();
    await screen.findByTestId('index-view');
    for (const kind of POPUP_KINDS) {
      act(() => {
        if (kind === 'helpModal') openPopup('helpModal', { anchor: null });
        else if (kind === 'vendorGames') openPopup('vendorGames', { vassalage: 'JL', gameType: 'PVP', vendorName: 'JILI' });
        else openPopup(kind);
      });
      const dialog = screen.getByRole('dialog', { name: `shell:popups.${kind}` });
      await user.click(within(dialog).getByRole('button', { name: 'common:actions.close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
  });

  it('[SHELL-23] a feature fills a popup through its mount point', async () => {
    provideSlot('popup:loginPopupModal', ({ close }) => (
      <form aria-label="login form">
        <button type="button" onClick={close}>
          done
        </button>
      </form>
    ));
    const { user } = await renderApp({ path: '/login' });
    const dialog = await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });
    await user.click(within(dialog).getByRole('button', { name: 'done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('[SHELL-24] the contract popup and the socket listener are mounted only while logged in', async () => {
    provideSlot('contractPopup', () => <p>contract popup</p>);
    provideSlot('socketListener', () => <p>socket listener</p>);
    await renderApp({ member: PLAYER });
    await screen.findByTestId('index-view');
    expect(screen.getByText('contract popup')).toBeInTheDocument();
    expect(screen.getByText('socket listener')).toBeInTheDocument();
    act(() => setLoggedOut());
    expect(screen.queryByText('contract popup')).not.toBeInTheDocument();
    expect(screen.queryByText('socket listener')).not.toBeInTheDocument();
  });

  it('[SHELL-24] a guest has neither', async () => {
    provideSlot('contractPopup', () => <p>contract popup</p>);
    await renderApp();
    await screen.findByTestId('index-view');
    expect(screen.queryByText('contract popup')).not.toBeInTheDocument();
  });
});
