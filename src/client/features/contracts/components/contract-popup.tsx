import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectPopupBusy, selectPopupError, selectPopupQuestion, selectShownContract, selectWaitingAfterShown } from '@machines/contracts/contract-popup.selectors';
import { FormAlert } from '@client/components/form';
import { useErrorText } from '@client/components/use-error-text';
import type { ContractPopupRef } from '@client/state/app-actor';
import { ContractTerms } from '@client/components/contract-terms';
import '@client/components/contracts.css';

/**
 * What the contract popup shows (SHELL-24, AGENT-20): the contract waiting for the member, its
 * terms, and two answers, accept or reject an offer, confirm or refuse a termination. The popup
 * machine sends the answer and moves to the next one.
 */
export function ContractPopupContent({ popup }: { popup: ContractPopupRef }) {
  const { t } = useTranslation('agent');
  const contract = useSelector(popup, selectShownContract);
  const question = useSelector(popup, selectPopupQuestion);
  const waiting = useSelector(popup, selectWaitingAfterShown);
  const busy = useSelector(popup, selectPopupBusy);
  const error = useSelector(popup, selectPopupError);
  const { flowError } = useErrorText();
  if (!contract || !question) return null;
  const offerer = contract.uplineAccount ?? t('contracts.platform');
  return (
    <div className="contract-popup">
      <p className="contract-popup__lead">
        {question === 'offer'
          ? t('contracts.popup.offerLead', { offerer, kind: t(`contracts.kinds.${contract.kind}`) })
          : t('contracts.popup.terminationLead', { kind: t(`contracts.kinds.${contract.kind}`) })}
      </p>
      {error && <FormAlert>{flowError(error)}</FormAlert>}
      <ContractTerms contract={contract} />
      {waiting > 0 && <p className="contract-popup__more">{t('contracts.popup.more', { count: waiting })}</p>}
      <div className="contract-popup__actions">
        <button type="button" className="button button--outline" disabled={busy} onClick={() => popup.send({ type: 'contract.reject' })}>
          {t(question === 'offer' ? 'contracts.popup.reject' : 'contracts.popup.refuse')}
        </button>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => popup.send({ type: 'contract.accept' })}>
          {t(question === 'offer' ? 'contracts.popup.accept' : 'contracts.popup.confirm')}
        </button>
      </div>
    </div>
  );
}
