import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { http } from '@shared/contract/http';
import { ENTRY_STATUSES, SavePromotionRequest, type EntryStatus, type OpsApplication, type OpsPromotion } from '@shared/contract/operator-promotions';
import { PROMOTION_TYPES, type PromotionType } from '@shared/contract/promotions';
import { HtmlField } from '../components/html-field';
import { ChipFilter, RefreshButton } from '../components/list-filters';
import { ActionDialog, Field, OpsTable, QueryView, StatusBadge, type StatusTone } from '../components/ops-ui';
import { ReviewQueue } from '../components/review-queue';
import { formatDateTime, formatMoney, isoToLocalInput, localInputToIso } from '../ops-format';
import { OPS_PAGE_SIZE, useOpsAction, useOpsQuery } from '../ops-api';
import { useDraftForm } from '../use-draft-form';

const ENTRY_TONES: Record<EntryStatus, StatusTone> = { APPLYING: 'warn', ISSUED: 'info', CLAIMED: 'ok', SIGNED: 'ok', REJECTED: 'muted' };

const applying = (a: OpsApplication) => a.status === 'APPLYING';

/** Prizes as typed: one per line, `name | amount | weight`. */
const prizesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name = '', amount = '', weight = ''] = line.split('|').map((part) => part.trim());
      return { name, amount: Number(amount), weight: Number(weight) };
    });

interface PromotionDraft {
  title: string;
  type: PromotionType;
  content: string;
  imageUrl: string;
  startTime: string;
  endTime: string;
  needsApplication: boolean;
  bonusAmount: string;
  prizes: string;
  active: boolean;
}

const draftOf = (p: OpsPromotion | null): PromotionDraft =>
  p
    ? {
        title: p.title,
        type: p.type,
        content: p.content,
        imageUrl: p.imageUrl,
        startTime: isoToLocalInput(p.startTime),
        endTime: isoToLocalInput(p.endTime),
        needsApplication: p.needsApplication,
        bonusAmount: String(p.bonusAmount),
        prizes: p.prizes.map((prize) => `${prize.name} | ${prize.amount} | ${prize.weight}`).join('\n'),
        active: p.active,
      }
    : { title: '', type: 'DEPOSIT', content: '', imageUrl: '', startTime: '', endTime: '', needsApplication: false, bonusAmount: '0', prizes: '', active: true };

/** Adds a promotion (none given) or changes one; the whole promotion is sent either way. */
function PromotionDialog({ promotion, onClose }: { promotion: OpsPromotion | null; onClose: () => void }) {
  const { t } = useTranslation('operator');
  const act = useOpsAction();
  const { draft, set, errors, request, validate } = useDraftForm(() => draftOf(promotion), {
    schema: SavePromotionRequest,
    toRequest: (d): SavePromotionRequest => {
      const raffle = d.type === 'RAFFLE';
      return {
        promotionId: promotion?.promotionId,
        title: d.title,
        type: d.type,
        content: d.content,
        imageUrl: d.imageUrl,
        startTime: localInputToIso(d.startTime) ?? '',
        endTime: localInputToIso(d.endTime) ?? '',
        needsApplication: raffle ? false : d.needsApplication,
        bonusAmount: raffle ? 0 : Number(d.bonusAmount),
        prizes: raffle ? prizesOf(d.prizes) : [],
        active: d.active,
      };
    },
    messages: { prizes: t('promotions.prizesInvalid') },
  });
  const raffle = draft.type === 'RAFFLE';

  return (
    <ActionDialog
      title={promotion ? t('promotions.editTitle', { title: promotion.title }) : t('promotions.addTitle')}
      confirmLabel={t('promotions.save')}
      size="large"
      validate={validate}
      run={() => act('opsSavePromotion', { body: request() })}
      onClose={onClose}
    >
      <div className="ops-form__grid">
        <Field label={t('promotions.title')} error={errors.title}>
          {(control) => <input {...control} className="ops-input" value={draft.title} onChange={(e) => set('title', e.target.value)} />}
        </Field>
        <Field label={t('promotions.type')} error={errors.type}>
          {(control) => (
            <select {...control} className="ops-input" value={draft.type} onChange={(e) => set('type', e.target.value as PromotionType)}>
              {PROMOTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label={t('promotions.imageUrl')} error={errors.imageUrl}>
        {(control) => <input {...control} className="ops-input" value={draft.imageUrl} onChange={(e) => set('imageUrl', e.target.value)} />}
      </Field>
      <HtmlField label={t('promotions.content')} error={errors.content} value={draft.content} onChange={(value) => set('content', value)} />
      <div className="ops-form__grid">
        <Field label={t('promotions.startTime')} error={errors.startTime}>
          {(control) => <input {...control} type="datetime-local" className="ops-input" value={draft.startTime} onChange={(e) => set('startTime', e.target.value)} />}
        </Field>
        <Field label={t('promotions.endTime')} error={errors.endTime}>
          {(control) => <input {...control} type="datetime-local" className="ops-input" value={draft.endTime} onChange={(e) => set('endTime', e.target.value)} />}
        </Field>
      </div>
      {raffle ? (
        <Field label={t('promotions.prizes')} error={errors.prizes} hint={t('promotions.prizesHint')}>
          {(control) => <textarea {...control} className="ops-input" rows={5} value={draft.prizes} onChange={(e) => set('prizes', e.target.value)} />}
        </Field>
      ) : (
        <>
          <Field label={t('promotions.bonusAmount')} error={errors.bonusAmount} hint={t('promotions.bonusHint')}>
            {(control) => <input {...control} className="ops-input" inputMode="decimal" value={draft.bonusAmount} onChange={(e) => set('bonusAmount', e.target.value)} />}
          </Field>
          <label className="ops-check">
            <input type="checkbox" checked={draft.needsApplication} onChange={(e) => set('needsApplication', e.target.checked)} />
            {t('promotions.needsApplication')}
          </label>
        </>
      )}
      <label className="ops-check">
        <input type="checkbox" checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
        {t('promotions.active')}
      </label>
    </ActionDialog>
  );
}

/** One image a player sent with an application. */
const useApplicationImage = (imageId: number) => useOpsQuery('opsApplicationImage', { query: { imageId } });

type Dialog = { kind: 'edit'; promotion: OpsPromotion | null } | null;

/**
 * Promotions (MEMBER-10..14): every promotion, added and changed here (a raffle with its weighted
 * prizes), and the applications queue: approving issues the bonus for the player to claim, rejecting
 * keeps a reason; the player is told of either.
 */
export function PromotionsPage() {
  const { t, i18n } = useTranslation('operator');
  const act = useOpsAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [status, setStatus] = useState<EntryStatus | 'ALL'>('APPLYING');
  const [pageNo, setPageNo] = useState(1);
  const promotions = useOpsQuery('opsPromotions');
  const applications = useOpsQuery('opsPromotionApplications', { query: { pageNo, pageSize: OPS_PAGE_SIZE, status: status === 'ALL' ? undefined : status } });
  const money = (amount: number) => formatMoney(amount, i18n.language);

  return (
    <div className="ops-page">
      <div className="ops-toolbar">
        <button type="button" className="button button--primary button--compact" onClick={() => setDialog({ kind: 'edit', promotion: null })}>
          <Plus aria-hidden size={16} />
          {t('promotions.add')}
        </button>
        <div className="ops-toolbar__end">
          <RefreshButton onRefresh={() => void promotions.refetch()} busy={promotions.isFetching} />
        </div>
      </div>
      <QueryView query={promotions}>
        {(list) => (
          <OpsTable
            caption={t('nav.promotions')}
            rows={list}
            rowKey={(p) => String(p.promotionId)}
            columns={[
              { label: t('promotions.title'), render: (p) => p.title },
              { label: t('promotions.type'), render: (p) => p.type },
              { label: t('promotions.period'), className: 'ops-nowrap', render: (p) => `${formatDateTime(p.startTime)} – ${formatDateTime(p.endTime)}` },
              { label: t('promotions.reward'), render: (p) => (p.type === 'RAFFLE' ? p.prizes.map((prize) => `${prize.name} ${money(prize.amount)} ×${prize.weight}`).join(', ') : money(p.bonusAmount)) },
              { label: t('promotions.pending'), className: 'ops-num', render: (p) => p.pendingApplications },
              { label: t('list.status'), render: (p) => <StatusBadge tone={p.active ? 'ok' : 'muted'}>{p.active ? t('promotions.shown') : t('promotions.hidden')}</StatusBadge> },
              {
                label: t('list.actions'),
                render: (p) => (
                  <button type="button" className="button button--ghost button--compact" onClick={() => setDialog({ kind: 'edit', promotion: p })} aria-label={t('promotions.editTitle', { title: p.title })}>
                    <Pencil aria-hidden size={14} />
                  </button>
                ),
              },
            ]}
          />
        )}
      </QueryView>

      <h2 className="ops-card__title">{t('promotions.applications')}</h2>
      <div className="ops-toolbar">
        <ChipFilter
          label={t('list.statusFilter')}
          options={[...ENTRY_STATUSES.map((s) => ({ value: s as EntryStatus | 'ALL', label: t(`promotions.status.${s}`) })), { value: 'ALL' as const, label: t('list.all') }]}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPageNo(1);
          }}
        />
        <div className="ops-toolbar__end">
          <RefreshButton onRefresh={() => void applications.refetch()} busy={applications.isFetching} />
        </div>
      </div>
      <ReviewQueue
        caption={t('promotions.applications')}
        query={applications}
        onPage={setPageNo}
        rowKey={(a) => String(a.entryId)}
        columns={[
          { label: t('list.time'), className: 'ops-nowrap', render: (a) => formatDateTime(a.appliedAt) },
          { label: t('promotions.promotion'), render: (a) => a.promotionTitle },
          { label: t('list.member'), render: (a) => a.account },
          { label: t('promotions.comment'), render: (a) => a.comment ?? '' },
          { label: t('promotions.images'), images: true },
          { label: t('list.amount'), className: 'ops-num', render: (a) => money(a.amount) },
          {
            label: t('list.status'),
            render: (a) => (
              <>
                <StatusBadge tone={ENTRY_TONES[a.status]}>{t(`promotions.status.${a.status}`)}</StatusBadge>
                {a.reason && <span className="ops-sub">{a.reason}</span>}
              </>
            ),
          },
        ]}
        summary={(a) => [
          [t('promotions.promotion'), a.promotionTitle],
          [t('list.member'), a.account],
          [t('promotions.comment'), a.comment ?? '—'],
        ]}
        approve={{
          when: applying,
          title: t('promotions.approveTitle'),
          run: (a) => act('opsApproveApplication', { body: { entryId: a.entryId } }),
        }}
        reject={{
          when: applying,
          title: t('promotions.rejectTitle'),
          hint: t('promotions.rejectHint'),
          reason: http.opsRejectApplication.body.shape.reason,
          run: (a, reason) => act('opsRejectApplication', { body: { entryId: a.entryId, reason } }),
        }}
        images={{
          ids: (a) => a.imageIds,
          buttonLabel: (count) => t('promotions.viewImages', { count }),
          title: (a) => t('promotions.imagesTitle', { account: a.account }),
          text: (a) => a.comment,
          alt: (n) => t('promotions.imageAlt', { n }),
          useImage: useApplicationImage,
        }}
      />

      {dialog?.kind === 'edit' && <PromotionDialog promotion={dialog.promotion} onClose={() => setDialog(null)} />}
    </div>
  );
}
