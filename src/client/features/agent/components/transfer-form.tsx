import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ArrowRightLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TransferReceipt } from '@shared/contract/agent';
import { Amount } from '@client/components/amount';
import { FormAlert, TextField } from '@client/components/form';
import type { ApiCallError } from '@client/lib/api-client';
import { formatMoney, parseMoneyInput } from '@client/lib/money';
import { useIdempotencyKey } from '@client/lib/idempotency';
import { transferFormIssue, type TransferFormIssue } from '../transfer-form-rules';

export interface TransferBody {
  amount: number;
  paymentPassword: string;
  requestId: string;
  remark?: string;
}

/**
 * A transfer of main-wallet money to one other member (an agent to its downline, a member to its
 * upline): amount, payment password and an optional remark. The request id stays the same while
 * the same amount and remark are sent again (a retry after a timeout or a wrong password cannot
 * move the money twice) and is renewed after a success.
 */
export function TransferForm({
  titleId,
  title,
  recipient,
  balance,
  send,
  onSent,
}: {
  titleId: string;
  title: string;
  /** Who receives the money, as shown to the sender. */
  recipient: string;
  /** The sender's main wallet; null while it has not loaded. */
  balance: number | null;
  send: (body: TransferBody) => Promise<TransferReceipt>;
  onSent?: (receipt: TransferReceipt) => void;
}) {
  const { t, i18n } = useTranslation(['agent', 'errors']);
  const key = useIdempotencyKey<{ amount: number; remark: string }>();
  const [amountText, setAmountText] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [remark, setRemark] = useState('');
  const [issue, setIssue] = useState<TransferFormIssue | null>(null);
  const transfer = useMutation<TransferReceipt, ApiCallError, TransferBody>({
    mutationFn: send,
    onSuccess: (receipt) => {
      key.settle();
      setAmountText('');
      setPaymentPassword('');
      setRemark('');
      onSent?.(receipt);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseMoneyInput(amountText);
    const found = transferFormIssue(amount, paymentPassword, balance);
    setIssue(found);
    if (found || amount === null) return;
    const note = remark.trim();
    transfer.mutate({ amount, paymentPassword, requestId: key.keyFor({ amount, remark: note }), ...(note ? { remark: note } : {}) });
  };

  const amountIssue = issue && issue !== 'passwordRequired' ? t(`agent:transfer.issues.${issue}`) : null;
  return (
    <form className="agent-card money-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className="agent-card__title">
        <ArrowRightLeft aria-hidden size={18} />
        {title}
      </h3>
      <p className="agent-transfer__to">{t('agent:transfer.to', { account: recipient })}</p>
      <TextField
        label={t('agent:transfer.amount')}
        inputMode="decimal"
        autoComplete="off"
        required
        value={amountText}
        onChange={(e) => setAmountText(e.target.value)}
        error={amountIssue}
        hint={balance === null ? undefined : t('agent:transfer.available', { amount: formatMoney(balance, i18n.language) })}
      />
      <TextField
        label={t('agent:transfer.paymentPassword')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        required
        value={paymentPassword}
        onChange={(e) => setPaymentPassword(e.target.value)}
        error={issue === 'passwordRequired' ? t('agent:transfer.issues.passwordRequired') : null}
      />
      <TextField label={t('agent:transfer.remark')} maxLength={200} autoComplete="off" value={remark} onChange={(e) => setRemark(e.target.value)} />
      {transfer.isError && <FormAlert>{t(`errors:${transfer.error.code}`)}</FormAlert>}
      {transfer.isSuccess && (
        <FormAlert tone="info">
          {t('agent:transfer.done', { account: transfer.data.counterparty.account })} <Amount value={transfer.data.amount} />
          {' · '}
          {t('agent:transfer.balanceNow')} <Amount value={transfer.data.balance} />
        </FormAlert>
      )}
      <button type="submit" className="button button--primary" disabled={transfer.isPending} aria-busy={transfer.isPending}>
        {t('agent:transfer.submit')}
      </button>
    </form>
  );
}
