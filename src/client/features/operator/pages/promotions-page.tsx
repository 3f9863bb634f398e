import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { http } from '@shared/contract/http';
import { ENTRY_STATUSES, SavePromotionRequest, type EntryStatus, type OpsApplication, type OpsPromotion } from '@shared/contract/operator-promotions';
import { PROMOTION_TYPES, type PromotionType } from '@shared/contract/promotions';
import { Modal } from '@client/components/modal';
import { HtmlField } from '../components/html-field';
import { ChipFilter, RefreshButton } from '../components/list-filters';
import { OrderSummary } from '../components/order-summary';
import { ActionDialog, ApproveRejectActions, Field, OpsTable, Pager, QueryView, StatusBadge, type StatusTone } from '../components/ops-ui';
import { TextActionDialog } from '../components/text-action-dialog';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { formatDateTime, formatMoney } from '../ops-format';
import { OPS_PAGE_SIZE, useOpsAction, useOpsQuery } from '../ops-api';

const ENTRY_TONES: Record<EntryStatus, StatusTone> = { APPLYING: 'warn', ISSUED: 'info', CLAIMED: 'ok', SIGNED: 'ok', REJECTED: 'muted' };

/** A local datetime-local value for an ISO time, and back. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

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
        startTime: toLocalInput(p.startTime),
        endTime: toLocalInput(p.endTime),
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
  const [draft, setDraft] = useState<PromotionDraft>(() => draftOf(promotion));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof PromotionDraft>(key: K, value: PromotionDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const raffle = draft.type === 'RAFFLE';

  const request = (): SavePromotionRequest => ({
    promotionId: promotion?.promotionId,
    title: draft.title,
    type: draft.type,
    content: draft.content,
    imageUrl: draft.imageUrl,
    startTime: fromLocalInput(draft.startTime),
    endTime: fromLocalInput(draft.endTime),
    needsApplication: raffle ? false : draft.needsApplication,
    bonusAmount: raffle ? 0 : Number(draft.bonusAmount),
    prizes: raffle ? prizesOf(draft.prizes) : [],
    active: draft.active,
  });

  const validate = () => {
    const next = fieldErrors(SavePromotionRequest.safeParse(request()), t);
    for (const key of Object.keys(next)) if (key.startsWith('prizes')) next.prizes = t('promotions.prizesInvalid');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

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

function ApplicationImage({ imageId, index }: { imageId: number; index: number }) {
  const { t } = useTranslation('operator');
  const image = useOpsQuery('opsApplicationImage', { query: { imageId } });
  return (
    <figure className="ops-proof">
      <QueryView query={image}>
        {(file) => (
          <a href={`data:${file.contentType};base64,${file.data}`} target="_blank" rel="noreferrer">
            <img src={`data:${file.contentType};base64,${file.data}`} alt={t('promotions.imageAlt', { n: index + 1 })} />
          </a>
        )}
      </QueryView>
      <figcaption>{t('promotions.imageAlt', { n: index + 1 })}</figcaption>
    </figure>
  );
}

/** The comment and the images a player sent with an application. */
function ApplicationImagesDialog({ application, onClose }: { application: OpsApplication; onClose: () => void }) {
  const { t } = useTranslation(['operator', 'common']);
  return (
    <Modal title={t('operator:promotions.imagesTitle', { account: application.account })} closeLabel={t('common:actions.close')} onClose={onClose} size="large" layer={50}>
      {application.comment && <p className="ops-dialog__text">{application.comment}</p>}
      <div className="ops-proofs">
        {application.imageIds.map((imageId, index) => (
          <ApplicationImage key={imageId} imageId={imageId} index={index} />
        ))}
      </div>
    </Modal>
  );
}

type Dialog = { kind: 'edit'; promotion: OpsPromotion | null } | { kind: 'approve' | 'reject' | 'images'; application: OpsApplication } | null;

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

  const summary = (a: OpsApplication) => (
    <OrderSummary
      rows={[
        [t('promotions.promotion'), a.promotionTitle],
        [t('list.member'), a.account],
        [t('promotions.comment'), a.comment ?? '—'],
      ]}
    />
  );

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
      <QueryView query={applications}>
        {(page) =>
          page.list.length === 0 ? (
            <p className="ops-empty">{t('list.empty')}</p>
          ) : (
            <>
              <OpsTable
                caption={t('promotions.applications')}
                rows={page.list}
                rowKey={(a) => String(a.entryId)}
                columns={[
                  { label: t('list.time'), className: 'ops-nowrap', render: (a) => formatDateTime(a.appliedAt) },
                  { label: t('promotions.promotion'), render: (a) => a.promotionTitle },
                  { label: t('list.member'), render: (a) => a.account },
                  { label: t('promotions.comment'), render: (a) => a.comment ?? '' },
                  {
                    label: t('promotions.images'),
                    render: (a) =>
                      a.imageIds.length > 0 && (
                        <button type="button" className="button button--ghost button--compact" onClick={() => setDialog({ kind: 'images', application: a })}>
                          {t('promotions.viewImages', { count: a.imageIds.length })}
                        </button>
                      ),
                  },
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
                  {
                    label: t('list.actions'),
                    render: (a) =>
                      a.status === 'APPLYING' && (
                        <ApproveRejectActions onApprove={() => setDialog({ kind: 'approve', application: a })} onReject={() => setDialog({ kind: 'reject', application: a })} />
                      ),
                  },
                ]}
              />
              <Pager pageNum={page.pageNum} totalPages={page.totalPages} onPage={setPageNo} />
            </>
          )
        }
      </QueryView>

      {dialog?.kind === 'images' && <ApplicationImagesDialog application={dialog.application} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <PromotionDialog promotion={dialog.promotion} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'approve' && (
        <ActionDialog
          title={t('promotions.approveTitle')}
          confirmLabel={t('actions.approve')}
          run={() => act('opsApproveApplication', { body: { entryId: dialog.application.entryId } })}
          onClose={() => setDialog(null)}
        >
          {summary(dialog.application)}
        </ActionDialog>
      )}
      {dialog?.kind === 'reject' && (
        <TextActionDialog
          title={t('promotions.rejectTitle')}
          confirmLabel={t('actions.reject')}
          tone="danger"
          summary={summary(dialog.application)}
          label={t('fields.reason')}
          hint={t('promotions.rejectHint')}
          schema={http.opsRejectApplication.body.shape.reason}
          invalidMessage={t('fields.reasonInvalid')}
          run={(reason) => act('opsRejectApplication', { body: { entryId: dialog.application.entryId, reason: reason ?? '' } })}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
