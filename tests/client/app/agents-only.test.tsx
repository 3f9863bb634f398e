import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadAgentPage } from '@client/app/layouts/agent-layout';
import { PLAYER, renderApp, resetShell } from '../../helpers/render-app';

// Whether the agent center's screen module was asked for: the router imports it lazily, on first render.
const centerModule = vi.hoisted(() => ({ imported: false }));
vi.mock('@client/app/routes/agent-home', () => {
  centerModule.imported = true;
  return { default: () => null };
});

beforeEach(() => {
  resetShell();
  centerModule.imported = false;
});

describe('the agent center route (issue 15: a visitor at /agentHome waited for the center, then the login)', () => {
  for (const [who, member] of [
    ['a visitor', undefined],
    ['a player who is no agent', PLAYER],
  ] as const) {
    it(`[SHELL-05] sends ${who} to /agent without asking for the agent center's code`, async () => {
      const { router } = await renderApp({ path: '/agentHome', member });
      expect(await screen.findByRole('heading', { name: 'agent-login:title' })).toBeInTheDocument();
      expect(router.location.pathname).toBe('/agent');
      expect(centerModule.imported).toBe(false);
    });
  }
});

describe('the agent page fetched at boot (issue 15)', () => {
  // Last in the file: once fetched, the center's chunk stays fetched.
  it("fetches the center's code on /agentHome only for a tab whose session is an agent's", async () => {
    await preloadAgentPage('/agentHome');
    window.sessionStorage.setItem('token', 'member-token');
    window.sessionStorage.setItem('isAgent', 'false');
    await preloadAgentPage('/agentHome');
    window.sessionStorage.setItem('isAgent', 'true');
    await preloadAgentPage('/agent');
    expect(centerModule.imported).toBe(false);
    await preloadAgentPage('/agentHome');
    expect(centerModule.imported).toBe(true);
  });
});
