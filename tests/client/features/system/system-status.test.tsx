import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '@client/lib/api-client';
import type { SystemStatusCode } from '@shared/contract/system';
import { imageUrl } from '@shared/image-url';
import { readPublicState } from '@client/state/app-actor';
import { createFakeBus } from '../../../helpers/fake-bus';
import { makePermission } from '../../../helpers/permission-fixture';
import { PLAYER, renderApp, resetShell } from '../../../helpers/render-app';

beforeEach(() => resetShell());

// The status endpoint is left out, so the page depends on the permission response alone.
const fromPermissionOnly = { systemStatus: undefined };

describe('system status', () => {
  it('[SHELL-46] [SHELL-50] status 0 (no flag set) renders the normal site', async () => {
    await renderApp({ handlers: fromPermissionOnly });
    expect(await screen.findByTestId('index-view')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'shell:game_maintenance' })).not.toBeInTheDocument();
  });

  it('[SHELL-46] [SHELL-48] the maintenance flag gives status 1: the maintenance page replaces the site', async () => {
    await renderApp({ path: '/live', permission: { maintenance: true }, handlers: fromPermissionOnly });
    expect(await screen.findByRole('heading', { name: 'shell:game_maintenance' })).toBeInTheDocument();
    expect(screen.getByText('shell:info_maintenance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'shell:customerService' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'common:gameTypes.LIVE' })).not.toBeInTheDocument();
  });

  it('[SHELL-46] [SHELL-49] [ERR-22] the regionRestriction flag gives status 2: the region page shows the visitor’s IP', async () => {
    await renderApp({ permission: { regionRestriction: true, location: { ip: '198.51.100.23', country: 'XX' } }, handlers: fromPermissionOnly });
    expect(await screen.findByRole('heading', { name: 'shell:blockip' })).toBeInTheDocument();
    expect(screen.getByText('shell:info_ip_block')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'shell:customerService' })).toBeInTheDocument();
    expect(screen.queryByTestId('index-view')).not.toBeInTheDocument();
  });

  it('[SHELL-49] the region page shows the IP from location.ip', async () => {
    await renderApp({ permission: { regionRestriction: true, location: { ip: '198.51.100.23', country: 'XX' } }, lng: 'en' });
    expect(await screen.findByText('Your IP address: 198.51.100.23')).toBeInTheDocument();
  });

  it('[SHELL-47] with both flags set the maintenance page renders', async () => {
    await renderApp({ permission: { maintenance: true, regionRestriction: true }, handlers: fromPermissionOnly });
    expect(await screen.findByRole('heading', { name: 'shell:game_maintenance' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'shell:blockip' })).not.toBeInTheDocument();
  });

  it('[SHELL-48] the customer-service button opens the live chat in a 440x750 window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { user } = await renderApp({ permission: { maintenance: true } });
    await user.click(await screen.findByRole('button', { name: 'shell:customerService' }));
    expect(open).toHaveBeenCalledWith('https://livechat.example.test/chat', 'cs', 'width=440,height=750');
  });

  it('[SHELL-46] a status pushed later (socket system:status) replaces the site at once, and back', async () => {
    let status: SystemStatusCode = 0;
    const bus = createFakeBus();
    await renderApp({ member: PLAYER, bus, handlers: { systemStatus: () => ({ status, maintenance: status === 1, regionRestriction: status === 2, ip: '203.0.113.7' }) } });
    await screen.findByTestId('index-view');
    // An operator changes the status; the push carries the site-wide flag and the visitor's own status is read again.
    const push = (next: SystemStatusCode) => {
      status = next;
      act(() => bus.push('system:status', { maintenance: next === 1, eventId: 0, at: '2026-11-22T00:00:00.000Z' }));
    };
    push(1);
    expect(await screen.findByRole('heading', { name: 'shell:game_maintenance' })).toBeInTheDocument();
    push(2);
    expect(await screen.findByRole('heading', { name: 'shell:blockip' })).toBeInTheDocument();
    push(0);
    expect(await screen.findByTestId('index-view')).toBeInTheDocument();
  });

  it('[ERR-18] a permission call that fails shows the network message and Retry loads the site', async () => {
    const { api, user } = await renderApp({
      handlers: {
        systemPermission: () => {
          throw new ApiCallError('NETWORK', 0, 'Network Error');
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'errors:NETWORK' })).toBeInTheDocument();
    api.handle({ systemPermission: () => makePermission() });
    await user.click(screen.getByRole('button', { name: 'common:actions.retry' }));
    expect(await screen.findByTestId('index-view')).toBeInTheDocument();
  });

  it('[SHELL-25] [AUTH-20] the permission response feeds the public state and the stored merchant code', async () => {
    const { app } = await renderApp({ permission: { merchantCode: 'M42', currencySymbol: '฿' } });
    await screen.findByTestId('index-view');
    expect(window.localStorage.getItem('merchantCode')).toBe('M42');
    expect(readPublicState(app)).toMatchObject({ currencySymbol: '฿', customerService: [expect.objectContaining({ csType: 'LIVECHAT' })] });
  });
});

describe('image CDNs', () => {
  it('[SHELL-52] a relative image path gets a host chosen at random from imageCDNs', () => {
    const cdns = ['https://img1.example.test', 'https://img2.example.test/'];
    expect(imageUrl('/games/1.png', cdns, () => 0)).toBe('https://img1.example.test/games/1.png');
    expect(imageUrl('games/1.png', cdns, () => 0.99)).toBe('https://img2.example.test/games/1.png');
  });

  it('[SHELL-52] absolute URLs stay as they are, and no configured host keeps the path on this origin', () => {
    expect(imageUrl('https://elsewhere.example.test/a.png', ['https://img1.example.test'])).toBe('https://elsewhere.example.test/a.png');
    expect(imageUrl('/static/a.png', [''])).toBe('/static/a.png');
  });
});
