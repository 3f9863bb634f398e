import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EXECUTION_CODES } from '@shared/contract/messages';
import { OpsAnnouncement, PUBLISHED_ANNOUNCEMENT_TYPES, PublishAnnouncementRequest } from '@shared/contract/operator-money';
import { Modal } from '@client/components/modal';
import { SafeHtml } from '@client/components/safe-html';
import { HtmlField } from '../components/html-field';
import { RefreshButton } from '../components/list-filters';
import { ActionDialog, Field, OpsTable, QueryView, StatusBadge } from '../components/ops-ui';
import { OrderSummary } from '../components/order-summary';
import { formatDateTime, localInputToIso } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';
import { useDraftForm } from '../use-draft-form';

type Announcement = z.infer<typeof OpsAnnouncement>;
type PublishedType = (typeof PUBLISHED_ANNOUNCEMENT_TYPES)[number];
type Execution = (typeof EXECUTION_CODES)[number];

interface Draft {
  type: PublishedType;
  execution: Execution | '';
  title: string;
  content: string;
  promotionType: string;
  startsAt: string;
  endsAt: string;
}

const EMPTY_DRAFT: Draft = { type: 'PL', execution: '', title: '', content: '', promotionType: '', startsAt: '', endsAt: '' };

/** The publish form: type, popup execution code, title, HTML content with a preview, and an optional window. */
function PublishDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('operator');
  const act = useOpsAction();
  const { draft, set, errors, request, validate } = useDraftForm(EMPTY_DRAFT, {
    schema: PublishAnnouncementRequest,
    toRequest: (d) => ({
      type: d.type,
      title: d.title,
      content: d.content,
      promotionType: d.promotionType.trim() || undefined,
      execution: d.execution || undefined,
      startsAt: localInputToIso(d.startsAt),
      endsAt: localInputToIso(d.endsAt),
    }),
    check: (body) => ({
      execution: body.type === 'PU' && !body.execution ? t('announcements.executionRequired') : undefined,
      endsAt: body.startsAt && body.endsAt && body.endsAt <= body.startsAt ? t('announcements.endBeforeStart') : undefined,
    }),
  });

  return (
    <ActionDialog
      title={t('announcements.newTitle')}
      confirmLabel={t('announcements.publish')}
      size="large"
      validate={validate}
      run={() => act('opsPublishAnnouncement', { body: request() })}
      onClose={onClose}
    >
      <div className="ops-form__grid">
        <Field label={t('announcements.type')} hint={t('announcements.typeHint')}>
          {(control) => (
            <select {...control} className="select ops-select" value={draft.type} onChange={(e) => set('type', e.target.value as PublishedType)}>
              {PUBLISHED_ANNOUNCEMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`announcements.types.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('announcements.execution')} error={errors.execution} hint={t('announcements.executionHint')}>
          {(control) => (
            <select {...control} className="select ops-select" value={draft.execution} onChange={(e) => set('execution', e.target.value as Execution | '')}>
              <option value="">{t('announcements.executionNone')}</option>
              {EXECUTION_CODES.map((code) => (
                <option key={code} value={code}>
                  {t(`announcements.executions.${code}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label={t('announcements.titleField')} error={errors.title}>
        {(control) => <input {...control} className="ops-input" value={draft.title} onChange={(e) => set('title', e.target.value)} />}
      </Field>
      <HtmlField label={t('announcements.content')} error={errors.content} value={draft.content} onChange={(value) => set('content', value)} />
      <Field label={t('announcements.promotionType')} error={errors.promotionType} hint={t('announcements.promotionTypeHint')}>
        {(control) => <input {...control} className="ops-input" value={draft.promotionType} onChange={(e) => set('promotionType', e.target.value)} />}
      </Field>
      <div className="ops-form__grid">
        <Field label={t('announcements.startsAt')} error={errors.startsAt} hint={t('fields.optional')}>
          {(control) => <input {...control} className="ops-input" type="datetime-local" value={draft.startsAt} onChange={(e) => set('startsAt', e.target.value)} />}
        </Field>
        <Field label={t('announcements.endsAt')} error={errors.endsAt} hint={t('fields.optional')}>
          {(control) => <input {...control} className="ops-input" type="datetime-local" value={draft.endsAt} onChange={(e) => set('endsAt', e.target.value)} />}
        </Field>
      </div>
    </ActionDialog>
  );
}

type Dialog = { kind: 'publish' } | { kind: 'preview' | 'takeDown'; item: Announcement } | null;

/** Announcements and popups (types PL, PU, PR, H; B items are the banners): publish, read, take down. */
export function AnnouncementsPage() {
  const { t } = useTranslation(['operator', 'common']);
  const act = useOpsAction();
  const announcements = useOpsQuery('opsAnnouncements');
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <div className="ops-page">
      <div className="ops-toolbar">
        <p className="ops-toolbar__text">{t('operator:announcements.intro')}</p>
        <div className="ops-toolbar__end">
          <RefreshButton onRefresh={() => void announcements.refetch()} busy={announcements.isFetching} />
          <button type="button" className="button button--primary button--compact" onClick={() => setDialog({ kind: 'publish' })}>
            <Plus aria-hidden size={16} />
            {t('operator:announcements.new')}
          </button>
        </div>
      </div>
      <QueryView query={announcements}>
        {(list) =>
          list.length === 0 ? (
            <p className="ops-empty">{t('operator:list.empty')}</p>
          ) : (
            <OpsTable
              caption={t('operator:nav.announcements')}
              rows={list}
              rowKey={(item) => item.id}
              columns={[
                { label: t('operator:list.time'), className: 'ops-nowrap', render: (item) => formatDateTime(item.createdAt) },
                { label: t('operator:announcements.type'), render: (item) => <span className="tag">{item.type}</span> },
                {
                  label: t('operator:announcements.titleField'),
                  render: (item) => (
                    <>
                      {item.title}
                      {item.promotionType && <span className="ops-sub">{t('operator:announcements.promotion', { type: item.promotionType })}</span>}
                    </>
                  ),
                },
                { label: t('operator:announcements.execution'), render: (item) => item.execution ?? '—' },
                {
                  label: t('operator:list.status'),
                  render: (item) => (
                    <StatusBadge tone={item.active ? 'ok' : 'muted'}>{item.active ? t('operator:announcements.active') : t('operator:announcements.inactive')}</StatusBadge>
                  ),
                },
                {
                  label: t('operator:announcements.window'),
                  className: 'ops-nowrap',
                  render: (item) =>
                    item.startsAt || item.endsAt ? `${formatDateTime(item.startsAt)} – ${formatDateTime(item.endsAt)}` : t('operator:announcements.always'),
                },
                {
                  label: t('operator:list.actions'),
                  render: (item) => (
                    <div className="ops-row-actions">
                      <button type="button" className="button button--ghost button--compact" onClick={() => setDialog({ kind: 'preview', item })}>
                        {t('operator:announcements.read')}
                      </button>
                      {item.active && (
                        <button type="button" className="button button--outline button--compact" onClick={() => setDialog({ kind: 'takeDown', item })}>
                          {t('operator:announcements.takeDown')}
                        </button>
                      )}
                    </div>
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>

      {dialog?.kind === 'publish' && <PublishDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'preview' && (
        <Modal title={dialog.item.title} closeLabel={t('common:actions.close')} onClose={() => setDialog(null)} size="large" layer={50}>
          <SafeHtml html={dialog.item.content} className="rich-text" />
        </Modal>
      )}
      {dialog?.kind === 'takeDown' && (
        <ActionDialog
          title={t('operator:announcements.takeDownTitle')}
          confirmLabel={t('operator:announcements.takeDown')}
          tone="danger"
          run={() => act('opsWithdrawAnnouncement', { query: { id: dialog.item.id } })}
          onClose={() => setDialog(null)}
        >
          <OrderSummary
            rows={[
              [t('operator:announcements.type'), dialog.item.type],
              [t('operator:announcements.titleField'), dialog.item.title],
            ]}
          />
          <p className="ops-dialog__text">{t('operator:announcements.takeDownText')}</p>
        </ActionDialog>
      )}
    </div>
  );
}
