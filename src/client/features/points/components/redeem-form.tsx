import { useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { BodyOf, ResponseOf } from '@shared/contract/http';
import { FormAlert, TextField, type TextFieldProps } from '@client/components/form';
import { memberPageHref } from '@client/config/paths';
import { useIdempotencyKey } from '@client/lib/idempotency';
import { formatMoney } from '@client/lib/money';
import type { ApiCallError } from '@client/lib/api-client';
import { useBalance } from '@client/state/app-actor';
import type { MallAccount } from '../hooks/use-mall-account';
import { usePointsHeld } from '../hooks/use-points-held';
import { checkRedeem, formatPoints, maxQuantity, redeemTotal, type RedeemDraft, type RedeemField, type RedeemFormIssue } from '../points-rules';
import type { Reward } from './goods-card';

export type RedeemMutation = UseMutationResult<ResponseOf<'pointsRedeem'>, ApiCallError, BodyOf<'pointsRedeem'>>;

/** A refused call, in words; a missing payment password links to where one is set. */
export function PointsCallError({ error }: { error: ApiCallError }) {
  const { t } = useTranslation(['points', 'errors']);
  return (
    <FormAlert>
      {t(`errors:${error.code}`)}
      {error.code === 'PAYMENT_PASSWORD_NOT_SET' && (
        <>
          {' '}
          <Link to={memberPageHref('withdraw')}>{t('points:redeem.setPassword')}</Link>
        </>
      )}
    </FormAlert>
  );
}

const EMPTY: RedeemDraft = { quantity: '1', address: '', mobileNum: '', paymentPassword: '' };

/** The order's text fields after the quantity, each labelled points:redeem.<field>, with its input's own attributes. */
const TEXT_FIELDS = [
  { field: 'address', input: { autoComplete: 'street-address', maxLength: 300 } },
  { field: 'mobileNum', input: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' } },
  { field: 'paymentPassword', input: { type: 'password', inputMode: 'numeric', autoComplete: 'off' } },
] as const satisfies readonly { field: Exclude<RedeemField, 'quantity'>; input: Pick<TextFieldProps, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'> }[];

/**
 * The redeem form of one item (spec: redeem requires the withdrawal password, a receiving address
 * and a mobile number): quantity 1 to min(stock, 99), with the total; checked with the contract's
 * RedeemRequest and against the points held before it is sent. A trial account is refused first.
 * A retry of the same order keeps its request id, so a redeem that did go through is not made twice.
 */
export function RedeemForm({ reward, account, redeem }: { reward: Reward; account: MallAccount; redeem: RedeemMutation }) {
  const { t, i18n } = useTranslation(['points', 'common']);
  const held = usePointsHeld(account);
  const { balance } = useBalance();
  const key = useIdempotencyKey<Omit<BodyOf<'pointsRedeem'>, 'paymentPassword' | 'requestId'>>();
  const [draft, setDraft] = useState<RedeemDraft>(EMPTY);
  const [invalid, setInvalid] = useState<RedeemField[]>([]);
  const [issue, setIssue] = useState<RedeemFormIssue | 'trial' | null>(null);
  const max = maxQuantity(reward.stock);
  const quantity = /^\d+$/.test(draft.quantity.trim()) ? Number(draft.quantity) : null;
  const total = quantity !== null && quantity >= 1 && quantity <= max ? redeemTotal(reward, quantity) : null;

  const set = (field: keyof RedeemDraft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const step = (by: number) => set('quantity')(String(Math.min(max, Math.max(1, (quantity ?? 1) + by))));
  const fieldError = (field: RedeemField, params: Record<string, number> = {}) => (invalid.includes(field) ? t(`points:redeem.issues.${field}`, params) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (account === 'trial') {
      setIssue('trial');
      return;
    }
    const check = checkRedeem(reward, draft, { points: held.data?.points ?? null, balance });
    setInvalid(check.ok ? [] : check.fields);
    setIssue(check.ok ? null : check.issue);
    if (!check.ok) return;
    const { paymentPassword, ...order } = check.body;
    redeem.mutate({ ...order, paymentPassword, requestId: key.keyFor(order) });
  };

  return (
    <form className="money-form redeem-form" onSubmit={submit} noValidate aria-label={t('points:redeem.title')}>
      <TextField
        label={t('points:redeem.quantity')}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        required
        value={draft.quantity}
        onChange={(e) => set('quantity')(e.target.value)}
        hint={t('points:redeem.quantityHint', { max })}
        error={fieldError('quantity', { max })}
        addon={
          <span className="quantity-stepper">
            <button type="button" className="icon-button icon-button--small" onClick={() => step(-1)} disabled={(quantity ?? 1) <= 1} aria-label={t('points:redeem.less')}>
              <Minus aria-hidden size={16} />
            </button>
            <button type="button" className="icon-button icon-button--small" onClick={() => step(1)} disabled={(quantity ?? 0) >= max} aria-label={t('points:redeem.more')}>
              <Plus aria-hidden size={16} />
            </button>
          </span>
        }
      />
      {TEXT_FIELDS.map(({ field, input }) => (
        <TextField
          key={field}
          label={t(`points:redeem.${field}`)}
          {...input}
          required
          value={draft[field]}
          onChange={(e) => set(field)(e.target.value)}
          error={fieldError(field)}
        />
      ))}
      <div className="redeem-form__total" aria-live="polite">
        <span className="redeem-form__total-label">{t('points:redeem.total')}</span>
        <span className="redeem-form__total-value" data-testid="redeem-total">
          {total
            ? [
                t('points:redeem.totalPoints', { points: formatPoints(total.points, i18n.language) }),
                total.amount > 0 ? t('points:goods.plusCash', { amount: formatMoney(total.amount, i18n.language) }) : null,
              ]
                .filter(Boolean)
                .join(' ')
            : '—'}
        </span>
      </div>
      {held.isSuccess && <p className="form-field__hint">{t('points:redeem.youHave', { points: formatPoints(held.data.points, i18n.language) })}</p>}
      {issue === 'trial' && <FormAlert>{t('common:in_need_true_account')}</FormAlert>}
      {issue && issue !== 'trial' && <FormAlert>{t(`points:redeem.issues.${issue}`)}</FormAlert>}
      {redeem.isError && <PointsCallError error={redeem.error} />}
      <button type="submit" className="button button--primary" disabled={redeem.isPending || max === 0} aria-busy={redeem.isPending}>
        {t('points:redeem.submit')}
      </button>
    </form>
  );
}
