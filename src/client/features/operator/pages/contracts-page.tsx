import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_KINDS, CONTRACT_STATUSES, type Contract, type ContractAnswer, type ContractKind, type ContractStatus } from '@shared/contract/contracts';
import { toErrorCode, type ApiErrorCode } from '@shared/contract/errors';
import { ContractOfferFields } from '@client/components/contract-offer-fields';
import { ContractTerms } from '@client/components/contract-terms';
import { draftFrom, parseDraft, type DraftProblems } from '@client/lib/contract-offer-draft';
import { ChipFilter, RefreshButton, SearchBox } from '../components/list-filters';
import { ActionDialog, Field, OpsError, OpsNotice, OpsTable, Pager, QueryView, StatusBadge, type StatusTone } from '../components/ops-ui';
import { formatDateTime } from '../ops-format';
import { OPS_PAGE_SIZE, useOpsAction, useOpsQuery } from '../ops-api';
import '@client/components/contracts.css';

const TONE: Record<ContractStatus, StatusTone> = {
  requested: 'info',
  valid: 'ok',
  terminationRequested: 'warn',
  rejected: 'bad',
  terminated: 'muted',
  expired: 'muted',
};

/** The platform's answers on its own contracts (docs/contracts.md, Lifecycle): C withdraws, asks to end or confirms an end; R refuses one. */
type PlatformAction = 'withdraw' | 'requestTermination' | 'confirmTermination' | 'refuseTermination';
const LETTER: Record<PlatformAction, Exclude<ContractAnswer, 'A'>> = { withdraw: 'C', requestTermination: 'C', confirmTermination: 'C', refuseTermination: 'R' };

/** What the platform can do now on a contract it offered; nothing on an agent's contract with its member. */
const actionsOf = (contract: Contract): PlatformAction[] => {
  if (contract.uplineAccount !== null) return [];
  if (contract.status === 'requested') return ['withdraw'];
  if (contract.status === 'valid') return ['requestTermination'];
  if (contract.status === 'terminationRequested' && contract.action === 'TERMINATE') return ['confirmTermination', 'refuseTermination'];
  return [];
};

/** The platform offers a top-level agent a contract it pays (AGENT-18, AGENT-23); accepted, it replaces the agent's contract of that kind. */
function OfferToAgent() {
  const { t } = useTranslation(['operator', 'agent']);
  const act = useOpsAction();
  const [account, setAccount] = useState('');
  const [draft, setDraft] = useState(() => draftFrom('REALTIME', undefined));
  const [problems, setProblems] = useState<DraftProblems>({});
  const [accountMissing, setAccountMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiErrorCode | null>(null);
  const [sent, setSent] = useState<Contract | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const holder = account.trim();
    const parsed = parseDraft(draft);
    setAccountMissing(holder === '');
    setProblems('problems' in parsed ? parsed.problems : {});
    if (holder === '' || 'problems' in parsed) return;
    setBusy(true);
    setError(null);
    setSent(null);
    try {
      setSent(await act('opsContractOffer', { body: { ...parsed.offer, account: holder } }));
      setDraft(draftFrom(draft.kind, undefined));
    } catch (failure) {
      setError(toErrorCode(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ops-card" aria-labelledby="ops-contract-offer-title">
      <h2 id="ops-contract-offer-title" className="ops-card__title">
        {t('contracts.offerTitle')}
      </h2>
      <p className="ops-toolbar__text">{t('contracts.offerIntro')}</p>
      <form className="ops-form contract-offer__form" aria-label={t('contracts.offerTitle')} onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t('contracts.agentAccount')} error={accountMissing ? t('contracts.accountMissing') : null}>
          {(control) => <input {...control} className="ops-input" autoComplete="off" value={account} onChange={(e) => setAccount(e.target.value)} />}
        </Field>
        <Field label={t('agent:contracts.fields.kind')}>
          {(control) => (
            <select {...control} className="ops-input" value={draft.kind} onChange={(e) => setDraft(draftFrom(e.target.value as ContractKind, undefined))}>
              {CONTRACT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`agent:contracts.kinds.${kind}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ContractOfferFields draft={draft} problems={problems} onChange={setDraft} />
        {error && <OpsError code={error} />}
        {sent && <OpsNotice>{t('contracts.offered', { account: sent.downlineAccount, kind: t(`agent:contracts.kinds.${sent.kind}`) })}</OpsNotice>}
        <div className="ops-form__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {t('contracts.offerSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}

type Filter<V extends string> = V | 'all';

/**
 * Contracts (AGENT-14..19, 23): every contract, newest first, filtered by holder, kind and status,
 * with the platform's answers on the contracts it offered top-level agents, and its offer of a new one.
 */
export function ContractsPage() {
  const { t } = useTranslation(['operator', 'agent']);
  const act = useOpsAction();
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState<Filter<ContractKind>>('all');
  const [status, setStatus] = useState<Filter<ContractStatus>>('all');
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<{ contract: Contract; action: PlatformAction } | null>(null);
  const contracts = useOpsQuery('opsContracts', {
    query: { ...(account ? { account } : {}), ...(kind === 'all' ? {} : { kind }), ...(status === 'all' ? {} : { status }), pageNo: page, pageSize: OPS_PAGE_SIZE },
  });
  const refilter = <V,>(set: (value: V) => void) => (value: V) => {
    set(value);
    setPage(1);
  };

  return (
    <div className="ops-page">
      <OfferToAgent />
      <div className="ops-toolbar">
        <SearchBox label={t('contracts.holderSearch')} onSearch={refilter(setAccount)} />
        <div className="ops-toolbar__end">
          <RefreshButton onRefresh={() => void contracts.refetch()} busy={contracts.isFetching} />
        </div>
      </div>
      <ChipFilter
        label={t('contracts.kindFilter')}
        options={[{ value: 'all', label: t('list.all') }, ...CONTRACT_KINDS.map((value) => ({ value, label: t(`agent:contracts.kinds.${value}`) }))]}
        value={kind}
        onChange={refilter(setKind)}
      />
      <ChipFilter
        label={t('list.statusFilter')}
        options={[{ value: 'all', label: t('list.all') }, ...CONTRACT_STATUSES.map((value) => ({ value, label: t(`agent:contracts.statuses.${value}`) }))]}
        value={status}
        onChange={refilter(setStatus)}
      />
      <QueryView query={contracts}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="ops-empty">{t('list.empty')}</p>
          ) : (
            <>
              <OpsTable
                caption={t('nav.contracts')}
                rows={data.list}
                rowKey={(contract) => contract.contractId}
                columns={[
                  { label: t('contracts.holder'), className: 'ops-mono', render: (c) => c.downlineAccount },
                  { label: t('agent:contracts.fields.kind'), render: (c) => t(`agent:contracts.kinds.${c.kind}`) },
                  { label: t('list.status'), render: (c) => <StatusBadge tone={TONE[c.status]}>{t(`agent:contracts.statuses.${c.status}`)}</StatusBadge> },
                  { label: t('agent:contracts.fields.offerer'), render: (c) => c.uplineAccount ?? t('agent:contracts.platform') },
                  { label: t('contracts.requestedAt'), className: 'ops-nowrap', render: (c) => formatDateTime(c.requestedAt) },
                  { label: t('agent:contracts.fields.validFrom'), className: 'ops-nowrap', render: (c) => formatDateTime(c.validFrom) },
                  {
                    label: t('list.actions'),
                    render: (c) => (
                      <div className="ops-row-actions">
                        {actionsOf(c).map((action) => (
                          <button key={action} type="button" className="button button--ghost button--compact" onClick={() => setAnswering({ contract: c, action })}>
                            {t(`agent:contracts.given.actions.${action}`)}
                          </button>
                        ))}
                      </div>
                    ),
                  },
                ]}
              />
              <Pager pageNum={data.pageNum} totalPages={data.totalPages} onPage={setPage} />
            </>
          )
        }
      </QueryView>
      {answering && (
        <ActionDialog
          title={t(`agent:contracts.given.actions.${answering.action}`)}
          confirmLabel={t(`agent:contracts.given.actions.${answering.action}`)}
          tone={answering.action === 'refuseTermination' ? 'primary' : 'danger'}
          size="medium"
          run={() => act('opsContractAnswer', { body: { contractId: answering.contract.contractId, status: LETTER[answering.action], answering: answering.contract.status } })}
          onClose={() => setAnswering(null)}
        >
          <ContractTerms contract={answering.contract} />
          <p className="ops-dialog__text">{t(`contracts.answerText.${answering.action}`, { account: answering.contract.downlineAccount })}</p>
        </ActionDialog>
      )}
    </div>
  );
}
