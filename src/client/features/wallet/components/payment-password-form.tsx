import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PaymentPassword } from '@shared/contract/wallet-payments';
import { useApi } from '@client/state/api';
import { FormAlert, TextField } from '@client/components/form';
import type { ApiCallError } from '@client/lib/api-client';

type Issue = 'format' | 'mismatch';

/** A withdrawal needs a payment (transaction) password: six digits, set once here. */
export function PaymentPasswordForm() {
  const { t } = useTranslation(['wallet', 'errors']);
  const api = useApi();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [issue, setIssue] = useState<Issue | null>(null);
  const save = useMutation<unknown, ApiCallError>({
    mutationFn: () => api.call('setPaymentPassword', { body: { newPaymentPassword: password, confirmPaymentPassword: confirm } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['withdrawalSettings'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Issue | null = !PaymentPassword.safeParse(password).success ? 'format' : password !== confirm ? 'mismatch' : null;
    setIssue(found);
    if (!found) save.mutate();
  };
  return (
    <form className="money-card money-form" onSubmit={submit} noValidate aria-labelledby="payment-password-title">
      <h3 id="payment-password-title" className="money-card__title">
        <KeyRound aria-hidden size={18} />
        {t('wallet:paymentPassword.title')}
      </h3>
      <p className="member-page__lead">{t('wallet:paymentPassword.lead')}</p>
      <TextField
        label={t('wallet:paymentPassword.new')}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={6}
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={issue === 'format' ? t('wallet:paymentPassword.format') : null}
      />
      <TextField
        label={t('wallet:paymentPassword.confirm')}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={6}
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={issue === 'mismatch' ? t('wallet:paymentPassword.mismatch') : null}
      />
      {save.isError && <FormAlert>{t(`errors:${save.error.code}`)}</FormAlert>}
      <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending}>
        {t('wallet:paymentPassword.submit')}
      </button>
    </form>
  );
}
