import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountHandlers, loginResult, memberInfo, refusal } from '../../../helpers/accounts-fixture';
import { renderApp, resetShell } from '../../../helpers/render-app';

beforeEach(() => {
  resetShell();
  document.cookie = 'agent-signed-in=; max-age=0; path=/';
});

/** The hint the server reads before it paints the agent login on /agentHome (src/server/http/page-reads.ts). */
const agentHintSet = () => document.cookie.split('; ').includes('agent-signed-in=1');

const agentForm = async () => within(await screen.findByRole('region', { name: 'agent-login:formTitle' }));

describe('/agent login form (AGENT-01..AGENT-03)', () => {
  it('[AGENT-01] [AGENT-02] an agent logs in on the agent site and goes to /agentHome', async () => {
    const { user, router, api } = await renderApp({
      path: '/agent',
      accounts: true,
      handlers: { ...accountHandlers(memberInfo(1)), login: () => loginResult({}, 1) },
    });
    const form = await agentForm();
    await user.type(form.getByLabelText('auth:fields.username'), 'agent');
    await user.type(form.getByLabelText('auth:fields.password'), 'Agent#2026pass');
    await user.click(form.getByRole('button', { name: 'auth:agent.submit' }));
    await screen.findByRole('navigation', { name: 'shell:screens.agentHome' });
    expect(router.location.pathname).toBe('/agentHome');
    expect(api.callsTo('login')[0]?.body).toMatchObject({ type: 'username', username: 'agent', site: 'agent' });
    expect(agentHintSet()).toBe(true);
  });

  it('[AGENT-03] [ERR-05] a non-agent is refused with the NOT_AGENT message and stays on /agent', async () => {
    const { user, router } = await renderApp({
      path: '/agent',
      accounts: true,
      handlers: {
        ...accountHandlers(),
        login: () => {
          throw refusal('NOT_AGENT', 403);
        },
      },
    });
    const form = await agentForm();
    await user.type(form.getByLabelText('auth:fields.username'), 'demo');
    await user.type(form.getByLabelText('auth:fields.password'), 'Demo#2026pass');
    await user.click(form.getByRole('button', { name: 'auth:agent.submit' }));
    expect(await form.findByRole('alert')).toHaveTextContent('errors:NOT_AGENT');
    expect(router.location.pathname).toBe('/agent');
    expect(agentHintSet()).toBe(false);
  });
});
