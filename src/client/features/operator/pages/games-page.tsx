import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES, VENDOR_CATEGORIES, type GameType } from '@shared/contract/games';
import type { OpsGame, OpsGameVendor } from '@shared/contract/operator-games';
import { RefreshButton, SearchBox } from '../components/list-filters';
import { ActionDialog, OpsTable, Pager, QueryView, StatusBadge } from '../components/ops-ui';
import { OrderSummary } from '../components/order-summary';
import { OPS_PAGE_SIZE, useOpsAction, useOpsQuery } from '../ops-api';

const isGameType = (value: string): value is GameType => (GAME_TYPES as readonly string[]).includes(value);

/** The change waiting for the operator's confirmation. */
type PendingChange =
  | { kind: 'vendorMaintenance'; vendor: OpsGameVendor; on: boolean }
  | { kind: 'gameMaintenance'; game: OpsGame; on: boolean }
  | { kind: 'hot'; game: OpsGame; on: boolean };

interface GameFilters {
  vendorCode: string;
  gameType: string;
  gameName: string;
  maintenanceOnly: boolean;
}

const NO_FILTERS: GameFilters = { vendorCode: '', gameType: '', gameName: '', maintenanceOnly: false };

/**
 * The game catalogue: vendors and games under maintenance (players then get the game-maintenance
 * screen with other hot games), and the hot flag of each game. Every change asks first.
 */
export function GamesPage() {
  const { t } = useTranslation(['operator', 'common']);
  const act = useOpsAction();
  const [filters, setFilters] = useState<GameFilters>(NO_FILTERS);
  const [pageNo, setPageNo] = useState(1);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const vendors = useOpsQuery('opsGameVendors');
  const games = useOpsQuery('opsGames', {
    query: {
      pageNo,
      pageSize: OPS_PAGE_SIZE,
      vendorCode: filters.vendorCode || undefined,
      gameType: filters.gameType || undefined,
      gameName: filters.gameName || undefined,
      maintenance: filters.maintenanceOnly ? 'true' : undefined,
    },
  });

  const filter = (change: Partial<GameFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPageNo(1);
  };
  const categoryName = (code: string) => (isGameType(code) ? t(`common:gameTypes.${code}`) : code);
  const vendorName = (code: string) => vendors.data?.find((v) => v.code === code)?.displayName ?? code;

  const copy = (change: PendingChange): { title: string; confirm: string; text: string } => {
    switch (change.kind) {
      case 'vendorMaintenance': {
        const name = change.vendor.displayName;
        return change.on
          ? { title: t('games.vendorOnTitle', { name }), confirm: t('games.startMaintenance'), text: t('games.vendorOnText') }
          : { title: t('games.vendorOffTitle', { name }), confirm: t('games.endMaintenance'), text: t('games.vendorOffText') };
      }
      case 'gameMaintenance':
        return change.on
          ? { title: t('games.gameOnTitle'), confirm: t('games.startMaintenance'), text: t('games.gameOnText') }
          : { title: t('games.gameOffTitle'), confirm: t('games.endMaintenance'), text: t('games.gameOffText') };
      case 'hot':
        return change.on
          ? { title: t('games.hotOnTitle'), confirm: t('games.markHot'), text: t('games.hotOnText') }
          : { title: t('games.hotOffTitle'), confirm: t('games.unmarkHot'), text: t('games.hotOffText') };
    }
  };

  const apply = (change: PendingChange) => {
    switch (change.kind) {
      case 'vendorMaintenance':
        return act('opsSetVendorMaintenance', { body: { vendorCode: change.vendor.code, maintenance: change.on } });
      case 'gameMaintenance':
        return act('opsUpdateGame', { body: { nodeId: change.game.nodeId, maintenance: change.on } });
      case 'hot':
        return act('opsUpdateGame', { body: { nodeId: change.game.nodeId, isHot: change.on } });
    }
  };

  return (
    <div className="ops-page">
      <section className="ops-card" aria-labelledby="ops-vendors-title">
        <div className="ops-card__head">
          <h2 id="ops-vendors-title" className="ops-card__title">
            {t('games.vendors')}
          </h2>
          <RefreshButton onRefresh={() => void vendors.refetch()} busy={vendors.isFetching} />
        </div>
        <p className="ops-toolbar__text ops-games__intro">{t('games.vendorsIntro')}</p>
        <QueryView query={vendors}>
          {(list) =>
            list.length === 0 ? (
              <p className="ops-empty">{t('list.empty')}</p>
            ) : (
              <OpsTable
                caption={t('games.vendors')}
                rows={list}
                rowKey={(vendor) => vendor.code}
                columns={[
                  {
                    label: t('games.vendor'),
                    render: (vendor) => (
                      <>
                        {vendor.displayName}
                        <span className="ops-sub ops-mono">{vendor.code}</span>
                      </>
                    ),
                  },
                  {
                    label: t('games.connection'),
                    render: (vendor) => (
                      <>
                        <StatusBadge tone={vendor.provider ? 'ok' : 'muted'}>{vendor.provider ? t('games.connected') : t('games.notConnected')}</StatusBadge>
                        {!vendor.active && <span className="ops-sub">{t('games.inactive')}</span>}
                      </>
                    ),
                  },
                  {
                    label: t('games.counts'),
                    render: (vendor) =>
                      vendor.games.length === 0 ? (
                        '—'
                      ) : (
                        <span className="ops-games__counts">
                          {vendor.games.map((entry) => (
                            <span key={entry.gameType} className="tag tag--muted">
                              {t('games.count', { category: categoryName(entry.gameType), count: entry.count })}
                            </span>
                          ))}
                        </span>
                      ),
                  },
                  {
                    label: t('games.maintenance'),
                    render: (vendor) => <StatusBadge tone={vendor.maintenance ? 'warn' : 'ok'}>{vendor.maintenance ? t('games.on') : t('games.off')}</StatusBadge>,
                  },
                  {
                    label: t('list.actions'),
                    render: (vendor) => (
                      <div className="ops-row-actions ops-games__actions">
                        <button
                          type="button"
                          className={vendor.maintenance ? 'button button--primary button--compact' : 'button button--outline button--compact'}
                          onClick={() => setPending({ kind: 'vendorMaintenance', vendor, on: !vendor.maintenance })}
                        >
                          {vendor.maintenance ? t('games.endMaintenance') : t('games.startMaintenance')}
                        </button>
                        <button type="button" className="button button--ghost button--compact" onClick={() => filter({ vendorCode: vendor.code })}>
                          {t('games.showGames')}
                        </button>
                      </div>
                    ),
                  },
                ]}
              />
            )
          }
        </QueryView>
      </section>

      <section className="ops-card" aria-labelledby="ops-games-title">
        <div className="ops-card__head">
          <h2 id="ops-games-title" className="ops-card__title">
            {t('games.games')}
          </h2>
          <RefreshButton onRefresh={() => void games.refetch()} busy={games.isFetching} />
        </div>
        <div className="ops-toolbar ops-games__filters">
          <select
            className="select ops-select"
            aria-label={t('games.vendorFilter')}
            value={filters.vendorCode}
            onChange={(e) => filter({ vendorCode: e.target.value })}
          >
            <option value="">{t('games.allVendors')}</option>
            {(vendors.data ?? []).map((vendor) => (
              <option key={vendor.code} value={vendor.code}>
                {vendor.displayName}
              </option>
            ))}
          </select>
          <select
            className="select ops-select"
            aria-label={t('games.categoryFilter')}
            value={filters.gameType}
            onChange={(e) => filter({ gameType: e.target.value })}
          >
            <option value="">{t('games.allCategories')}</option>
            {VENDOR_CATEGORIES.map((code) => (
              <option key={code} value={code}>
                {t(`common:gameTypes.${code}`)}
              </option>
            ))}
          </select>
          <label className="ops-games__check">
            <input type="checkbox" checked={filters.maintenanceOnly} onChange={(e) => filter({ maintenanceOnly: e.target.checked })} />
            {t('games.maintenanceOnly')}
          </label>
          <div className="ops-toolbar__end">
            <SearchBox label={t('games.nameSearch')} onSearch={(gameName) => filter({ gameName })} />
          </div>
        </div>
        <QueryView query={games}>
          {(page) =>
            page.list.length === 0 ? (
              <p className="ops-empty">{t('games.none')}</p>
            ) : (
              <>
                <OpsTable
                  caption={t('games.games')}
                  rows={page.list}
                  rowKey={(game) => game.nodeId}
                  columns={[
                    {
                      label: t('games.game'),
                      render: (game) => (
                        <>
                          {game.gameName}
                          <span className="ops-sub ops-mono">{game.gameCode}</span>
                        </>
                      ),
                    },
                    { label: t('games.vendor'), render: (game) => vendorName(game.vendorCode) },
                    {
                      label: t('games.category'),
                      render: (game) => (
                        <>
                          {categoryName(game.gameType)}
                          {game.kind === 'LOBBY' && <span className="ops-sub">{t('games.lobby')}</span>}
                        </>
                      ),
                    },
                    {
                      label: t('list.status'),
                      render: (game) => (
                        <span className="ops-games__badges">
                          {game.maintenance && <StatusBadge tone="warn">{t('games.underMaintenance')}</StatusBadge>}
                          {game.vendorMaintenance && <StatusBadge tone="warn">{t('games.vendorUnderMaintenance')}</StatusBadge>}
                          {game.isHot && <StatusBadge tone="info">{t('games.hot')}</StatusBadge>}
                          {game.freeTrial && <StatusBadge tone="muted">{t('games.freeTrial')}</StatusBadge>}
                          <StatusBadge tone={game.playable ? 'ok' : 'muted'}>{game.playable ? t('games.playable') : t('games.notPlayable')}</StatusBadge>
                        </span>
                      ),
                    },
                    {
                      label: t('list.actions'),
                      render: (game) => (
                        <div className="ops-row-actions ops-games__actions">
                          <button
                            type="button"
                            className={game.maintenance ? 'button button--primary button--compact' : 'button button--outline button--compact'}
                            onClick={() => setPending({ kind: 'gameMaintenance', game, on: !game.maintenance })}
                          >
                            {game.maintenance ? t('games.endMaintenance') : t('games.startMaintenance')}
                          </button>
                          {game.kind === 'GAME' && (
                            <button
                              type="button"
                              className="button button--ghost button--compact"
                              onClick={() => setPending({ kind: 'hot', game, on: !game.isHot })}
                            >
                              {game.isHot ? t('games.unmarkHot') : t('games.markHot')}
                            </button>
                          )}
                        </div>
                      ),
                    },
                  ]}
                />
                <p className="ops-toolbar__text">{t('games.total', { count: page.total })}</p>
                <Pager pageNum={page.pageNum} totalPages={page.totalPages} onPage={setPageNo} />
              </>
            )
          }
        </QueryView>
      </section>

      {pending && (
        <ActionDialog
          title={copy(pending).title}
          confirmLabel={copy(pending).confirm}
          tone={pending.on && pending.kind !== 'hot' ? 'danger' : 'primary'}
          run={() => apply(pending)}
          onClose={() => setPending(null)}
        >
          <OrderSummary
            rows={
              pending.kind === 'vendorMaintenance'
                ? [
                    [t('games.vendor'), pending.vendor.displayName],
                    [t('games.code'), pending.vendor.code],
                  ]
                : [
                    [t('games.game'), pending.game.gameName],
                    [t('games.vendor'), vendorName(pending.game.vendorCode)],
                    [t('games.code'), pending.game.gameCode],
                  ]
            }
          />
          <p className="ops-dialog__text">{copy(pending).text}</p>
        </ActionDialog>
      )}
    </div>
  );
}
