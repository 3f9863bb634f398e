import { useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { CircleCheck, ImageUp, ShieldAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PROOF_MAX_BYTES, PROOF_MAX_COUNT, type WithdrawalOrder } from '@shared/contract/wallet-payments';
import type { BusStreams } from '@machines/app/bus-bridge';
import {
  selectConfirmationError,
  selectConfirmationStep,
  selectConfirmedWithdrawal,
  selectDisputeIssue,
  selectProofRejections,
  selectProofs,
} from '@machines/wallet/withdrawal-confirmation.selectors';
import { PROOF_TYPES, REMARK_MAX_LENGTH, type ProofCandidate } from '@machines/wallet/withdrawal-confirmation.types';
import { useApi } from '@client/state/api';
import { Amount } from '@client/components/amount';
import { FormAlert, TextField } from '@client/components/form';
import { formatDateTime } from '@client/lib/format';
import { formatMoney, parseMoneyInput } from '@client/lib/money';
import { createWithdrawalConfirmationLogic } from '../wallet.actors';
import { ProofImage } from './proof-image';
import { actorOptions } from '@client/lib/actor-inspection';

const MS_PER_MINUTE = 60_000;
const MAX_MEGABYTES = PROOF_MAX_BYTES / (1024 * 1024);

/** How long ago, as the auto-receive clock counts it, the payment went out. */
const elapsedSinceDisbursement = (withdrawal: WithdrawalOrder, minutes: number, now: number): number => {
  if (withdrawal.autoReceiveAt) return minutes * MS_PER_MINUTE - Math.max(0, Date.parse(withdrawal.autoReceiveAt) - now);
  return withdrawal.disbursedAt ? Math.max(0, now - Date.parse(withdrawal.disbursedAt)) : 0;
};

const sizeLabel = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

let proofSequence = 0;
const toCandidate = (file: File): ProofCandidate => ({ id: `proof-${++proofSequence}`, name: file.name, type: file.type, size: file.size, source: file });

type Outcome = 'received' | 'notReceived' | 'autoReceived';

const outcomeOf = (withdrawal: WithdrawalOrder): Outcome | null => {
  if (withdrawal.status === 'NOT_RECEIVED') return 'notReceived';
  if (withdrawal.status === 'RECEIVED') return withdrawal.confirmation?.forced ? 'autoReceived' : 'received';
  return null;
};

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('wallet');
  return (
    <p className={`confirmation__outcome confirmation__outcome--${outcome}`} role="status">
      {outcome === 'notReceived' ? <ShieldAlert aria-hidden size={18} /> : <CircleCheck aria-hidden size={18} />}
      {t(`confirmation.outcome.${outcome}`)}
    </p>
  );
}

/** WALLET-14: how a settled withdrawal ended, with what arrived, what is outstanding and the proof images. */
export function ConfirmationDetails({ withdrawal }: { withdrawal: WithdrawalOrder }) {
  const { t } = useTranslation('wallet');
  const outcome = outcomeOf(withdrawal);
  const confirmation = withdrawal.confirmation;
  return (
    <div className="confirmation-details">
      {outcome && <OutcomeLine outcome={outcome} />}
      {confirmation && (
        <>
          <dl className="confirmation-details__figures">
            <div>
              <dt>{t('confirmation.receivedAmount')}</dt>
              <dd>
                <Amount value={confirmation.receivedAmount} />
              </dd>
            </div>
            <div>
              <dt>{t('confirmation.remainingAmount')}</dt>
              <dd>
                <Amount value={confirmation.remainingAmount} />
              </dd>
            </div>
            <div>
              <dt>{t('confirmation.confirmedAt')}</dt>
              <dd>{formatDateTime(confirmation.confirmedAt)}</dd>
            </div>
          </dl>
          {confirmation.remark && <p className="confirmation-details__remark">{confirmation.remark}</p>}
          {confirmation.forced && <p className="form-field__hint">{t('confirmation.forcedNote')}</p>}
          {confirmation.proofIds.length > 0 && (
            <ul className="proof-gallery" aria-label={t('confirmation.proofImages')}>
              {confirmation.proofIds.map((proofId, index) => (
                <li key={proofId}>
                  <ProofImage proofId={proofId} label={t('confirmation.proofAlt', { number: index + 1 })} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

export interface WithdrawalConfirmationProps {
  withdrawal: WithdrawalOrder;
  bus: BusStreams;
  autoReceiveMinutes: number;
}

/** After a payout the player confirms it received or not received with proof (WALLET-12 to WALLET-16). */
export function WithdrawalConfirmation({ withdrawal, bus, autoReceiveMinutes }: WithdrawalConfirmationProps) {
  const { t, i18n } = useTranslation(['wallet', 'errors']);
  const api = useApi();
  const queryClient = useQueryClient();
  const logic = useMemo(
    () => createWithdrawalConfirmationLogic(api, () => void queryClient.invalidateQueries({ queryKey: ['withdrawalRecord'] })),
    [api, queryClient],
  );
  const confirmation = useActorRef(logic, {
    ...actorOptions,
    input: { withdrawal, bus, autoReceiveMinutes, elapsedMs: elapsedSinceDisbursement(withdrawal, autoReceiveMinutes, Date.now()) },
  });
  const step = useSelector(confirmation, selectConfirmationStep);
  const proofs = useSelector(confirmation, selectProofs);
  const rejections = useSelector(confirmation, selectProofRejections);
  const issue = useSelector(confirmation, selectDisputeIssue);
  const error = useSelector(confirmation, selectConfirmationError);
  const settled = useSelector(confirmation, selectConfirmedWithdrawal);
  const fileInput = useRef<HTMLInputElement>(null);
  const [receivedText, setReceivedText] = useState('');
  const [remark, setRemark] = useState('');
  const money = (amount: number) => formatMoney(amount, i18n.language);

  if (step === 'received' || step === 'notReceived' || step === 'autoReceived') {
    // The server's answer tells the whole outcome; a receipt the clock forced here has no answer yet.
    const answered = settled as WithdrawalOrder;
    return (
      <div className="confirmation confirmation--done">
        {outcomeOf(answered) ? <ConfirmationDetails withdrawal={answered} /> : <OutcomeLine outcome={step} />}
      </div>
    );
  }
  if (step === 'notDisbursed') return null;

  const busy = step === 'submitting';
  const pickFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) confirmation.send({ type: 'proof.add', files: files.map(toCandidate) });
  };
  const submitDispute = (event: FormEvent) => {
    event.preventDefault();
    const received = parseMoneyInput(receivedText);
    confirmation.send({ type: 'dispute.submit', receivedAmount: received, remark });
  };

  return (
    <div className="confirmation" aria-busy={busy}>
      <p className="confirmation__question">
        {t('wallet:confirmation.question', { amount: money(withdrawal.amount), bank: withdrawal.bankName, number: withdrawal.accountNoMasked })}
      </p>
      {withdrawal.autoReceiveAt && <p className="form-field__hint">{t('wallet:confirmation.autoReceiveAt', { time: formatDateTime(withdrawal.autoReceiveAt) })}</p>}
      {error && <FormAlert>{t(`errors:${error.code}`)}</FormAlert>}
      {step === 'disputing' || (busy && proofs.length > 0) ? (
        <form className="money-form money-form--nested" onSubmit={submitDispute} noValidate aria-label={t('wallet:confirmation.disputeTitle')}>
          <div className="form-field">
            <span className="form-field__label">{t('wallet:confirmation.proofLabel', { max: PROOF_MAX_COUNT, megabytes: MAX_MEGABYTES })}</span>
            <input
              ref={fileInput}
              className="visually-hidden"
              type="file"
              accept={PROOF_TYPES.join(',')}
              multiple
              onChange={pickFiles}
              aria-label={t('wallet:confirmation.pickProof')}
              disabled={busy}
            />
            <button type="button" className="button button--outline button--compact proof-picker" onClick={() => fileInput.current?.click()} disabled={busy || proofs.length >= PROOF_MAX_COUNT}>
              <ImageUp aria-hidden size={16} />
              {t('wallet:confirmation.pickProof')}
            </button>
            {proofs.length > 0 && (
              <ul className="proof-list" aria-label={t('wallet:confirmation.pickedProofs')}>
                {proofs.map((proof) => (
                  <li key={proof.id} className="proof-list__item">
                    <span className="proof-list__name">{proof.name}</span>
                    <span className="proof-list__size">{sizeLabel(proof.size)}</span>
                    <button
                      type="button"
                      className="icon-button icon-button--small"
                      onClick={() => confirmation.send({ type: 'proof.remove', id: proof.id })}
                      aria-label={t('wallet:confirmation.removeProof', { name: proof.name })}
                      disabled={busy}
                    >
                      <X aria-hidden size={14} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {rejections.map((rejection) => (
              <p key={`${rejection.name}-${rejection.reason}`} className="form-field__error" role="alert">
                {t(`wallet:confirmation.rejected.${rejection.reason}`, { name: rejection.name, max: PROOF_MAX_COUNT, megabytes: MAX_MEGABYTES })}
              </p>
            ))}
          </div>
          <TextField
            label={t('wallet:confirmation.receivedLabel')}
            inputMode="decimal"
            autoComplete="off"
            value={receivedText}
            onChange={(e) => setReceivedText(e.target.value)}
            hint={t('wallet:confirmation.receivedHint', { amount: money(withdrawal.amount) })}
            error={issue === 'receivedAmount' ? t('wallet:confirmation.issues.receivedAmount', { amount: money(withdrawal.amount) }) : null}
            disabled={busy}
          />
          <TextField
            label={t('wallet:confirmation.remarkLabel')}
            value={remark}
            maxLength={REMARK_MAX_LENGTH}
            onChange={(e) => setRemark(e.target.value)}
            error={issue === 'remarkTooLong' ? t('wallet:confirmation.issues.remarkTooLong', { max: REMARK_MAX_LENGTH }) : null}
            disabled={busy}
          />
          {issue === 'proofRequired' && <FormAlert>{t('wallet:confirmation.issues.proofRequired')}</FormAlert>}
          <div className="money-form__actions">
            <button type="button" className="button button--ghost button--compact" onClick={() => confirmation.send({ type: 'dispute.cancel' })} disabled={busy}>
              {t('wallet:confirmation.back')}
            </button>
            <button type="submit" className="button button--primary button--compact" disabled={busy} aria-busy={busy}>
              {t('wallet:confirmation.sendDispute')}
            </button>
          </div>
        </form>
      ) : (
        <div className="money-form__actions">
          <button type="button" className="button button--primary button--compact" onClick={() => confirmation.send({ type: 'receipt.confirm' })} disabled={busy} aria-busy={busy}>
            {t('wallet:confirmation.received')}
          </button>
          <button type="button" className="button button--outline button--compact" onClick={() => confirmation.send({ type: 'receipt.dispute' })} disabled={busy}>
            {t('wallet:confirmation.notReceived')}
          </button>
        </div>
      )}
    </div>
  );
}
