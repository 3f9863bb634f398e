import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ActionDialog, Field, OpsNotice } from './ops-ui';
import { OrderSummary } from './order-summary';

type Direction = 'credit' | 'debit';

/** An adjustment the operator has reviewed and is asked to confirm. */
export interface Adjustment {
  /** Signed: positive credits, negative debits. */
  amount: number;
  reason: string;
  /** One key per confirmation: a retried confirm cannot apply the adjustment twice. */
  requestId: string;
}

export interface MemberAdjustmentProps {
  account: string;
  title: string;
  amountLabel: string;
  amountHint: string;
  amountInvalid: string;
  inputMode: 'decimal' | 'numeric';
  /** The typed amount as a number above zero, or null when it is not one. */
  parseAmount: (text: string) => number | null;
  /** An amount without its sign, as the confirmation shows it. */
  formatAmount: (magnitude: number) => string;
  /** The contract's own schema for the reason. */
  reasonSchema: z.ZodType<string>;
  reasonHint: string;
  confirmTitle: string;
  /** Sends the adjustment; resolves with the notice to show once it went through. */
  apply: (adjustment: Adjustment) => Promise<string>;
}

/** A credit or debit of one of a member's holdings, with a reason, applied after a confirmation step. */
export function MemberAdjustment({
  account,
  title,
  amountLabel,
  amountHint,
  amountInvalid,
  inputMode,
  parseAmount,
  formatAmount,
  reasonSchema,
  reasonHint,
  confirmTitle,
  apply,
}: MemberAdjustmentProps) {
  const { t } = useTranslation('operator');
  const titleId = useId();
  const [direction, setDirection] = useState<Direction>('credit');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [pending, setPending] = useState<Adjustment | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmount(amountText);
    const reasonOk = reasonSchema.safeParse(reason).success;
    setErrors({ amount: amount === null ? amountInvalid : undefined, reason: reasonOk ? undefined : t('fields.reasonInvalid') });
    if (amount === null || !reasonOk) return;
    setDone(null);
    setPending({ amount: direction === 'credit' ? amount : -amount, reason: reason.trim(), requestId: crypto.randomUUID() });
  };

  return (
    <section className="ops-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="ops-card__title">
        {title}
      </h2>
      <form className="ops-form" onSubmit={review} noValidate>
        <div className="ops-segmented" role="radiogroup" aria-label={t('members.direction')}>
          {(['credit', 'debit'] as const).map((option) => (
            <label key={option} className="ops-segmented__option">
              <input type="radio" name="direction" value={option} checked={direction === option} onChange={() => setDirection(option)} />
              <span>{t(`members.${option}`)}</span>
            </label>
          ))}
        </div>
        <Field label={amountLabel} error={errors.amount} hint={amountHint}>
          {(control) => <input {...control} className="ops-input ops-input--short" inputMode={inputMode} value={amountText} onChange={(e) => setAmountText(e.target.value)} />}
        </Field>
        <Field label={t('fields.reason')} error={errors.reason} hint={reasonHint}>
          {(control) => <textarea {...control} className="ops-input ops-textarea" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <div className="ops-form__actions">
          <button type="submit" className="button button--primary">
            {t('members.review')}
          </button>
        </div>
      </form>
      {done && <OpsNotice>{done}</OpsNotice>}
      {pending && (
        <ActionDialog
          title={confirmTitle}
          confirmLabel={pending.amount > 0 ? t('members.confirmCredit') : t('members.confirmDebit')}
          tone={pending.amount > 0 ? 'primary' : 'danger'}
          size="medium"
          run={async () => {
            setDone(await apply(pending));
            setAmountText('');
            setReason('');
          }}
          onClose={() => setPending(null)}
        >
          <OrderSummary
            rows={[
              [t('list.member'), account],
              [t('members.change'), `${pending.amount > 0 ? '+' : '−'}${formatAmount(Math.abs(pending.amount))}`],
              [t('fields.reason'), pending.reason],
            ]}
          />
          <p className="ops-dialog__text">{t('members.confirmText')}</p>
        </ActionDialog>
      )}
    </section>
  );
}
