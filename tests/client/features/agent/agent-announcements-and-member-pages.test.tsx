import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Announcement } from '@shared/contract/messages';
import type { BodyInputOf } from '@shared/contract/http';
import { memberPath } from '../../../helpers/member-center';
import { PLAYER, resetShell } from '../../../helpers/render-app';
import { agentPath, paged, renderAgentCenter } from './agent-kit';

beforeEach(() => {
  resetShell();
});

const announcement = (id: number, title: string): Announcement => ({
  id,
  type: 'PL',
  title,
  content: `<p>${title} <script>alert(1)</script>details</p>`,
  promotionType: null,
  execution: null,
  createdAt: '2026-11-20T08:30:05.000Z',
});

describe('agent announcements', { timeout: 30_000 }, () => {
  it('[AGENT-11] lists what operators publish for agents, 9 a page, and shows a pushed one without a reload', async () => {
    let list = [announcement(2, 'New salary tiers')];
    const pages: number[] = [];
    const { user, bus } = await renderAgentCenter({
      path: agentPath('agentAnnouncement'),
      handlers: {
        agentAnnouncements: ({ query }) => {
          pages.push(Number(query?.pageNo));
          return paged(list, { totalPages: 2, total: 10 });
        },
      },
    });
    const items = await screen.findByRole('list', { name: 'agent:announcements.list' });
    expect(within(items).getByRole('heading', { name: 'New salary tiers' })).toBeInTheDocument();
    expect(items.querySelector('script')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'records:pager.next' }));
    await waitFor(() => expect(pages.at(-1)).toBe(2));

    list = [announcement(3, 'Team contest this weekend'), ...list];
    bus.push('agentAnnouncement:new', { ...announcement(3, 'Team contest this weekend'), eventId: 50, at: '2026-11-20T09:00:00.000Z' } as never);
    expect(await screen.findByRole('heading', { name: 'Team contest this weekend' })).toBeInTheDocument();
  });
});

describe('member center pages of the agent area', { timeout: 30_000 }, () => {
  it('[WALLET-06] transferUpline sends money to the upline with the payment password and a request id', async () => {
    const bodies: BodyInputOf<'transferUpline'>[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      member: PLAYER,
      path: memberPath('transferUpline'),
      handlers: {
        uplineInfo: () => ({ upline: { account: 'agent', nickname: 'Demo Agent' }, transfersEnabled: true }),
        transferUpline: ({ body }) => {
          bodies.push(body!);
          return {
            transactionId: 80,
            entryType: 'UPLINE_TRANSFER',
            amount: Number(body!.amount),
            balance: 1184.5,
            counterparty: { memberId: 8, account: 'agent', nickname: 'Demo Agent' },
            createdAt: '2026-11-20T09:00:00.000Z',
          };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Transfer to my upline' });
    expect(within(form).getByText('To agent (Demo Agent)')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Amount'), '50');
    await user.type(within(form).getByLabelText('Payment password'), '246810');
    await user.type(within(form).getByLabelText('Remark (optional)'), 'thanks');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(await within(form).findByText(/Sent to agent/)).toHaveTextContent('1,184.50');
    expect(bodies).toEqual([{ amount: 50, paymentPassword: '246810', remark: 'thanks', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });

  it('[WALLET-06] transferUpline says so when there is no upline, or transfers are off, instead of a form', async () => {
    await renderAgentCenter({
      lng: 'en',
      member: PLAYER,
      path: memberPath('transferUpline'),
      handlers: { uplineInfo: () => ({ upline: { account: 'agent', nickname: '' }, transfersEnabled: false }) },
    });
    expect(await screen.findByText('Transfers to the upline are not offered on this site.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('[MEMBER-18] [SHELL-36] the referral page shows the member\'s invitation link and QR code while referral is on', async () => {
    await renderAgentCenter({
      member: PLAYER,
      path: memberPath('referral'),
      handlers: { memberReferral: () => ({ referralCode: 'R7X2', link: 'https://demo.example.test/register?referralCode=R7X2', invited: 3 }) },
    });
    const card = await screen.findByRole('region', { name: 'agent:referral.memberTitle' });
    expect(within(card).getByRole('link', { name: 'https://demo.example.test/register?referralCode=R7X2' })).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('img', { name: 'agent:referral.qr' })).toBeInTheDocument());
  });

  it('[SHELL-36] with referral off the page says it is not offered and asks for no link', async () => {
    const { api } = await renderAgentCenter({
      member: PLAYER,
      path: memberPath('referral'),
      permission: { availablePromo: [{ type: 'REFERRAL', enabled: false }] },
      handlers: { memberReferral: () => ({ referralCode: 'R7X2', link: 'x', invited: 0 }) },
    });
    expect(await screen.findByText('agent:referral.off')).toBeInTheDocument();
    expect(api.callsTo('memberReferral')).toHaveLength(0);
  });
});
