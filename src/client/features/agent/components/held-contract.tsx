import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@shared/contract/contracts';
import { selectContract } from '@machines/contracts/contract.selectors';
import { ContractTerms } from '@client/components/contract-terms';
import { actorOptions } from '@client/lib/actor-inspection';
import { useApi } from '@client/state/api';
import { useBus } from '@client/state/app-actor';
import { createHolderContractLogic } from '../contract-offers.actors';
import { ContractActionBar } from './contract-action-bar';

/** The holder's answers on a contract it holds; offers are answered in the contract popup. */
const HOLDER_ACTIONS = ['requestTermination', 'confirmTermination', 'refuseTermination'] as const;

/**
 * A contract the agent holds, on its own contract pages (AGENT-18): its terms and state, and what
 * the holder can do about it now, ask to end it, or confirm or refuse its upline's request to end it.
 */
function HeldContractWithActions({ contract: listed }: { contract: Contract }) {
  const { t } = useTranslation('agent');
  const api = useApi();
  const queryClient = useQueryClient();
  const bus = useBus();
  const logic = useMemo(() => createHolderContractLogic(api, queryClient), [api, queryClient]);
  const actor = useActorRef(logic, { ...actorOptions, input: { role: 'DOWNLINE', contract: listed, bus, now: Date.now } });
  // The machine's copy: the read one with the answers given here and the upline's pushed ones.
  const contract = useSelector(actor, selectContract) ?? listed;
  const kind = t(`contracts.kinds.${contract.kind}`);
  // Named mid-sentence in every text here.
  const upline = contract.uplineAccount ?? t('contracts.held.platform');
  return (
    <>
      {contract.status === 'terminationRequested' && (
        <p className="contract-popup__more">{t(`contracts.held.terminationBy.${contract.terminationRequestedBy ?? 'UPLINE'}`, { upline })}</p>
      )}
      <ContractTerms contract={contract} />
      <ContractActionBar
        actor={actor}
        actions={HOLDER_ACTIONS}
        label={(action) => t(`contracts.held.actions.${action}`)}
        question={(action) => t(`contracts.held.confirm.${action}`, { kind, upline })}
      />
    </>
  );
}

/** A contract that changed state starts a fresh machine from its new state. */
export function HeldContract({ contract }: { contract: Contract }) {
  return <HeldContractWithActions key={`${contract.contractId}:${contract.status}`} contract={contract} />;
}
