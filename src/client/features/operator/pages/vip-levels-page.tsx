import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SaveVipLevelRequest, type OpsVipLevel } from '@shared/contract/vip';
import { RefreshButton } from '../components/list-filters';
import { ActionDialog, Field, OpsTable, QueryView } from '../components/ops-ui';
import { formatMoney } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';
import { useDraftForm } from '../use-draft-form';

interface LevelDraft {
  rank: string;
  name: string;
  turnover: string;
  upgradeBonus: string;
}

const draftOf = (level: OpsVipLevel | null, nextRank: number): LevelDraft =>
  level
    ? { rank: String(level.rank), name: level.name, turnover: String(level.turnover), upgradeBonus: String(level.upgradeBonus) }
    : { rank: String(nextRank), name: '', turnover: '', upgradeBonus: '0' };

/** Adds a level (none given) or changes one. */
function LevelDialog({ level, nextRank, onClose }: { level: OpsVipLevel | null; nextRank: number; onClose: () => void }) {
  const { t } = useTranslation('operator');
  const act = useOpsAction();
  const { draft, set, errors, request, validate } = useDraftForm(() => draftOf(level, nextRank), {
    schema: SaveVipLevelRequest,
    toRequest: (d): SaveVipLevelRequest => ({
      levelId: level?.levelId,
      rank: Number(d.rank),
      name: d.name,
      turnover: Number(d.turnover),
      upgradeBonus: Number(d.upgradeBonus),
    }),
  });

  const input = (key: keyof LevelDraft, inputMode: 'numeric' | 'decimal' | undefined, hint?: string) => (
    <Field label={t(`vip.${key}`)} error={errors[key]} hint={hint}>
      {(control) => <input {...control} className="ops-input" inputMode={inputMode} value={draft[key]} onChange={(e) => set(key, e.target.value)} />}
    </Field>
  );

  return (
    <ActionDialog
      title={level ? t('vip.editTitle', { name: level.name }) : t('vip.addTitle')}
      confirmLabel={t('vip.save')}
      size="medium"
      validate={validate}
      run={() => act('opsSaveVipLevel', { body: request() })}
      onClose={onClose}
    >
      <div className="ops-form__grid">
        {input('rank', 'numeric', t('vip.rankHint'))}
        {input('name', undefined)}
        {input('turnover', 'decimal', t('vip.turnoverHint'))}
        {input('upgradeBonus', 'decimal', t('vip.upgradeBonusHint'))}
      </div>
    </ActionDialog>
  );
}

/** Removes a level nobody has reached. */
function DeleteDialog({ level, onClose }: { level: OpsVipLevel; onClose: () => void }) {
  const { t } = useTranslation('operator');
  const act = useOpsAction();
  return (
    <ActionDialog
      title={t('vip.deleteTitle', { name: level.name })}
      confirmLabel={t('vip.delete')}
      tone="danger"
      run={() => act('opsDeleteVipLevel', { body: { levelId: level.levelId } })}
      onClose={onClose}
    >
      <p>{t('vip.deleteText')}</p>
    </ActionDialog>
  );
}

type Dialog = { kind: 'edit'; level: OpsVipLevel | null } | { kind: 'delete'; level: OpsVipLevel } | null;

/**
 * VIP levels (MEMBER-16): the ladder players climb with their settled stakes, lowest rank first,
 * with how many members reached each; added, changed and removed here (a level nobody reached).
 * With no level VIP is off for players.
 */
export function VipLevelsPage() {
  const { t, i18n } = useTranslation('operator');
  const [dialog, setDialog] = useState<Dialog>(null);
  const levels = useOpsQuery('opsVipLevels');
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const nextRank = (levels.data ?? []).reduce((top, l) => Math.max(top, l.rank), 0) + 1;

  return (
    <div className="ops-page">
      <p className="ops-sub">{t('vip.lead')}</p>
      <div className="ops-toolbar">
        <button type="button" className="button button--primary button--compact" onClick={() => setDialog({ kind: 'edit', level: null })}>
          <Plus aria-hidden size={16} />
          {t('vip.add')}
        </button>
        <div className="ops-toolbar__end">
          <RefreshButton onRefresh={() => void levels.refetch()} busy={levels.isFetching} />
        </div>
      </div>
      <QueryView query={levels}>
        {(list) =>
          list.length === 0 ? (
            <p className="ops-sub">{t('vip.empty')}</p>
          ) : (
            <OpsTable
              caption={t('nav.vip')}
              rows={list}
              rowKey={(l) => l.levelId}
              columns={[
                { label: t('vip.rank'), className: 'ops-num', render: (l) => l.rank },
                { label: t('vip.name'), render: (l) => l.name },
                { label: t('vip.turnover'), className: 'ops-num', render: (l) => money(l.turnover) },
                { label: t('vip.upgradeBonus'), className: 'ops-num', render: (l) => money(l.upgradeBonus) },
                { label: t('vip.reached'), className: 'ops-num', render: (l) => l.reachedCount },
                {
                  label: t('list.actions'),
                  render: (l) => (
                    <>
                      <button type="button" className="button button--ghost button--compact" onClick={() => setDialog({ kind: 'edit', level: l })} aria-label={t('vip.editTitle', { name: l.name })}>
                        <Pencil aria-hidden size={14} />
                      </button>
                      {l.reachedCount === 0 && (
                        <button type="button" className="button button--ghost button--compact" onClick={() => setDialog({ kind: 'delete', level: l })} aria-label={t('vip.deleteTitle', { name: l.name })}>
                          <Trash2 aria-hidden size={14} />
                        </button>
                      )}
                    </>
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>
      {dialog?.kind === 'edit' && <LevelDialog level={dialog.level} nextRank={nextRank} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && <DeleteDialog level={dialog.level} onClose={() => setDialog(null)} />}
    </div>
  );
}
