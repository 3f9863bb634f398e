import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BodyInputOf } from '@shared/contract/http';
import type { DownlineMember } from '@shared/contract/agent';
import { cheapBotChallenge, refusal } from '../../../helpers/accounts-fixture';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { resetShell } from '../../../helpers/render-app';
import { agentPath, renderAgentCenter } from './agent-kit';

beforeEach(() => {
  resetShell();
});

const registered = (over: Partial<DownlineMember> = {}): DownlineMember => ({
  memberId: 40,
  account: 'newplayer',
  nickname: '',
  type: 0,
  kind: 'MEMBER',
  level: 1,
  uplineAccount: 'agent01',
  status: 'ACTIVE',
  registeredAt: '2026-11-20T08:00:00.000Z',
  lastLoginAt: null,
  balance: 0,
  teamSize: 0,
  ...over,
});

const openRegisterCenter = async (handlers: FakeHandlers = {}, flags: Record<string, boolean> = {}) => {
  const app = await renderAgentCenter({
    path: agentPath('registerCenter'),
    permission: { flags: { USERNAMEREG3: true, ...flags }, registrationFieldRules: {} },
    handlers: {
      registerSettings: () => ({ affiliateCode: { enabled: true, required: true } }),
      botChallenge: () => cheapBotChallenge(),
      countryCodes: () => [{ countryCode: 'VN', countryDialingCode: '84', name: 'Vietnam' }],
      agentReferral: () => ({ affiliateCode: 'AGENT2026', link: 'https://demo.example.test/register?affiliateCode=AGENT2026', directMembers: 4, registeredWithCode: 1 }),
      ...handlers,
    },
  });
  await screen.findByRole('button', { name: 'registration:submit' });
  return app;
};

describe('registerCenter', { timeout: 30_000 }, () => {
  it('[AGENT-09] [VAL-29] checks the fields with the player registration rules before anything is sent', async () => {
    const { user, api } = await openRegisterCenter({ agentRegister: () => registered() });
    await user.click(screen.getByRole('button', { name: 'registration:submit' }));
    expect(await screen.findAllByText(/^validation:/)).not.toHaveLength(0);
    expect(screen.getByLabelText('registration:fields.username')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('agentRegister')).toHaveLength(0);
    expect(api.callsTo('botChallenge')).toHaveLength(0);
    // The agent is the upline: no invitation code to type, even where players must give one.
    expect(screen.queryByLabelText('registration:fields.affiliateCode')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'registration:loginNow' })).not.toBeInTheDocument();
  });

  it('[AGENT-09] registers a sub-agent after the bot-check, as the agent\'s own call, and the agent stays on the page', async () => {
    const bodies: BodyInputOf<'agentRegister'>[] = [];
    const { user, api, router } = await openRegisterCenter({
      agentRegister: ({ body }) => {
        bodies.push(body!);
        return registered({ kind: 'AGENT', type: 1 });
      },
    });
    await user.click(within(screen.getByRole('group', { name: 'agent:register.kind' })).getByRole('button', { name: 'agent:register.kinds.AGENT' }));
    await user.type(screen.getByLabelText('registration:fields.username'), 'newplayer');
    await user.type(screen.getByLabelText('registration:fields.password'), 'Str0ng#pass');
    await user.type(screen.getByLabelText('registration:fields.confirmPassword'), 'Str0ng#pass');
    await user.click(screen.getByRole('button', { name: 'registration:submit' }));
    expect(await screen.findByText('agent:register.done.AGENT')).toBeInTheDocument();
    expect(api.callsTo('botChallenge')).toHaveLength(1);
    expect(api.callsTo('register')).toHaveLength(0);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ username: 'newplayer', password: 'Str0ng#pass', confirmPassword: 'Str0ng#pass', accountKind: 'AGENT', termsAccepted: true, registerMethod: 'WEB' });
    expect(bodies[0]!.botCheck).toEqual(expect.any(String));
    expect(bodies[0]).not.toHaveProperty('login');
    expect(bodies[0]).not.toHaveProperty('affiliateCode');
    expect(router.location.search).toBe('?page=registerCenter');

    await user.click(screen.getByRole('button', { name: 'agent:register.another' }));
    expect(await screen.findByLabelText('registration:fields.username')).toHaveValue('');
  });

  it('[AGENT-09] a name already taken is shown on the form and nothing else changes', async () => {
    const { user } = await openRegisterCenter({
      agentRegister: () => {
        throw refusal('USERNAME_TAKEN', 409);
      },
    });
    await user.type(screen.getByLabelText('registration:fields.username'), 'lannguyen');
    await user.type(screen.getByLabelText('registration:fields.password'), 'Str0ng#pass');
    await user.type(screen.getByLabelText('registration:fields.confirmPassword'), 'Str0ng#pass');
    await user.click(screen.getByRole('button', { name: 'registration:submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('errors:USERNAME_TAKEN');
    expect(screen.queryByText(/agent:register\.done/)).not.toBeInTheDocument();
  });

  it('[AGENT-13] shows the agent\'s referral link, its QR code and a copy button', async () => {
    const { user } = await openRegisterCenter();
    const card = await screen.findByRole('region', { name: 'agent:referral.agentTitle' });
    expect(within(card).getByRole('link', { name: 'https://demo.example.test/register?affiliateCode=AGENT2026' })).toBeInTheDocument();
    expect(within(card).getByText('AGENT2026')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('img', { name: 'agent:referral.qr' })).toBeInTheDocument());
    await user.click(within(card).getByRole('button', { name: 'agent:referral.copy' }));
    expect(await within(card).findByText('agent:referral.copied.done')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('https://demo.example.test/register?affiliateCode=AGENT2026');
  });
});
