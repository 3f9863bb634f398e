import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowUpFromLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@shared/contract/http';
import type { BankAccount, WithdrawalOrder } from '@shared/contract/wallet-payments';
import { useApi } from '@client/state/api';
import { Amount } from '@client/components/amount';
import { FormAlert, SelectField, TextField } from '@client/components/form';
import type { ApiCallError } from '@client/lib/api-client';
import { formatMoney, parseMoneyInput } from '@client/lib/money';
import { useIdempotencyKey } from '@client/lib/idempotency';

type Settings = ResponseOf<'withdrawalSettings'>;
type Issue = 'bankRequired' | 'amountRequired' | 'amountInvalid' | 'amountRange' | 'insufficient' | 'passwordRequired';

const toCents = (amount: number) => Math.round(amount * 100);

/** What stops a withdrawal before it is sent: the bounds, the withdrawable balance, a bank account and the password. */
export const withdrawIssue = (settings: Settings, form: { bankAccountId: number | null; amount: number | null; paymentPassword: string }): Issue | null => {
  if (form.bankAccountId === null) return 'bankRequired';
  if (form.amount === null) return 'amountRequired';
  if (!Number.isFinite(form.amount) || form.amount <= 0) return 'amountInvalid';
  if (toCents(form.amount) < toCents(settings.minAmount) || toCents(form.amount) > toCents(settings.maxAmount)) return 'amountRange';
  if (toCents(form.amount) > toCents(settings.withdrawableBalance)) return 'insufficient';
  if (form.paymentPassword === '') return 'passwordRequired';
  return null;
};

/** The withdraw form: the amount is held at once and waits for an operator (WALLET-04). */
export function WithdrawForm({ settings, accounts }: { settings: Settings; accounts: BankAccount[] }) {
  const { t, i18n } = useTranslation(['wallet', 'errors']);
  const api = useApi();
  const queryClient = useQueryClient();
  const key = useIdempotencyKey<{ bankAccountId: number; amount: number }>();
  const [bankAccountId, setBankAccountId] = useState<number | null>(accounts[0]?.bankAccountId ?? null);
  const [amountText, setAmountText] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [issue, setIssue] = useState<Issue | null>(null);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const chosen = accounts.some((a) => a.bankAccountId === bankAccountId) ? bankAccountId : (accounts[0]?.bankAccountId ?? null);

  const withdraw = useMutation<WithdrawalOrder, ApiCallError, { bankAccountId: number; amount: number }>({
    mutationFn: (body) => api.call('withdrawalRequest', { body: { ...body, paymentPassword, requestId: key.keyFor(body) } }),
    onSuccess: () => {
      key.settle();
      setAmountText('');
      setPaymentPassword('');
      void queryClient.invalidateQueries({ queryKey: ['withdrawalSettings'] });
      void queryClient.invalidateQueries({ queryKey: ['withdrawalRecord'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseMoneyInput(amountText);
    const found = withdrawIssue(settings, { bankAccountId: chosen, amount, paymentPassword });
    setIssue(found);
    if (found || chosen === null || amount === null) return;
    withdraw.mutate({ bankAccountId: chosen, amount });
  };

  return (
    <form className="money-card money-form" onSubmit={submit} noValidate aria-labelledby="withdraw-title">
      <h3 id="withdraw-title" className="money-card__title">
        <ArrowUpFromLine aria-hidden size={18} />
        {t('wallet:withdraw.title')}
      </h3>
      <p className="member-page__lead">
        {t('wallet:withdraw.available')} <Amount value={settings.withdrawableBalance} />
      </p>
      <SelectField
        label={t('wallet:withdraw.bankAccount')}
        required
        value={chosen ?? ''}
        onChange={(e) => setBankAccountId(Number(e.target.value))}
        error={issue === 'bankRequired' ? t('wallet:withdraw.issues.bankRequired') : null}
        disabled={accounts.length === 0}
      >
        {accounts.length === 0 && <option value="">{t('wallet:bank.none')}</option>}
        {accounts.map((a) => (
          <option key={a.bankAccountId} value={a.bankAccountId}>
            {a.bankName} · {a.accountNoMasked}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('wallet:withdraw.amount')}
        inputMode="decimal"
        autoComplete="off"
        required
        value={amountText}
        onChange={(e) => setAmountText(e.target.value)}
        hint={t('wallet:withdraw.bounds', { min: money(settings.minAmount), max: money(settings.maxAmount) })}
        error={
          issue && issue !== 'bankRequired' && issue !== 'passwordRequired'
            ? t(`wallet:withdraw.issues.${issue}`, { min: money(settings.minAmount), max: money(settings.maxAmount) })
            : null
        }
      />
      <TextField
        label={t('wallet:withdraw.paymentPassword')}
        type="password"
        inputMode="numeric"
        autoComplete="current-password"
        required
        value={paymentPassword}
        onChange={(e) => setPaymentPassword(e.target.value)}
        error={issue === 'passwordRequired' ? t('wallet:withdraw.issues.passwordRequired') : null}
      />
      {withdraw.isError && <FormAlert>{t(`errors:${withdraw.error.code}`)}</FormAlert>}
      {withdraw.isSuccess && (
        <FormAlert tone="info">{t('wallet:withdraw.held', { amount: money(withdraw.data.amount), withdrawalId: withdraw.data.withdrawalId })}</FormAlert>
      )}
      <button type="submit" className="button button--primary" disabled={withdraw.isPending || accounts.length === 0} aria-busy={withdraw.isPending}>
        {t('wallet:withdraw.submit')}
      </button>
    </form>
  );
}
