import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { DownlineMemberDetail } from '@shared/contract/agent';
import type { Contract, ContractStatus } from '@shared/contract/contracts';
import { selectContract, selectContractActions, selectContractError, selectIsSubmitting, type ContractUiAction } from '@machines/contracts/contract.selectors';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { ContractTerms } from '@client/components/contract-terms';
import { FormAlert } from '@client/components/form';
import { Pager } from '@client/components/records/pager';
import { QueryStates } from '@client/components/records/query-states';
import { StatusTag, type StatusTone } from '@client/components/records/status-tag';
import { useErrorText } from '@client/components/use-error-text';
import { actorOptions } from '@client/lib/actor-inspection';
import { formatDateTime } from '@client/lib/format';
import { useApi } from '@client/state/api';
import { useBus, useSessionInfo } from '@client/state/app-actor';
import { useApiQuery } from '@client/state/queries';
import { createUplineContractLogic } from '../contract-offers.actors';
import { ContractOfferForm } from './contract-offer-form';
import '@client/components/contracts.css';

const TONE: Record<ContractStatus, StatusTone> = {
  requested: 'pending',
  valid: 'success',
  terminationRequested: 'pending',
  rejected: 'danger',
  terminated: 'neutral',
  expired: 'neutral',
};

/** The agent's answers on a contract it gave; the ending ones are asked twice. */
const EVENT_OF = {
  withdraw: 'contract.withdraw',
  requestTermination: 'termination.request',
  confirmTermination: 'termination.confirm',
  refuseTermination: 'termination.refuse',
} as const satisfies Partial<Record<ContractUiAction, string>>;
type AgentAction = keyof typeof EVENT_OF;
const ASKS_FIRST = ['withdraw', 'requestTermination', 'confirmTermination'] as const;
type AskedAction = (typeof ASKS_FIRST)[number];
const asksFirst = (action: AgentAction): action is AskedAction => (ASKS_FIRST as readonly string[]).includes(action);
const isAgentAction = (action: ContractUiAction): action is AgentAction => action in EVENT_OF;

/** One contract the agent gave the member, with its state and what the agent can do about it now. */
function GivenContract({ contract: listed, memberId }: { contract: Contract; memberId: number }) {
  const { t } = useTranslation(['agent', 'common']);
  const api = useApi();
  const queryClient = useQueryClient();
  const bus = useBus();
  const logic = useMemo(() => createUplineContractLogic(api, queryClient, memberId), [api, queryClient, memberId]);
  const actor = useActorRef(logic, { ...actorOptions, input: { role: 'UPLINE', contract: listed, memberId, bus, now: Date.now } });
  // The machine's copy: the listed one with the answers given here and the member's pushed ones.
  const contract = useSelector(actor, selectContract) ?? listed;
  const actions = useSelector(actor, selectContractActions).filter(isAgentAction);
  const busy = useSelector(actor, selectIsSubmitting);
  const error = useSelector(actor, selectContractError);
  const { flowError } = useErrorText();
  const [asking, setAsking] = useState<AskedAction | null>(null);
  const kind = t(`agent:contracts.kinds.${contract.kind}`);
  const act = (action: AgentAction) => {
    setAsking(null);
    actor.send({ type: EVENT_OF[action] });
  };
  return (
    <li className="agent-card given-contract" aria-label={t('agent:contracts.given.item', { kind, status: t(`agent:contracts.statuses.${contract.status}`) })}>
      <div className="given-contract__head">
        <h4 className="agent-card__title">{kind}</h4>
        <StatusTag tone={TONE[contract.status]} label={t(`agent:contracts.statuses.${contract.status}`)} />
      </div>
      {contract.status === 'terminationRequested' && (
        <p className="contract-popup__more">{t(`agent:contracts.given.terminationBy.${contract.terminationRequestedBy ?? 'DOWNLINE'}`)}</p>
      )}
      {contract.endReason && (
        <p className="contract-popup__more">
          {t(`agent:contracts.endReasons.${contract.endReason}`)} · {formatDateTime(contract.endedAt)}
        </p>
      )}
      {error && <FormAlert>{flowError(error)}</FormAlert>}
      <ContractTerms contract={contract} />
      {actions.length > 0 && (
        <div className="contract-popup__actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'refuseTermination' ? 'button button--primary' : 'button button--outline'}
              disabled={busy}
              onClick={() => (asksFirst(action) ? setAsking(action) : act(action))}
            >
              {t(`agent:contracts.given.actions.${action}`)}
            </button>
          ))}
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={t(`agent:contracts.given.actions.${asking}`)}
          text={t(`agent:contracts.given.confirm.${asking}`, { kind, account: contract.downlineAccount })}
          confirmLabel={t(`agent:contracts.given.actions.${asking}`)}
          cancelLabel={t('common:actions.cancel')}
          closeLabel={t('common:actions.close')}
          onConfirm={() => act(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </li>
  );
}

/** Contracts the agent holds in force: the kinds it may offer (docs/contracts.md, Cascade). */
const inForce = (contract: Contract) => contract.status === 'valid' || contract.status === 'terminationRequested';

/**
 * The contracts between the agent and one direct member (AGENT-14..18): every contract the agent
 * gave it, newest first, each with its state (offered, in force, rejected, ended...) and the
 * agent's actions on it, and a form to offer a new one. Members further down get their contracts
 * from their own upline, so the section shows for direct members only.
 */
export function DownlineContracts({ member }: { member: DownlineMemberDetail }) {
  const { t } = useTranslation('agent');
  const me = useSessionInfo().member?.account;
  const [page, setPage] = useState(1);
  const info = useApiQuery('consolidatedContractInfo');
  const given = useApiQuery('agentContracts', { query: { memberId: member.memberId, pageNo: page } });
  // An agent offers what it holds in force itself, and a plain member only the real-time salary agreement.
  const own = (info.data?.contracts ?? []).filter((c) => c.downlineAccount === me && inForce(c) && (member.kind === 'AGENT' || c.kind === 'REALTIME'));
  return (
    <div className="downline-contracts">
      <section className="agent-card" aria-labelledby="given-contracts-title">
        <h3 id="given-contracts-title" className="agent-card__title">
          {t('contracts.given.title')}
        </h3>
        <QueryStates query={given}>
          {(data) =>
            data.list.length === 0 ? (
              <p className="contract-popup__more">{t('contracts.given.none', { account: member.account })}</p>
            ) : (
              <>
                <ul className="given-contracts">
                  {data.list.map((contract) => (
                    // A contract that changed state starts a fresh machine from its new state.
                    <GivenContract key={`${contract.contractId}:${contract.status}`} contract={contract} memberId={member.memberId} />
                  ))}
                </ul>
                <Pager page={page} totalPages={data.totalPages} onPage={setPage} />
              </>
            )
          }
        </QueryStates>
      </section>
      {info.isSuccess &&
        (own.length > 0 ? (
          <ContractOfferForm memberId={member.memberId} account={member.account} own={own} />
        ) : (
          <p className="contract-popup__more">{t(member.kind === 'AGENT' ? 'contracts.offer.nothingToOffer' : 'contracts.offer.nothingToOfferMember')}</p>
        ))}
    </div>
  );
}
