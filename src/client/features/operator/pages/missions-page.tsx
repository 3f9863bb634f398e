import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MISSION_GOALS, MISSION_PERIODS, MISSION_REWARDS, SaveMissionRequest, type MissionGoal, type MissionPeriod, type MissionRewardKind, type OpsMission } from '@shared/contract/missions';
import { RefreshButton } from '../components/list-filters';
import { ActionDialog, Field, OpsTable, QueryView, StatusBadge } from '../components/ops-ui';
import { formatMoney, formatPoints } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';
import { useDraftForm } from '../use-draft-form';

/** A number typed by the operator: plain digits with an optional decimal part; NaN otherwise, which the contract refuses. */
const numberOf = (text: string): number => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

interface MissionDraft {
  title: string;
  description: string;
  period: MissionPeriod;
  goal: MissionGoal;
  target: string;
  rewardKind: MissionRewardKind;
  reward: string;
  sortOrder: string;
  active: boolean;
}

const draftOf = (mission: OpsMission | null): MissionDraft =>
  mission
    ? {
        title: mission.title,
        description: mission.description,
        period: mission.period,
        goal: mission.goal,
        target: String(mission.target),
        rewardKind: mission.rewardKind,
        reward: String(mission.reward),
        sortOrder: String(mission.sortOrder),
        active: mission.active,
      }
    : { title: '', description: '', period: 'DAILY', goal: 'BET_ROUNDS', target: '', rewardKind: 'POINTS', reward: '', sortOrder: '0', active: true };

/** Creates a mission (no mission given) or edits one; the whole mission is sent either way. */
function MissionDialog({ mission, onClose }: { mission: OpsMission | null; onClose: () => void }) {
  const { t: tm } = useTranslation('missions');
  const act = useOpsAction();
  const { draft, set, errors, request, validate } = useDraftForm(() => draftOf(mission), {
    schema: SaveMissionRequest,
    toRequest: (d): SaveMissionRequest => ({
      missionId: mission?.missionId,
      title: d.title,
      description: d.description,
      period: d.period,
      goal: d.goal,
      target: numberOf(d.target),
      rewardKind: d.rewardKind,
      reward: numberOf(d.reward),
      sortOrder: numberOf(d.sortOrder),
      active: d.active,
    }),
  });

  return (
    <ActionDialog
      title={mission ? `${tm('ops.edit')}: ${mission.title}` : tm('ops.add')}
      confirmLabel={tm('ops.save')}
      size="large"
      validate={validate}
      run={() => act('opsSaveMission', { body: request() })}
      onClose={onClose}
    >
      <Field label={tm('ops.fields.title')} error={errors.title}>
        {(control) => <input {...control} className="ops-input" value={draft.title} onChange={(e) => set('title', e.target.value)} />}
      </Field>
      <Field label={tm('ops.fields.description')} error={errors.description}>
        {(control) => <textarea {...control} className="ops-input" rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} />}
      </Field>
      <div className="ops-form__grid">
        <Field label={tm('ops.fields.period')} error={errors.period}>
          {(control) => (
            <select {...control} className="select ops-select" value={draft.period} onChange={(e) => set('period', e.target.value as MissionPeriod)}>
              {MISSION_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {tm(`list.period.${p}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={tm('ops.fields.goal')} error={errors.goal}>
          {(control) => (
            <select {...control} className="select ops-select" value={draft.goal} onChange={(e) => set('goal', e.target.value as MissionGoal)}>
              {MISSION_GOALS.map((g) => (
                <option key={g} value={g}>
                  {tm(`list.goal.${g}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={tm('ops.fields.target')} error={errors.target}>
          {(control) => <input {...control} className="ops-input" inputMode="decimal" value={draft.target} onChange={(e) => set('target', e.target.value)} />}
        </Field>
      </div>
      <div className="ops-form__grid">
        <Field label={tm('ops.fields.rewardKind')} error={errors.rewardKind}>
          {(control) => (
            <select {...control} className="select ops-select" value={draft.rewardKind} onChange={(e) => set('rewardKind', e.target.value as MissionRewardKind)}>
              {MISSION_REWARDS.map((r) => (
                <option key={r} value={r}>
                  {tm(`ops.rewardKind.${r}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={tm('ops.fields.reward')} error={errors.reward}>
          {(control) => <input {...control} className="ops-input" inputMode="decimal" value={draft.reward} onChange={(e) => set('reward', e.target.value)} />}
        </Field>
        <Field label={tm('ops.fields.sortOrder')} error={errors.sortOrder}>
          {(control) => <input {...control} className="ops-input" inputMode="numeric" value={draft.sortOrder} onChange={(e) => set('sortOrder', e.target.value)} />}
        </Field>
      </div>
      <label className="ops-check">
        <input type="checkbox" checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
        {tm('ops.fields.active')}
      </label>
    </ActionDialog>
  );
}

type Dialog = { mission: OpsMission | null } | null;

/** Missions (MEMBER-17): every mission, active or not, created and edited here. */
export function MissionsPage() {
  const { t, i18n } = useTranslation('operator');
  const { t: tm } = useTranslation('missions');
  const missions = useOpsQuery('opsMissions');
  const [dialog, setDialog] = useState<Dialog>(null);
  const goalFigure = (m: OpsMission) => (m.goal === 'BET_ROUNDS' ? formatPoints(m.target, i18n.language) : formatMoney(m.target, i18n.language));
  const rewardFigure = (m: OpsMission) =>
    m.rewardKind === 'POINTS' ? tm('list.rewardPoints', { count: m.reward }) : formatMoney(m.reward, i18n.language);

  return (
    <div className="ops-page">
      <section className="ops-card" aria-labelledby="ops-missions-title">
        <div className="ops-card__head">
          <h2 id="ops-missions-title" className="ops-card__title">
            {tm('ops.title')}
          </h2>
          <div className="ops-toolbar__end">
            <RefreshButton onRefresh={() => void missions.refetch()} busy={missions.isFetching} />
            <button type="button" className="button button--primary button--compact" onClick={() => setDialog({ mission: null })}>
              <Plus aria-hidden size={16} />
              {tm('ops.add')}
            </button>
          </div>
        </div>
        <QueryView query={missions}>
          {({ list }) =>
            list.length === 0 ? (
              <p className="ops-empty">{tm('ops.empty')}</p>
            ) : (
              <OpsTable
                caption={tm('ops.caption')}
                rows={list}
                rowKey={(m) => m.missionId}
                columns={[
                  { label: tm('ops.fields.sortOrder'), className: 'ops-num', render: (m) => m.sortOrder },
                  { label: tm('ops.fields.title'), render: (m) => m.title },
                  { label: tm('ops.fields.period'), render: (m) => tm(`list.period.${m.period}`) },
                  { label: tm('ops.fields.goal'), render: (m) => tm(`list.goal.${m.goal}`) },
                  { label: tm('ops.fields.target'), className: 'ops-num', render: goalFigure },
                  { label: tm('ops.fields.reward'), className: 'ops-num', render: rewardFigure },
                  { label: tm('ops.fields.claims'), className: 'ops-num', render: (m) => formatPoints(m.claims, i18n.language) },
                  {
                    label: tm('ops.fields.active'),
                    render: (m) => <StatusBadge tone={m.active ? 'ok' : 'muted'}>{m.active ? tm('ops.status.active') : tm('ops.status.inactive')}</StatusBadge>,
                  },
                  {
                    label: t('list.actions'),
                    render: (m) => (
                      <div className="ops-row-actions">
                        <button type="button" className="button button--ghost button--compact" aria-label={`${tm('ops.edit')}: ${m.title}`} onClick={() => setDialog({ mission: m })}>
                          <Pencil aria-hidden size={16} />
                          {tm('ops.edit')}
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
      {dialog && <MissionDialog mission={dialog.mission} onClose={() => setDialog(null)} />}
    </div>
  );
}
