import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OpsGame, OpsGameVendor } from '@shared/contract/operator-games';
import { ApiCallError } from '@client/lib/api-client';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { findDialog, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

const vendor = (code: string, displayName: string, overrides: Partial<OpsGameVendor> = {}): OpsGameVendor => ({
  code,
  displayName,
  provider: null,
  maintenance: false,
  active: true,
  games: [{ gameType: 'RNG', count: 2 }],
  ...overrides,
});

const game = (nodeId: number, vendorCode: string, gameName: string, overrides: Partial<OpsGame> = {}): OpsGame => ({
  nodeId,
  vendorCode,
  gameCode: `${vendorCode}_${nodeId}`,
  gameName,
  gameType: 'RNG',
  kind: 'GAME',
  isHot: false,
  maintenance: false,
  vendorMaintenance: false,
  freeTrial: false,
  playable: vendorCode === 'HOUSE',
  ...overrides,
});

/** A small catalogue server: the four game management calls over in-memory vendors and games. */
const catalogueServer = (vendors: OpsGameVendor[], games: OpsGame[]): FakeHandlers => ({
  opsGameVendors: () => vendors.map((v) => ({ ...v })),
  opsSetVendorMaintenance: ({ body }) => {
    const found = vendors.find((v) => v.code === body!.vendorCode)!;
    found.maintenance = body!.maintenance;
    for (const g of games) if (g.vendorCode === found.code) g.vendorMaintenance = found.maintenance;
    return { ...found };
  },
  opsGames: ({ query }) => {
    const pageNo = Number(query?.pageNo ?? 1);
    const pageSize = Number(query?.pageSize ?? 20);
    const name = query?.gameName?.toLowerCase();
    const matching = games.filter(
      (g) =>
        (!query?.vendorCode || g.vendorCode === query.vendorCode) &&
        (!query?.gameType || g.gameType === query.gameType) &&
        (!name || g.gameName.toLowerCase().includes(name)) &&
        (query?.maintenance === undefined || g.maintenance === (query.maintenance === 'true')),
    );
    return {
      list: matching.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((g) => ({ ...g })),
      pageNum: pageNo,
      totalPages: Math.ceil(matching.length / pageSize),
      total: matching.length,
    };
  },
  opsUpdateGame: ({ body }) => {
    const found = games.find((g) => g.nodeId === body!.nodeId)!;
    if (body!.maintenance !== undefined) found.maintenance = body!.maintenance;
    if (body!.isHot !== undefined) found.isHot = body!.isHot;
    return { ...found };
  },
});

const table = (caption: string) => screen.getByRole('table', { name: caption });
/** The row of a table holding this exact text. */
const rowOf = async (caption: string, text: string) => {
  const cell = await within(await screen.findByRole('table', { name: caption })).findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row holds "${text}"`);
  return within(row);
};
const vendorRow = (name: string) => rowOf('operator:games.vendors', name);
const gameRow = (name: string) => rowOf('operator:games.games', name);
const lastGamesQuery = (calls: { query?: unknown }[]) => calls.at(-1)?.query;

describe('operator console: games', () => {
  it('[ERR-24] opens from the menu; a vendor goes under maintenance only once the operator confirms, and the list shows it', async () => {
    const vendors = [vendor('HOUSE', 'House Originals', { provider: 'HOUSE' }), vendor('PG', 'PG Soft')];
    const { user, opsApi } = await renderOps({ path: '/ops', handlers: { ...catalogueServer(vendors, [game(1, 'HOUSE', 'Neon Fruits')]), opsSystemStatus: () => ({ maintenance: false, regionBlockCount: 0 }) } });
    await user.click(await screen.findByRole('link', { name: 'operator:nav.games' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'operator:nav.games' })).toBeInTheDocument();

    const pg = await vendorRow('PG Soft');
    expect(pg.getByText('operator:games.notConnected')).toBeInTheDocument();
    expect((await vendorRow('House Originals')).getByText('operator:games.connected')).toBeInTheDocument();

    await user.click(pg.getByRole('button', { name: 'operator:games.startMaintenance' }));
    let dialog = await findDialog('operator:games.vendorOnTitle');
    await user.click(within(dialog).getByRole('button', { name: 'common:actions.cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opsApi.callsTo('opsSetVendorMaintenance')).toEqual([]);

    await user.click(pg.getByRole('button', { name: 'operator:games.startMaintenance' }));
    dialog = await findDialog('operator:games.vendorOnTitle');
    expect(within(dialog).getByText('PG')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'operator:games.startMaintenance' }));
    expect(await (await vendorRow('PG Soft')).findByRole('button', { name: 'operator:games.endMaintenance' })).toBeInTheDocument();
    expect((await vendorRow('PG Soft')).getByText('operator:games.on')).toBeInTheDocument();
    expect(opsApi.callsTo('opsSetVendorMaintenance')).toEqual([{ body: { vendorCode: 'PG', maintenance: true } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  const filterVendors = [vendor('HOUSE', 'House Originals', { provider: 'HOUSE' }), vendor('PG', 'PG Soft')];
  const filterGames = () => [
    game(1, 'HOUSE', 'Neon Fruits', { isHot: true }),
    game(2, 'PG', 'Ocean King', { gameType: 'FISH' }),
    game(3, 'PG', 'Dragon Riches', { maintenance: true }),
    ...Array.from({ length: 22 }, (_, i) => game(10 + i, 'PG', `Lucky Spin ${i + 1}`)),
  ];

  it('pages through the whole catalogue', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=games', handlers: catalogueServer(filterVendors, filterGames()) });
    expect(await screen.findByText('Neon Fruits')).toBeInTheDocument();
    expect(lastGamesQuery(opsApi.callsTo('opsGames'))).toEqual({ pageNo: 1, pageSize: 20, vendorCode: undefined, gameType: undefined, gameName: undefined, maintenance: undefined });
    await user.click(screen.getByRole('button', { name: 'operator:pager.next' }));
    expect(await screen.findByText('Lucky Spin 22')).toBeInTheDocument();
    expect(screen.queryByText('Neon Fruits')).not.toBeInTheDocument();
    expect(lastGamesQuery(opsApi.callsTo('opsGames'))).toMatchObject({ pageNo: 2 });
  });

  it('filters by vendor and category, going back to page 1', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=games', handlers: catalogueServer(filterVendors, filterGames()) });
    await screen.findByText('Neon Fruits');
    await user.click(screen.getByRole('button', { name: 'operator:pager.next' }));
    await screen.findByText('Lucky Spin 22');

    await user.selectOptions(screen.getByRole('combobox', { name: 'operator:games.vendorFilter' }), 'PG');
    await screen.findByText('Ocean King');
    expect(within(table('operator:games.games')).queryByText('Neon Fruits')).not.toBeInTheDocument();
    expect(lastGamesQuery(opsApi.callsTo('opsGames'))).toMatchObject({ pageNo: 1, vendorCode: 'PG' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'operator:games.categoryFilter' }), 'FISH');
    await waitFor(() => expect(within(table('operator:games.games')).queryByText('Dragon Riches')).not.toBeInTheDocument());
    expect(within(table('operator:games.games')).getByText('Ocean King')).toBeInTheDocument();
    expect(lastGamesQuery(opsApi.callsTo('opsGames'))).toMatchObject({ vendorCode: 'PG', gameType: 'FISH' });

    await user.click((await vendorRow('House Originals')).getByRole('button', { name: 'operator:games.showGames' }));
    expect(screen.getByRole('combobox', { name: 'operator:games.vendorFilter' })).toHaveValue('HOUSE');
    expect(lastGamesQuery(opsApi.callsTo('opsGames'))).toMatchObject({ vendorCode: 'HOUSE', gameType: 'FISH' });
    expect(await screen.findByText('operator:games.none')).toBeInTheDocument();
  });

  it('searches by trimmed name and shows only games under maintenance', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=games', handlers: catalogueServer(filterVendors, filterGames()) });
    await screen.findByText('Neon Fruits');
    await user.click(screen.getByRole('searchbox', { name: 'operator:games.nameSearch' }));
    await user.paste('  sPiN 2 ');
    await user.click(screen.getByRole('button', { name: 'operator:list.search' }));
    await waitFor(() => expect(within(table('operator:games.games')).queryByText('Neon Fruits')).not.toBeInTheDocument());
    expect(within(table('operator:games.games')).getByText('Lucky Spin 22')).toBeInTheDocument();
    expect(lastGamesQuery(opsApi.callsTo('opsGames'))).toMatchObject({ pageNo: 1, gameName: 'sPiN 2' });

    await user.clear(screen.getByRole('searchbox', { name: 'operator:games.nameSearch' }));
    await user.click(screen.getByRole('button', { name: 'operator:list.search' }));
    await user.click(screen.getByRole('checkbox', { name: 'operator:games.maintenanceOnly' }));
    expect(lastGamesQuery(opsApi.callsTo('opsGames'))).toEqual(expect.objectContaining({ gameName: undefined, maintenance: 'true' }));
    expect(await (await gameRow('Dragon Riches')).findByText('operator:games.underMaintenance')).toBeInTheDocument();
    expect(within(table('operator:games.games')).getAllByRole('row')).toHaveLength(2);
  });

  it('[ERR-24] [API-38] a game goes under maintenance and is marked hot, each after a confirmation, and the row shows it', async () => {
    const games = [game(1, 'HOUSE', 'Neon Fruits'), game(2, 'HOUSE', 'Rocket Crash')];
    const { user, opsApi } = await renderOps({ path: '/ops?page=games', handlers: catalogueServer([vendor('HOUSE', 'House Originals', { provider: 'HOUSE' })], games) });

    await user.click((await gameRow('Neon Fruits')).getByRole('button', { name: 'operator:games.startMaintenance' }));
    let dialog = await findDialog('operator:games.gameOnTitle');
    expect(within(dialog).getByText('HOUSE_1')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'operator:games.startMaintenance' }));
    expect(await (await gameRow('Neon Fruits')).findByText('operator:games.underMaintenance')).toBeInTheDocument();
    expect((await gameRow('Rocket Crash')).queryByText('operator:games.underMaintenance')).not.toBeInTheDocument();

    await user.click((await gameRow('Rocket Crash')).getByRole('button', { name: 'operator:games.markHot' }));
    dialog = await findDialog('operator:games.hotOnTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:games.markHot' }));
    expect(await (await gameRow('Rocket Crash')).findByRole('button', { name: 'operator:games.unmarkHot' })).toBeInTheDocument();
    expect((await gameRow('Rocket Crash')).getByText('operator:games.hot')).toBeInTheDocument();

    await user.click((await gameRow('Neon Fruits')).getByRole('button', { name: 'operator:games.endMaintenance' }));
    dialog = await findDialog('operator:games.gameOffTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:games.endMaintenance' }));
    expect(await (await gameRow('Neon Fruits')).findByRole('button', { name: 'operator:games.startMaintenance' })).toBeInTheDocument();

    expect(opsApi.callsTo('opsUpdateGame')).toEqual([
      { body: { nodeId: 1, maintenance: true } },
      { body: { nodeId: 2, isHot: true } },
      { body: { nodeId: 1, maintenance: false } },
    ]);
  });

  it('a refused change keeps its dialog open with the reason translated, and the row unchanged', async () => {
    const { user } = await renderOps({
      path: '/ops?page=games',
      handlers: {
        ...catalogueServer([vendor('HOUSE', 'House Originals', { provider: 'HOUSE' })], [game(1, 'HOUSE', 'Neon Fruits')]),
        opsUpdateGame: () => {
          throw new ApiCallError('NOT_FOUND', 404, 'No game 1');
        },
      },
    });
    await user.click((await gameRow('Neon Fruits')).getByRole('button', { name: 'operator:games.markHot' }));
    const dialog = await findDialog('operator:games.hotOnTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:games.markHot' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('errors:NOT_FOUND');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect((await gameRow('Neon Fruits')).queryByText('operator:games.hot')).not.toBeInTheDocument();
  });
});
