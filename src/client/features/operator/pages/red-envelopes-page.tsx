import { useState } from 'react';
import { ListOrdered, Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SaveRedEnvelopeRequest, type OpsRedEnvelopeCampaign } from '@shared/contract/red-envelopes';
import { Modal } from '@client/components/modal';
import { HtmlField } from '../components/html-field';
import { RefreshButton } from '../components/list-filters';
import { ActionDialog, Field, OpsTable, Pager, QueryView, StatusBadge } from '../components/ops-ui';
import { formatDateTime, formatMoney, isoToLocalInput, localInputToIso } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';
import { useDraftForm } from '../use-draft-form';

interface CampaignDraft {
  title: string;
  rules: string;
  startTime: string;
  endTime: string;
  totalAmount: string;
  envelopeCount: string;
  minAmount: string;
  minDeposit: string;
  active: boolean;
}

const draftOf = (c: OpsRedEnvelopeCampaign | null): CampaignDraft =>
  c
    ? {
        title: c.title,
        rules: c.rules,
        startTime: isoToLocalInput(c.startTime),
        endTime: isoToLocalInput(c.endTime),
        totalAmount: String(c.totalAmount),
        envelopeCount: String(c.envelopeCount),
        minAmount: String(c.minAmount),
        minDeposit: String(c.minDeposit),
        active: c.active,
      }
    : { title: '', rules: '', startTime: '', endTime: '', totalAmount: '', envelopeCount: '', minAmount: '1', minDeposit: '0', active: true };

/** Adds a campaign (none given) or changes one; once an envelope is taken its amounts cannot change, so they are shown read-only. */
function CampaignDialog({ campaign, onClose }: { campaign: OpsRedEnvelopeCampaign | null; onClose: () => void }) {
  const { t } = useTranslation('operator');
  const act = useOpsAction();
  const { draft, set, errors, request, validate } = useDraftForm(() => draftOf(campaign), {
    schema: SaveRedEnvelopeRequest,
    toRequest: (d): SaveRedEnvelopeRequest => ({
      campaignId: campaign?.campaignId,
      title: d.title,
      rules: d.rules,
      startTime: localInputToIso(d.startTime) ?? '',
      endTime: localInputToIso(d.endTime) ?? '',
      totalAmount: Number(d.totalAmount),
      envelopeCount: Number(d.envelopeCount),
      minAmount: Number(d.minAmount),
      minDeposit: Number(d.minDeposit),
      active: d.active,
    }),
  });
  const amountsFixed = (campaign?.grabbedCount ?? 0) > 0;

  const amountField = (key: 'totalAmount' | 'envelopeCount' | 'minAmount', hint?: string) => (
    <Field label={t(`redEnvelopes.${key}`)} error={errors[key]} hint={hint}>
      {(control) => (
        <input
          {...control}
          className="ops-input"
          inputMode={key === 'envelopeCount' ? 'numeric' : 'decimal'}
          readOnly={amountsFixed}
          value={draft[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <ActionDialog
      title={campaign ? t('redEnvelopes.editTitle', { title: campaign.title }) : t('redEnvelopes.addTitle')}
      confirmLabel={t('redEnvelopes.save')}
      size="large"
      validate={validate}
      run={() => act('opsSaveRedEnvelope', { body: request() })}
      onClose={onClose}
    >
      <Field label={t('redEnvelopes.title')} error={errors.title}>
        {(control) => <input {...control} className="ops-input" value={draft.title} onChange={(e) => set('title', e.target.value)} />}
      </Field>
      <HtmlField label={t('redEnvelopes.rules')} error={errors.rules} value={draft.rules} onChange={(value) => set('rules', value)} />
      <div className="ops-form__grid">
        <Field label={t('redEnvelopes.startTime')} error={errors.startTime}>
          {(control) => <input {...control} type="datetime-local" className="ops-input" value={draft.startTime} onChange={(e) => set('startTime', e.target.value)} />}
        </Field>
        <Field label={t('redEnvelopes.endTime')} error={errors.endTime}>
          {(control) => <input {...control} type="datetime-local" className="ops-input" value={draft.endTime} onChange={(e) => set('endTime', e.target.value)} />}
        </Field>
      </div>
      {amountsFixed && <p className="ops-sub">{t('redEnvelopes.amountsFixed')}</p>}
      <div className="ops-form__grid">
        {amountField('totalAmount', t('redEnvelopes.totalHint'))}
        {amountField('envelopeCount')}
        {amountField('minAmount')}
        <Field label={t('redEnvelopes.minDeposit')} error={errors.minDeposit} hint={t('redEnvelopes.minDepositHint')}>
          {(control) => <input {...control} className="ops-input" inputMode="decimal" value={draft.minDeposit} onChange={(e) => set('minDeposit', e.target.value)} />}
        </Field>
      </div>
      <label className="ops-check">
        <input type="checkbox" checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
        {t('redEnvelopes.active')}
      </label>
    </ActionDialog>
  );
}

/** Who took an envelope of a campaign, newest first. */
function GrabsDialog({ campaign, onClose }: { campaign: OpsRedEnvelopeCampaign; onClose: () => void }) {
  const { t, i18n } = useTranslation(['operator', 'common']);
  const [pageNo, setPageNo] = useState(1);
  const grabs = useOpsQuery('opsRedEnvelopeGrabs', { query: { campaignId: campaign.campaignId, pageNo, pageSize: 20 } });
  return (
    <Modal title={t('operator:redEnvelopes.grabsTitle', { title: campaign.title })} closeLabel={t('common:actions.close')} onClose={onClose} size="large" layer={50}>
      <QueryView query={grabs}>
        {(page) => (
          <>
            <OpsTable
              caption={t('operator:redEnvelopes.grabsTitle', { title: campaign.title })}
              rows={page.list}
              rowKey={(g) => g.grabId}
              columns={[
                { label: t('operator:list.time'), className: 'ops-nowrap', render: (g) => formatDateTime(g.grabbedAt) },
                { label: t('operator:list.member'), render: (g) => g.account },
                { label: t('operator:list.amount'), className: 'ops-num', render: (g) => formatMoney(g.amount, i18n.language) },
              ]}
            />
            <Pager pageNum={page.pageNum} totalPages={page.totalPages} onPage={setPageNo} />
          </>
        )}
      </QueryView>
    </Modal>
  );
}

type Dialog = { kind: 'edit'; campaign: OpsRedEnvelopeCampaign | null } | { kind: 'grabs'; campaign: OpsRedEnvelopeCampaign } | null;

/**
 * Red envelopes (MEMBER-15): every campaign with what has been taken of it, added and changed here
 * (its amounts only until the first envelope is taken), and who took what.
 */
export function RedEnvelopesPage() {
  const { t, i18n } = useTranslation('operator');
  const [dialog, setDialog] = useState<Dialog>(null);
  const campaigns = useOpsQuery('opsRedEnvelopes');
  const money = (amount: number) => formatMoney(amount, i18n.language);

  return (
    <div className="ops-page">
      <div className="ops-toolbar">
        <button type="button" className="button button--primary button--compact" onClick={() => setDialog({ kind: 'edit', campaign: null })}>
          <Plus aria-hidden size={16} />
          {t('redEnvelopes.add')}
        </button>
        <div className="ops-toolbar__end">
          <RefreshButton onRefresh={() => void campaigns.refetch()} busy={campaigns.isFetching} />
        </div>
      </div>
      <QueryView query={campaigns}>
        {(list) => (
          <OpsTable
            caption={t('nav.redEnvelopes')}
            rows={list}
            rowKey={(c) => c.campaignId}
            columns={[
              { label: t('redEnvelopes.title'), render: (c) => c.title },
              { label: t('redEnvelopes.period'), className: 'ops-nowrap', render: (c) => `${formatDateTime(c.startTime)} – ${formatDateTime(c.endTime)}` },
              { label: t('redEnvelopes.totalAmount'), className: 'ops-num', render: (c) => money(c.totalAmount) },
              { label: t('redEnvelopes.taken'), className: 'ops-num', render: (c) => t('redEnvelopes.takenValue', { count: c.grabbedCount, of: c.envelopeCount, amount: money(c.grabbedAmount) }) },
              { label: t('redEnvelopes.minDeposit'), className: 'ops-num', render: (c) => money(c.minDeposit) },
              { label: t('list.status'), render: (c) => <StatusBadge tone={c.active ? 'ok' : 'muted'}>{c.active ? t('redEnvelopes.shown') : t('redEnvelopes.hidden')}</StatusBadge> },
              {
                label: t('list.actions'),
                render: (c) => (
                  <>
                    <button type="button" className="button button--ghost button--compact" onClick={() => setDialog({ kind: 'edit', campaign: c })} aria-label={t('redEnvelopes.editTitle', { title: c.title })}>
                      <Pencil aria-hidden size={14} />
                    </button>
                    <button type="button" className="button button--ghost button--compact" onClick={() => setDialog({ kind: 'grabs', campaign: c })} aria-label={t('redEnvelopes.grabsTitle', { title: c.title })}>
                      <ListOrdered aria-hidden size={14} />
                    </button>
                  </>
                ),
              },
            ]}
          />
        )}
      </QueryView>
      {dialog?.kind === 'edit' && <CampaignDialog campaign={dialog.campaign} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'grabs' && <GrabsDialog campaign={dialog.campaign} onClose={() => setDialog(null)} />}
    </div>
  );
}
