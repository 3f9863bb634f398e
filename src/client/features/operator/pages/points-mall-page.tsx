import { useState } from 'react';
import { ImageOff, Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PointsSettings, SaveRewardRequest, type OpsReward } from '@shared/contract/operator-points';
import { SafeHtml } from '@client/components/safe-html';
import { useImageUrl } from '@client/state/app-actor';
import { HtmlField } from '../components/html-field';
import { RefreshButton } from '../components/list-filters';
import { ActionDialog, Field, OpsTable, QueryView, StatusBadge } from '../components/ops-ui';
import { formatMoney, formatPoints } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';
import { useDraftForm } from '../use-draft-form';

/** A number typed by the operator: plain digits with an optional decimal part; NaN otherwise, which the contract refuses. */
const numberOf = (text: string): number => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

interface RewardDraft {
  name: string;
  type: string;
  imageUrl: string;
  description: string;
  pointsRequired: string;
  amountRequired: string;
  stock: string;
  active: boolean;
}

const draftOf = (reward: OpsReward | null): RewardDraft =>
  reward
    ? {
        name: reward.name,
        type: reward.type,
        imageUrl: reward.imageUrl,
        description: reward.description,
        pointsRequired: String(reward.pointsRequired),
        amountRequired: String(reward.amountRequired),
        stock: String(reward.stock),
        active: reward.active,
      }
    : { name: '', type: '', imageUrl: '', description: '', pointsRequired: '', amountRequired: '0', stock: '', active: true };

/** Adds a goods item (no reward) or changes one; the whole item is sent either way. */
function RewardDialog({ reward, onClose }: { reward: OpsReward | null; onClose: () => void }) {
  const { t } = useTranslation('operator');
  const act = useOpsAction();
  const { draft, set, errors, request, validate } = useDraftForm(() => draftOf(reward), {
    schema: SaveRewardRequest,
    toRequest: (d): SaveRewardRequest => ({
      rewardId: reward?.rewardId,
      name: d.name,
      type: d.type,
      imageUrl: d.imageUrl,
      description: d.description,
      pointsRequired: numberOf(d.pointsRequired),
      amountRequired: numberOf(d.amountRequired),
      stock: numberOf(d.stock),
      active: d.active,
    }),
    // The figures' own messages: the contract's limits, said in words (the generic ones speak of text).
    messages: {
      pointsRequired: t('pointsMall.pointsInvalid'),
      amountRequired: t('pointsMall.amountInvalid'),
      stock: t('pointsMall.stockInvalid'),
    },
  });

  return (
    <ActionDialog
      title={reward ? t('pointsMall.editTitle', { name: reward.name }) : t('pointsMall.addTitle')}
      confirmLabel={t('pointsMall.save')}
      size="large"
      validate={validate}
      run={() => act('opsSaveReward', { body: request() })}
      onClose={onClose}
    >
      <div className="ops-form__grid">
        <Field label={t('pointsMall.name')} error={errors.name}>
          {(control) => <input {...control} className="ops-input" value={draft.name} onChange={(e) => set('name', e.target.value)} />}
        </Field>
        <Field label={t('pointsMall.type')} error={errors.type} hint={t('pointsMall.typeHint')}>
          {(control) => <input {...control} className="ops-input" value={draft.type} onChange={(e) => set('type', e.target.value)} />}
        </Field>
      </div>
      <Field label={t('pointsMall.imageUrl')} error={errors.imageUrl} hint={t('pointsMall.imageHint')}>
        {(control) => <input {...control} className="ops-input" value={draft.imageUrl} onChange={(e) => set('imageUrl', e.target.value)} />}
      </Field>
      <HtmlField label={t('pointsMall.description')} error={errors.description} value={draft.description} onChange={(value) => set('description', value)} />
      <div className="ops-form__grid">
        <Field label={t('pointsMall.pointsRequired')} error={errors.pointsRequired} hint={t('pointsMall.pointsHint')}>
          {(control) => (
            <input {...control} className="ops-input" inputMode="numeric" value={draft.pointsRequired} onChange={(e) => set('pointsRequired', e.target.value)} />
          )}
        </Field>
        <Field label={t('pointsMall.amountRequired')} error={errors.amountRequired} hint={t('pointsMall.amountHint')}>
          {(control) => (
            <input {...control} className="ops-input" inputMode="decimal" value={draft.amountRequired} onChange={(e) => set('amountRequired', e.target.value)} />
          )}
        </Field>
        <Field label={t('pointsMall.stock')} error={errors.stock} hint={t('pointsMall.stockHint')}>
          {(control) => <input {...control} className="ops-input" inputMode="numeric" value={draft.stock} onChange={(e) => set('stock', e.target.value)} />}
        </Field>
      </div>
      <label className="ops-check">
        <input type="checkbox" checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
        {t('pointsMall.showInMall')}
      </label>
    </ActionDialog>
  );
}

interface SettingsDraft {
  ratio: string;
  minConvertPoints: string;
  earnPointsPerUnit: string;
  rules: string;
}

/** Changes the conversion ratio, the conversion minimum, the earning rate and the rules text. */
function SettingsDialog({ settings, onClose }: { settings: PointsSettings; onClose: () => void }) {
  const { t } = useTranslation('operator');
  const act = useOpsAction();
  const { draft, set, errors, request, validate } = useDraftForm<SettingsDraft, PointsSettings>(
    () => ({
      ratio: String(settings.ratio),
      minConvertPoints: String(settings.minConvertPoints),
      earnPointsPerUnit: String(settings.earnPointsPerUnit),
      rules: settings.rules,
    }),
    {
      schema: PointsSettings,
      toRequest: (d) => ({
        ratio: numberOf(d.ratio),
        minConvertPoints: numberOf(d.minConvertPoints),
        earnPointsPerUnit: numberOf(d.earnPointsPerUnit),
        rules: d.rules,
      }),
      messages: {
        ratio: t('pointsMall.ratioInvalid'),
        minConvertPoints: t('pointsMall.minConvertInvalid'),
        earnPointsPerUnit: t('pointsMall.earnInvalid'),
      },
    },
  );

  return (
    <ActionDialog
      title={t('pointsMall.settingsTitle')}
      confirmLabel={t('pointsMall.save')}
      size="large"
      validate={validate}
      run={() => act('opsSavePointsSettings', { body: request() })}
      onClose={onClose}
    >
      <div className="ops-form__grid">
        <Field label={t('pointsMall.ratio')} error={errors.ratio} hint={t('pointsMall.ratioHint')}>
          {(control) => <input {...control} className="ops-input" inputMode="decimal" value={draft.ratio} onChange={(e) => set('ratio', e.target.value)} />}
        </Field>
        <Field label={t('pointsMall.minConvertPoints')} error={errors.minConvertPoints} hint={t('pointsMall.minConvertHint')}>
          {(control) => (
            <input {...control} className="ops-input" inputMode="numeric" value={draft.minConvertPoints} onChange={(e) => set('minConvertPoints', e.target.value)} />
          )}
        </Field>
        <Field label={t('pointsMall.earnPointsPerUnit')} error={errors.earnPointsPerUnit} hint={t('pointsMall.earnHint')}>
          {(control) => (
            <input {...control} className="ops-input" inputMode="decimal" value={draft.earnPointsPerUnit} onChange={(e) => set('earnPointsPerUnit', e.target.value)} />
          )}
        </Field>
      </div>
      <HtmlField label={t('pointsMall.rules')} error={errors.rules} value={draft.rules} onChange={(value) => set('rules', value)} rows={8} />
    </ActionDialog>
  );
}

/** The goods item's thumbnail, or a sign that it has none. */
function RewardImage({ reward }: { reward: OpsReward }) {
  const { t } = useTranslation('operator');
  const imageUrl = useImageUrl();
  if (!reward.imageUrl) {
    return (
      <span className="ops-thumb" role="img" aria-label={t('pointsMall.noImage')}>
        <ImageOff aria-hidden size={20} />
      </span>
    );
  }
  // Decorative: the name is in the next cell.
  return <img className="ops-thumb" src={imageUrl(reward.imageUrl)} alt="" loading="lazy" />;
}

type Dialog = { kind: 'reward'; reward: OpsReward | null } | { kind: 'settings'; settings: PointsSettings } | null;

/** The points mall: its goods (shown or hidden), added and changed here, and the points settings. */
export function PointsMallPage() {
  const { t, i18n } = useTranslation('operator');
  const rewards = useOpsQuery('opsRewards');
  const settings = useOpsQuery('opsPointsSettings');
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <div className="ops-page">
      <section className="ops-card" aria-labelledby="ops-points-goods-title">
        <div className="ops-card__head">
          <h2 id="ops-points-goods-title" className="ops-card__title">
            {t('pointsMall.goods')}
          </h2>
          <div className="ops-toolbar__end">
            <RefreshButton onRefresh={() => void rewards.refetch()} busy={rewards.isFetching} />
            <button type="button" className="button button--primary button--compact" onClick={() => setDialog({ kind: 'reward', reward: null })}>
              <Plus aria-hidden size={16} />
              {t('pointsMall.add')}
            </button>
          </div>
        </div>
        <p className="ops-toolbar__text">{t('pointsMall.goodsIntro')}</p>
        <QueryView query={rewards}>
          {(list) =>
            list.length === 0 ? (
              <p className="ops-empty">{t('pointsMall.none')}</p>
            ) : (
              <OpsTable
                caption={t('pointsMall.goods')}
                rows={list}
                rowKey={(reward) => reward.rewardId}
                columns={[
                  { label: t('pointsMall.image'), render: (reward) => <RewardImage reward={reward} /> },
                  { label: t('pointsMall.name'), render: (reward) => reward.name },
                  { label: t('pointsMall.type'), className: 'ops-mono', render: (reward) => reward.type },
                  { label: t('pointsMall.pointsRequired'), className: 'ops-num', render: (reward) => formatPoints(reward.pointsRequired, i18n.language) },
                  { label: t('pointsMall.amountRequired'), className: 'ops-num', render: (reward) => formatMoney(reward.amountRequired, i18n.language) },
                  { label: t('pointsMall.stock'), className: 'ops-num', render: (reward) => formatPoints(reward.stock, i18n.language) },
                  {
                    label: t('pointsMall.inMall'),
                    render: (reward) => <StatusBadge tone={reward.active ? 'ok' : 'muted'}>{reward.active ? t('pointsMall.shown') : t('pointsMall.hidden')}</StatusBadge>,
                  },
                  {
                    label: t('list.actions'),
                    render: (reward) => (
                      <div className="ops-row-actions">
                        <button type="button" className="button button--ghost button--compact" onClick={() => setDialog({ kind: 'reward', reward })}>
                          <Pencil aria-hidden size={16} />
                          {t('pointsMall.edit')}
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

      <section className="ops-card" aria-labelledby="ops-points-settings-title">
        <div className="ops-card__head">
          <h2 id="ops-points-settings-title" className="ops-card__title">
            {t('pointsMall.settings')}
          </h2>
          {settings.data && (
            <button type="button" className="button button--ghost button--compact" onClick={() => setDialog({ kind: 'settings', settings: settings.data })}>
              <Pencil aria-hidden size={16} />
              {t('pointsMall.editSettings')}
            </button>
          )}
        </div>
        <QueryView query={settings}>
          {(current) => (
            <>
              <dl className="summary-list">
                <div>
                  <dt>{t('pointsMall.ratio')}</dt>
                  <dd>{t('pointsMall.ratioValue', { ratio: formatPoints(current.ratio, i18n.language) })}</dd>
                </div>
                <div>
                  <dt>{t('pointsMall.minConvertPoints')}</dt>
                  <dd>{t('pointsMall.pointsValue', { points: formatPoints(current.minConvertPoints, i18n.language) })}</dd>
                </div>
                <div>
                  <dt>{t('pointsMall.earnPointsPerUnit')}</dt>
                  <dd>{t('pointsMall.earnValue', { points: formatPoints(current.earnPointsPerUnit, i18n.language) })}</dd>
                </div>
              </dl>
              <h3 className="ops-subtitle">{t('pointsMall.rulesShown')}</h3>
              {current.rules.trim() ? <SafeHtml html={current.rules} className="rich-text ops-preview" /> : <p className="ops-empty">{t('pointsMall.noRules')}</p>}
            </>
          )}
        </QueryView>
      </section>

      {dialog?.kind === 'reward' && <RewardDialog reward={dialog.reward} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'settings' && <SettingsDialog settings={dialog.settings} onClose={() => setDialog(null)} />}
    </div>
  );
}
