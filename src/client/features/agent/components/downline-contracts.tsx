import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { DownlineMemberDetail } from '@shared/contract/agent';
import type { Contract, ContractStatus } from '@shared/contract/contracts';
import { selectContract } from '@machines/contracts/contract.selectors';
import { ContractTerms } from '@client/components/contract-terms';
import { Pager } from '@client/components/records/pager';
import { QueryStates } from '@client/components/records/query-states';
import { StatusTag, type StatusTone } from '@client/components/records/status-tag';
import { actorOptions } from '@client/lib/actor-inspection';
import { formatDateTime } from '@client/lib/format';
import { useApi } from '@client/state/api';
import { useBus, useSessionInfo } from '@client/state/app-actor';
import { useApiQuery } from '@client/state/queries';
import { createUplineContractLogic } from '../contract-offers.actors';
import { ContractActionBar } from './contract-action-bar';
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

/** The agent's answers on a contract it gave. */
const UPLINE_ACTIONS = ['withdraw', 'requestTermination', 'confirmTermination', 'refuseTermination'] as const;

/** One contract the agent gave the member, with its state and what the agent can do about it now. */
function GivenContract({ contract: listed, memberId }: { contract: Contract; memberId: number }) {
  const { t } = useTranslation('agent');
  const api = useApi();
  const queryClient = useQueryClient();
  const bus = useBus();
  const logic = useMemo(() => createUplineContractLogic(api, queryClient, memberId), [api, queryClient, memberId]);
  const actor = useActorRef(logic, { ...actorOptions, input: { role: 'UPLINE', contract: listed, memberId, bus, now: Date.now } });
  // The machine's copy: the listed one with the answers given here and the member's pushed ones.
  const contract = useSelector(actor, selectContract) ?? listed;
  const kind = t(`contracts.kinds.${contract.kind}`);
  return (
    <li className="agent-card given-contract" aria-label={t('contracts.given.item', { kind, status: t(`contracts.statuses.${contract.status}`) })}>
      <div className="given-contract__head">
        <h4 className="agent-card__title">{kind}</h4>
        <StatusTag tone={TONE[contract.status]} label={t(`contracts.statuses.${contract.status}`)} />
      </div>
      {contract.status === 'terminationRequested' && (
        <p className="contract-popup__more">{t(`contracts.given.terminationBy.${contract.terminationRequestedBy ?? 'DOWNLINE'}`)}</p>
      )}
      {contract.endReason && (
        <p className="contract-popup__more">
          {t(`contracts.endReasons.${contract.endReason}`)} · {formatDateTime(contract.endedAt)}
        </p>
      )}
      <ContractTerms contract={contract} />
      <ContractActionBar
        actor={actor}
        actions={UPLINE_ACTIONS}
        label={(action) => t(`contracts.given.actions.${action}`)}
        question={(action) => t(`contracts.given.confirm.${action}`, { kind, account: contract.downlineAccount })}
      />
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
