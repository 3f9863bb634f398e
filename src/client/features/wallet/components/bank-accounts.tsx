import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreditCard, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AddBankAccountRequest, MAX_BANK_ACCOUNTS, type BankAccount } from '@shared/contract/wallet-payments';
import { useApi } from '@client/state/api';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { FormAlert, TextField } from '@client/components/form';
import type { ApiCallError } from '@client/lib/api-client';

type Field = 'bankName' | 'accountName' | 'accountNo' | 'paymentPassword';

function AddBankAccountForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['wallet', 'errors', 'common']);
  const api = useApi();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({ bankName: '', accountName: '', accountNo: '', paymentPassword: '' });
  const [invalid, setInvalid] = useState<Field[]>([]);
  const add = useMutation<BankAccount, ApiCallError>({
    mutationFn: () => api.call('addBankAccount', { body: values }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['bankAccounts'] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AddBankAccountRequest.safeParse(values);
    const fields = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.path[0] as Field))];
    setInvalid(fields);
    if (fields.length === 0) add.mutate();
  };
  const field = (name: Field, extra: { type?: string; inputMode?: 'numeric'; autoComplete?: string } = {}) => (
    <TextField
      label={t(`wallet:bank.fields.${name}`)}
      required
      value={values[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      error={invalid.includes(name) ? t(`wallet:bank.issues.${name}`) : null}
      {...extra}
    />
  );
  return (
    <form className="money-form money-form--nested" onSubmit={submit} noValidate aria-label={t('wallet:bank.add')}>
      {field('bankName')}
      {field('accountName')}
      {field('accountNo', { inputMode: 'numeric', autoComplete: 'off' })}
      {field('paymentPassword', { type: 'password', inputMode: 'numeric', autoComplete: 'current-password' })}
      {add.isError && <FormAlert>{t(`errors:${add.error.code}`)}</FormAlert>}
      <div className="money-form__actions">
        <button type="button" className="button button--ghost button--compact" onClick={onDone}>
          {t('common:actions.cancel')}
        </button>
        <button type="submit" className="button button--primary button--compact" disabled={add.isPending} aria-busy={add.isPending}>
          {t('wallet:bank.save')}
        </button>
      </div>
    </form>
  );
}

/** The bound bank accounts a withdrawal is paid to: list, add (password-checked) and remove. */
export function BankAccounts({ accounts }: { accounts: BankAccount[] }) {
  const { t } = useTranslation(['wallet', 'errors', 'common']);
  const api = useApi();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<BankAccount | null>(null);
  const remove = useMutation<BankAccount, ApiCallError, number>({
    mutationFn: (bankAccountId) => api.call('removeBankAccount', { query: { bankAccountId } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['bankAccounts'] });
      setRemoving(null);
    },
  });
  return (
    <section className="money-card" aria-labelledby="bank-accounts-title">
      <h3 id="bank-accounts-title" className="money-card__title">
        <CreditCard aria-hidden size={18} />
        {t('wallet:bank.title')}
      </h3>
      {accounts.length === 0 ? (
        <p className="member-page__lead">{t('wallet:bank.none')}</p>
      ) : (
        <ul className="bank-list">
          {accounts.map((account) => (
            <li key={account.bankAccountId} className="bank-list__item">
              <span className="bank-list__bank">{account.bankName}</span>
              <span className="bank-list__name">{account.accountName}</span>
              <span className="bank-list__number">{account.accountNoMasked}</span>
              <button
                type="button"
                className="icon-button icon-button--small"
                onClick={() => setRemoving(account)}
                aria-label={t('wallet:bank.remove', { number: account.accountNoMasked })}
              >
                <Trash2 aria-hidden size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <FormAlert>{t(`errors:${remove.error.code}`)}</FormAlert>}
      {adding ? (
        <AddBankAccountForm onDone={() => setAdding(false)} />
      ) : accounts.length < MAX_BANK_ACCOUNTS ? (
        <button type="button" className="button button--outline button--compact" onClick={() => setAdding(true)}>
          <Plus aria-hidden size={16} />
          {t('wallet:bank.add')}
        </button>
      ) : (
        <p className="form-field__hint">{t('wallet:bank.limit', { max: MAX_BANK_ACCOUNTS })}</p>
      )}
      {removing && (
        <ConfirmDialog
          title={t('wallet:bank.removeTitle')}
          text={t('wallet:bank.removeText', { bank: removing.bankName, number: removing.accountNoMasked })}
          confirmLabel={t('wallet:bank.removeConfirm')}
          cancelLabel={t('common:actions.cancel')}
          closeLabel={t('common:actions.close')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(removing.bankAccountId)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
