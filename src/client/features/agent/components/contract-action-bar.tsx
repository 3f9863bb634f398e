import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ContractMachine } from '@machines/contracts/contract.machine';
import { selectContractActions, selectContractError, selectIsSubmitting, type ContractUiAction } from '@machines/contracts/contract.selectors';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { FormAlert } from '@client/components/form';
import { useErrorText } from '@client/components/use-error-text';

/** The answers on a contract in force or on its way, from either side; the ending ones are asked twice. */
const EVENT_OF = {
  withdraw: 'contract.withdraw',
  requestTermination: 'termination.request',
  confirmTermination: 'termination.confirm',
  refuseTermination: 'termination.refuse',
} as const satisfies Partial<Record<ContractUiAction, string>>;
export type ContractBarAction = keyof typeof EVENT_OF;
const ASKS_FIRST = ['withdraw', 'requestTermination', 'confirmTermination'] as const;
export type AskedContractAction = (typeof ASKS_FIRST)[number];
const asksFirst = <A extends ContractBarAction>(action: A): action is A & AskedContractAction => (ASKS_FIRST as readonly string[]).includes(action);

export interface ContractActionBarProps<A extends ContractBarAction> {
  actor: ActorRefFrom<ContractMachine>;
  /** The answers this side ever gives here (accepting or rejecting an offer is the contract popup's question). */
  actions: readonly A[];
  /** A button's and its confirm dialog's title. */
  label: (action: A) => string;
  /** What the confirm step asks before an ending answer goes out. */
  question: (action: A & AskedContractAction) => string;
}

/**
 * What one side can do now about a contract, from its contract machine (AGENT-18): the buttons the
 * machine offers, a confirm step before an answer that ends something, and the server's refusal in words.
 */
export function ContractActionBar<A extends ContractBarAction>({ actor, actions: mine, label, question }: ContractActionBarProps<A>) {
  const { t } = useTranslation('common');
  const isMine = (action: ContractUiAction): action is A => (mine as readonly string[]).includes(action);
  const actions = useSelector(actor, selectContractActions).filter(isMine);
  const busy = useSelector(actor, selectIsSubmitting);
  const error = useSelector(actor, selectContractError);
  const { flowError } = useErrorText();
  const [asking, setAsking] = useState<(A & AskedContractAction) | null>(null);
  const act = (action: A) => {
    setAsking(null);
    actor.send({ type: EVENT_OF[action] });
  };
  return (
    <>
      {error && <FormAlert>{flowError(error)}</FormAlert>}
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
              {label(action)}
            </button>
          ))}
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={label(asking)}
          text={question(asking)}
          confirmLabel={label(asking)}
          cancelLabel={t('actions.cancel')}
          closeLabel={t('actions.close')}
          onConfirm={() => act(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}
