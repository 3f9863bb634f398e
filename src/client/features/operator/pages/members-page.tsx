import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '@shared/contract/http';
import { ActionDialog, Field, OpsNotice, QueryView } from '../components/ops-ui';
import { OrderSummary } from '../components/order-summary';
import { SearchBox } from '../components/list-filters';
import { formatMoney, parseAmount } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';

type Direction = 'credit' | 'debit';

interface Adjustment {
  amount: number;
  reason: string;
  /** One key per confirmation: a retried confirm cannot apply the adjustment twice. */
  requestId: string;
}

const ReasonSchema = http.opsAdjustBalance.body.shape.reason;

/** A member's wallets, and an adjustment of the main wallet with a reason, after a confirmation step. */
function AdjustBalance({ account }: { account: string }) {
  const { t, i18n } = useTranslation('operator');
  const act = useOpsAction();
  const [direction, setDirection] = useState<Direction>('credit');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [pending, setPending] = useState<Adjustment | null>(null);
  const [done, setDone] = useState<{ amount: number; balance: number } | null>(null);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmount(amountText);
    const reasonOk = ReasonSchema.safeParse(reason).success;
    setErrors({ amount: amount === null ? t('members.amountInvalid') : undefined, reason: reasonOk ? undefined : t('fields.reasonInvalid') });
    if (amount === null || !reasonOk) return;
    setDone(null);
    setPending({ amount: direction === 'credit' ? amount : -amount, reason: reason.trim(), requestId: crypto.randomUUID() });
  };

  return (
    <section className="ops-card" aria-labelledby="ops-adjust-title">
      <h2 id="ops-adjust-title" className="ops-card__title">
        {t('members.adjustTitle')}
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
        <Field label={t('list.amount')} error={errors.amount} hint={t('members.amountHint')}>
          {(control) => <input {...control} className="ops-input ops-input--short" inputMode="decimal" value={amountText} onChange={(e) => setAmountText(e.target.value)} />}
        </Field>
        <Field label={t('fields.reason')} error={errors.reason} hint={t('members.reasonHint')}>
          {(control) => <textarea {...control} className="ops-input ops-textarea" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <div className="ops-form__actions">
          <button type="submit" className="button button--primary">
            {t('members.review')}
          </button>
        </div>
      </form>
      {done && (
        <OpsNotice>
          {t('members.adjusted', { amount: formatMoney(done.amount, i18n.language), balance: formatMoney(done.balance, i18n.language) })}
        </OpsNotice>
      )}
      {pending && (
        <ActionDialog
          title={t('members.confirmTitle')}
          confirmLabel={pending.amount > 0 ? t('members.confirmCredit') : t('members.confirmDebit')}
          tone={pending.amount > 0 ? 'primary' : 'danger'}
          size="medium"
          run={async () => {
            const result = await act('opsAdjustBalance', { body: { account, amount: pending.amount, reason: pending.reason, requestId: pending.requestId } });
            setDone({ amount: pending.amount, balance: result.balance });
            setAmountText('');
            setReason('');
          }}
          onClose={() => setPending(null)}
        >
          <OrderSummary
            rows={[
              [t('list.member'), account],
              [t('members.change'), `${pending.amount > 0 ? '+' : '−'}${formatMoney(Math.abs(pending.amount), i18n.language)}`],
              [t('fields.reason'), pending.reason],
            ]}
          />
          <p className="ops-dialog__text">{t('members.confirmText')}</p>
        </ActionDialog>
      )}
    </section>
  );
}

function MemberWallet({ account }: { account: string }) {
  const { t, i18n } = useTranslation('operator');
  const wallet = useOpsQuery('opsMemberWallet', { query: { account } });
  return (
    <QueryView query={wallet}>
      {(found) => (
        <>
          <section className="ops-card" aria-labelledby="ops-wallet-title">
            <h2 id="ops-wallet-title" className="ops-card__title">
              {t('members.walletOf', { account: found.account })}
            </h2>
            <dl className="summary-list">
              <div>
                <dt>{t('members.memberId')}</dt>
                <dd>{found.memberId}</dd>
              </div>
              <div>
                <dt>{t('members.mainBalance')}</dt>
                <dd>{formatMoney(found.mainBalance, i18n.language)}</dd>
              </div>
              <div>
                <dt>{t('members.heldBalance')}</dt>
                <dd>{formatMoney(found.heldBalance, i18n.language)}</dd>
              </div>
            </dl>
            {found.wallets.length > 0 && (
              <>
                <h3 className="ops-subtitle">{t('members.vendorWallets')}</h3>
                <dl className="ops-wallets">
                  {found.wallets.map((vendor) => (
                    <div key={vendor.wallet}>
                      <dt>{vendor.wallet}</dt>
                      <dd>{formatMoney(vendor.balance, i18n.language)}</dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
          </section>
          <AdjustBalance key={found.account} account={found.account} />
        </>
      )}
    </QueryView>
  );
}

/** Member wallet lookup by account name, with the balance adjustment below it. */
export function MembersPage() {
  const { t } = useTranslation('operator');
  const [account, setAccount] = useState('');
  return (
    <div className="ops-page">
      <div className="ops-toolbar">
        <SearchBox label={t('members.lookup')} onSearch={setAccount} />
      </div>
      {account ? <MemberWallet account={account} /> : <p className="ops-empty">{t('members.lookupHint')}</p>}
    </div>
  );
}
