import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Banner } from '@shared/contract/system';
import type { AccessLock, JobIncident, OutboxMessage, RegionBlock } from '@shared/contract/operator';
import { ApiCallError } from '@client/lib/api-client';
import { findDialog, inRow, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

const announcement = (id: number, title: string, overrides: Record<string, unknown> = {}) => ({
  id,
  type: 'PL',
  title,
  content: '<p>Hello <strong>players</strong></p>',
  promotionType: null,
  execution: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  active: true,
  startsAt: null,
  endsAt: null,
  audience: 'ALL' as const,
  ...overrides,
});

describe('operator console: announcements and popups', () => {
  // Types about 50 characters key by key: over 4 s on this machine alone, so it gets more than the default 5 s.
  it('[MSG-01] [MSG-08] a popup needs an execution code; publishing sends the form and refreshes the list', { timeout: 15_000 }, async () => {
    const list = [announcement(1, 'Welcome')];
    const { user, opsApi } = await renderOps({
      path: '/ops?page=announcements',
      handlers: {
        opsAnnouncements: () => [...list],
        opsPublishAnnouncement: ({ body }) => {
          const created = announcement(2, body!.title, { type: body!.type, execution: body!.execution ?? null, content: body!.content });
          list.unshift(created);
          return created;
        },
      },
    });
    await screen.findByRole('cell', { name: 'Welcome' });
    await user.click(screen.getByRole('button', { name: 'operator:announcements.new' }));
    const dialog = await findDialog('operator:announcements.newTitle');
    await user.selectOptions(within(dialog).getByLabelText('operator:announcements.type'), 'PU');
    await user.click(within(dialog).getByRole('button', { name: 'operator:announcements.publish' }));
    expect(within(dialog).getByText('operator:announcements.executionRequired')).toBeInTheDocument();
    expect(within(dialog).getAllByText('operator:fields.required')).toHaveLength(2);
    expect(opsApi.callsTo('opsPublishAnnouncement')).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('operator:announcements.execution'), 'F');
    await user.type(within(dialog).getByLabelText('operator:announcements.titleField'), 'First deposit bonus');
    await user.type(within(dialog).getByLabelText('operator:announcements.content'), '<p>Double your first deposit</p>');
    await user.click(within(dialog).getByRole('button', { name: 'operator:announcements.publish' }));
    expect(await screen.findByRole('cell', { name: 'First deposit bonus' })).toBeInTheDocument();
    expect(opsApi.callsTo('opsPublishAnnouncement')).toEqual([
      {
        body: {
          type: 'PU',
          execution: 'F',
          title: 'First deposit bonus',
          content: '<p>Double your first deposit</p>',
          promotionType: undefined,
          startsAt: undefined,
          endsAt: undefined,
        },
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('taking an announcement down asks first, then calls opsWithdrawAnnouncement with its id', async () => {
    let active = true;
    const { user, opsApi } = await renderOps({
      path: '/ops?page=announcements',
      handlers: {
        opsAnnouncements: () => [announcement(9, 'Old news', { active })],
        opsWithdrawAnnouncement: ({ query }) => {
          active = false;
          return announcement(Number(query?.id), 'Old news', { active });
        },
      },
    });
    await screen.findByRole('cell', { name: 'Old news' });
    await user.click(inRow('Old news').getByRole('button', { name: 'operator:announcements.takeDown' }));
    const dialog = await findDialog('operator:announcements.takeDownTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:announcements.takeDown' }));
    expect(await inRow('Old news').findByText('operator:announcements.inactive')).toBeInTheDocument();
    expect(opsApi.callsTo('opsWithdrawAnnouncement')).toEqual([{ query: { id: 9 } }]);
  });

  it('reading an announcement shows its HTML without scripts', async () => {
    const { user } = await renderOps({
      path: '/ops?page=announcements',
      handlers: { opsAnnouncements: () => [announcement(3, 'Rules', { content: '<p>Play fair</p><script>window.hacked = 1</script>' })] },
    });
    await screen.findByRole('cell', { name: 'Rules' });
    await user.click(inRow('Rules').getByRole('button', { name: 'operator:announcements.read' }));
    const dialog = await findDialog('Rules');
    expect(within(dialog).getByText('Play fair')).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
  });
});

describe('operator console: banners', () => {
  it('[LOBBY-08] lists banners by group, publishes into a group and takes one down', async () => {
    const banners: Banner[] = [{ id: 4, url: '/static/banners/a.png', linkageType: 'INTERNAL', linkTarget: '/promotions', groupName: 'w_home', title: 'Summer' }];
    const { user, opsApi } = await renderOps({
      path: '/ops?page=banners',
      handlers: {
        announcements: () => ({ banners: [...banners], player: [], popup: [], promotion: [] }),
        opsPublishBanner: ({ body }) => {
          const created: Banner = { id: 5, url: body!.url, linkageType: body!.linkageType ?? 'NONE', linkTarget: body!.linkTarget ?? null, groupName: body!.groupName, title: body!.title ?? '' };
          banners.push(created);
          return created;
        },
        opsRemoveBanner: ({ query }) => banners.splice(banners.findIndex((b) => b.id === query?.id), 1)[0]!,
      },
    });
    const reg = await screen.findByRole('region', { name: /operator:banners.groups.w_reg/ });
    expect(within(reg).getByText('operator:banners.none')).toBeInTheDocument();
    await user.click(within(reg).getByRole('button', { name: 'operator:banners.addTo' }));
    const dialog = await findDialog('operator:banners.newTitle');
    expect(within(dialog).getByLabelText('operator:banners.group')).toHaveValue('w_reg');
    await user.type(within(dialog).getByLabelText('operator:banners.image'), '/static/banners/reg.png');
    await user.click(within(dialog).getByRole('button', { name: 'operator:banners.publish' }));
    expect(await within(reg).findByRole('img', { name: 'operator:banners.untitled' })).toBeInTheDocument();
    expect(opsApi.callsTo('opsPublishBanner')).toEqual([
      { body: { groupName: 'w_reg', url: '/static/banners/reg.png', linkageType: 'NONE', linkTarget: null, title: '' } },
    ]);

    const home = screen.getByRole('region', { name: /operator:banners.groups.w_home/ });
    await user.click(within(home).getByRole('button', { name: 'operator:banners.remove' }));
    await user.click(within(await findDialog('operator:banners.removeTitle')).getByRole('button', { name: 'operator:banners.remove' }));
    expect(await within(home).findByText('operator:banners.none')).toBeInTheDocument();
    expect(opsApi.callsTo('opsRemoveBanner')).toEqual([{ query: { id: 4 } }]);
  });
});

describe('operator console: messages and outbox', () => {
  it('sends one message to several members after a confirmation', async () => {
    const { user, opsApi } = await renderOps({
      path: '/ops?page=messages',
      handlers: {
        opsSendMessage: ({ body }) => ({
          sent: body!.accounts.map((account, i) => ({
            messageId: i + 1,
            account,
            type: body!.type ?? 'INBOX',
            title: body!.title,
            content: body!.content,
            template: null,
            params: {},
            read: false,
            createdAt: '2026-11-20T08:00:00.000Z',
          })),
        }),
      },
    });
    await user.type(await screen.findByLabelText('operator:messages.accounts'), 'player01, player02\nplayer01');
    await user.type(screen.getByLabelText('operator:messages.titleField'), 'Maintenance tonight');
    await user.type(screen.getByLabelText('operator:messages.content'), 'From 01:00 to 02:00.');
    await user.click(screen.getByRole('button', { name: 'operator:messages.review' }));
    const dialog = await findDialog('operator:messages.confirmTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:messages.send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('operator:messages.sent');
    expect(opsApi.callsTo('opsSendMessage')).toEqual([
      { body: { accounts: ['player01', 'player02'], type: 'INBOX', title: 'Maintenance tonight', content: 'From 01:00 to 02:00.' } },
    ]);
  });

  it('the outbox shows the newest messages first, twenty to a page', async () => {
    const messages: OutboxMessage[] = Array.from({ length: 25 }, (_, i) => ({
      id: 25 - i,
      channel: i % 2 ? 'email' : 'sms',
      recipient: `+84 90000${String(25 - i).padStart(2, '0')}`,
      subject: null,
      body: `Code ${25 - i}`,
      createdAt: new Date(Date.UTC(2026, 10, 20, 8, 25 - i)).toISOString(),
    }));
    const { user, opsApi } = await renderOps({ path: '/ops?page=outbox', handlers: { opsOutbox: () => messages } });
    expect(await screen.findByText('Code 25')).toBeInTheDocument();
    expect(opsApi.callsTo('opsOutbox')[0]?.query).toEqual({ channel: undefined, recipient: undefined, limit: 200 });
    expect(screen.queryByText('Code 5')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'operator:pager.next' }));
    expect(screen.getByText('Code 5')).toBeInTheDocument();
    expect(screen.queryByText('Code 25')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'operator:outbox.sms' }));
    expect(opsApi.callsTo('opsOutbox').at(-1)?.query).toMatchObject({ channel: 'sms' });
  });
});

describe('operator console: access locks, region blocks, audit log', () => {
  it('[ERR-23] unlocking a locked address calls opsAccessUnlock with its subject and refreshes the list', async () => {
    let locks: AccessLock[] = [{ subject: 'ip:198.51.100.9', lockedUntil: '2026-11-20T09:00:00.000Z', reason: 'failed logins' }];
    const { user, opsApi } = await renderOps({
      path: '/ops?page=accessLocks',
      handlers: {
        opsAccessLocks: () => locks,
        opsAccessUnlock: ({ query }) => {
          locks = locks.filter((l) => l.subject !== query?.subject);
          return null;
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'operator:locks.unlock' }));
    await user.click(within(await findDialog('operator:locks.unlockTitle')).getByRole('button', { name: 'operator:locks.unlock' }));
    expect(await screen.findByText('operator:locks.none')).toBeInTheDocument();
    expect(opsApi.callsTo('opsAccessUnlock')).toEqual([{ query: { subject: 'ip:198.51.100.9' } }]);
  });

  it('lists the items background jobs set aside, with their problem and how often it happened', async () => {
    const incidents: JobIncident[] = [
      {
        job: 'lottery-draws',
        subject: 'lottery-ticket:42',
        problem: 'Bet TCG_SEA:LT-1 was rolled back',
        occurrences: 1,
        firstAt: '2026-11-20T09:00:00.000Z',
        lastAt: '2026-11-20T09:00:00.000Z',
      },
    ];
    await renderOps({ path: '/ops?page=jobIncidents', handlers: { opsJobIncidents: () => incidents } });
    const table = await screen.findByRole('table', { name: 'operator:nav.jobIncidents' });
    expect(within(table).getByText('lottery-ticket:42')).toBeInTheDocument();
    expect(within(table).getByText('Bet TCG_SEA:LT-1 was rolled back')).toBeInTheDocument();
  });

  it('[SHELL-49] a region block is checked before it is sent, added, and removed after a confirmation', async () => {
    let blocks: RegionBlock[] = [];
    const { user, opsApi } = await renderOps({
      path: '/ops?page=regionBlocks',
      handlers: {
        opsRegionBlocks: () => blocks,
        opsAddRegionBlock: ({ body }) => {
          if (blocks.some((b) => b.value === body!.value)) throw new ApiCallError('CONFLICT', 409, 'already blocked');
          const block: RegionBlock = { id: blocks.length + 1, kind: body!.kind, value: String(body!.value), note: body!.note ?? '', createdAt: '2026-11-20T08:00:00.000Z' };
          blocks = [...blocks, block];
          return block;
        },
        opsRemoveRegionBlock: ({ query }) => {
          const removed = blocks.find((b) => b.id === query?.id)!;
          blocks = blocks.filter((b) => b !== removed);
          return removed;
        },
      },
    });
    await user.type(await screen.findByLabelText('operator:regions.values.cidr'), '203.0.113.0/33');
    await user.click(screen.getByRole('button', { name: 'operator:regions.block' }));
    expect(screen.getByText('operator:regions.invalid.cidr')).toBeInTheDocument();
    expect(opsApi.callsTo('opsAddRegionBlock')).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'operator:regions.kinds.country' }));
    await user.type(screen.getByLabelText('operator:regions.values.country'), 'vn');
    await user.click(screen.getByRole('button', { name: 'operator:regions.block' }));
    expect(await screen.findByRole('cell', { name: 'VN' })).toBeInTheDocument();
    expect(opsApi.callsTo('opsAddRegionBlock')).toEqual([{ body: { kind: 'country', value: 'VN', note: '' } }]);

    await user.type(screen.getByLabelText('operator:regions.values.country'), 'VN');
    await user.click(screen.getByRole('button', { name: 'operator:regions.block' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('errors:CONFLICT');

    await user.click(inRow('VN').getByRole('button', { name: 'operator:regions.remove' }));
    await user.click(within(await findDialog('operator:regions.removeTitle')).getByRole('button', { name: 'operator:regions.remove' }));
    expect(await screen.findByText('operator:regions.none')).toBeInTheDocument();
    expect(opsApi.callsTo('opsRemoveRegionBlock')).toEqual([{ query: { id: 1 } }]);
  });

  it('the audit log is read page by page', async () => {
    const { user, opsApi } = await renderOps({
      path: '/ops?page=auditLog',
      handlers: {
        opsAuditLog: ({ query }) => {
          const pageNo = Number(query?.pageNo ?? 1);
          return {
            list: [
              {
                id: 100 - pageNo,
                actorKind: 'operator',
                actorId: '1',
                action: pageNo === 2 ? 'region.block.add' : 'system.maintenance',
                detail: { from: false, to: true },
                ip: '127.0.0.1',
                createdAt: '2026-11-20T08:00:00.000Z',
              },
            ],
            pageNum: pageNo,
            totalPages: 2,
            total: 21,
          };
        },
      },
    });
    expect(await screen.findByRole('cell', { name: 'system.maintenance' })).toBeInTheDocument();
    expect(screen.getByText('{"from":false,"to":true}')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'operator:pager.next' }));
    expect(await screen.findByRole('cell', { name: 'region.block.add' })).toBeInTheDocument();
    expect(opsApi.callsTo('opsAuditLog').map((c) => c.query?.pageNo)).toEqual([1, 2]);
  });
});
