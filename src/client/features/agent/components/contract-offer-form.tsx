import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Contract, ContractKind } from '@shared/contract/contracts';
import { selectContractError, selectContractStep } from '@machines/contracts/contract.selectors';
import { FormAlert, SelectField } from '@client/components/form';
import { ContractOfferFields } from '@client/components/contract-offer-fields';
import { ContractTerms } from '@client/components/contract-terms';
import { useErrorText } from '@client/components/use-error-text';
import { actorOptions } from '@client/lib/actor-inspection';
import { useApi } from '@client/state/api';
import { useBus } from '@client/state/app-actor';
import { createUplineContractLogic } from '../contract-offers.actors';
import { draftFrom, parseDraft, type DraftProblems, type OfferDraft } from '@client/lib/contract-offer-draft';

/**
 * The agent offers one direct member a contract (AGENT-14..18, 23): a kind the agent holds itself
 * (a plain member only the real-time salary agreement), its terms filled in with the agent's own,
 * which are the most it may offer; the server refuses more with CONTRACT_LIMIT, shown here. The
 * offer runs the contract machine from the upline's side; once sent, it is listed with the
 * member's contracts and the form starts again.
 */
export function ContractOfferForm({ memberId, account, own }: { memberId: number; account: string; own: Contract[] }) {
  const { t } = useTranslation(['agent', 'common']);
  const [kind, setKind] = useState<ContractKind>(own[0]!.kind);
  const [sent, setSent] = useState(0);
  const onSent = useCallback(() => setSent((n) => n + 1), []);
  const ownOfKind = own.find((c) => c.kind === kind);
  return (
    <section className="agent-card contract-offer" aria-labelledby="contract-offer-title">
      <h3 id="contract-offer-title" className="agent-card__title">
        {t('agent:contracts.offer.title')}
      </h3>
      <SelectField label={t('agent:contracts.fields.kind')} value={kind} onChange={(e) => setKind(e.target.value as ContractKind)}>
        {own.map((c) => (
          <option key={c.kind} value={c.kind}>
            {t(`agent:contracts.kinds.${c.kind}`)}
          </option>
        ))}
      </SelectField>
      {sent > 0 && <FormAlert tone="info">{t('agent:contracts.offer.sent', { account })}</FormAlert>}
      {ownOfKind && (
        <details className="contract-offer__own">
          <summary>{t('agent:contracts.offer.yourContract')}</summary>
          <ContractTerms contract={ownOfKind} />
        </details>
      )}
      {/* A new draft per kind and after each offer sent: the form starts from the agent's own terms. */}
      <OfferDraftForm key={`${kind}:${sent}`} memberId={memberId} account={account} initial={draftFrom(kind, ownOfKind)} onSent={onSent} />
    </section>
  );
}

function OfferDraftForm({ memberId, account, initial, onSent }: { memberId: number; account: string; initial: OfferDraft; onSent: () => void }) {
  const { t } = useTranslation(['agent', 'common']);
  const api = useApi();
  const queryClient = useQueryClient();
  const bus = useBus();
  // Sent: the offer is listed with the member's contracts, and the form starts afresh.
  const logic = useMemo(() => createUplineContractLogic(api, queryClient, memberId, onSent), [api, queryClient, memberId, onSent]);
  const offer = useActorRef(logic, { ...actorOptions, input: { role: 'UPLINE', contract: null, memberId, bus, now: Date.now } });
  const step = useSelector(offer, selectContractStep);
  const error = useSelector(offer, selectContractError);
  const { flowError } = useErrorText();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<DraftProblems>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDraft(draft);
    if ('problems' in parsed) {
      setProblems(parsed.problems);
      return;
    }
    setProblems({});
    offer.send({ type: 'offer.submit', offer: parsed.offer });
  };

  const busy = step === 'submitting';
  return (
    <form className="contract-offer__form" aria-label={t('agent:contracts.offer.formLabel', { account })} onSubmit={submit} noValidate>
      {error && <FormAlert>{flowError(error)}</FormAlert>}
      <ContractOfferFields draft={draft} problems={problems} onChange={setDraft} />
      <div className="contract-popup__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          <Send aria-hidden size={16} />
          {t('agent:contracts.offer.submit')}
        </button>
      </div>
    </form>
  );
}
