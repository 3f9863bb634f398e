import { useId, useState, type FormEvent } from 'react';
import { ArrowRightLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Amount } from '@client/components/amount';
import { FormAlert, TextField } from '@client/components/form';
import { useIdempotencyKey } from '@client/lib/idempotency';
import { formatMoney } from '@client/lib/money';
import type { MallAccount } from '../hooks/use-mall-account';
import { useConvertPoints } from '../hooks/use-points-actions';
import { usePointsHeld } from '../hooks/use-points-held';
import { convertedAmount, convertIssue, formatPoints, parsePointsInput, type ConvertIssue } from '../points-rules';
import { PointsCallError } from './redeem-form';

/**
 * Converts points into wallet balance (API-63): the points, a live preview of the amount at the
 * ratio rounded down to the cent, and the payment password; refused before the call below the
 * minimum, above the points held, and for a trial account. A retry of the same points keeps its
 * request id, so a conversion that did go through is not made twice.
 */
export function ConvertForm({ account, ratio, minConvertPoints }: { account: MallAccount; ratio: number; minConvertPoints: number }) {
  const { t, i18n } = useTranslation(['points', 'common']);
  const titleId = useId();
  const held = usePointsHeld(account);
  const convert = useConvertPoints();
  const key = useIdempotencyKey<{ points: number }>();
  const [pointsText, setPointsText] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [issue, setIssue] = useState<ConvertIssue | 'trial' | null>(null);
  const points = parsePointsInput(pointsText);
  const preview = points !== null && Number.isInteger(points) ? convertedAmount(points, ratio) : 0;
  const heldPoints = held.data?.points ?? 0;
  const limits = { min: formatPoints(minConvertPoints, i18n.language), max: formatPoints(heldPoints, i18n.language), cent: formatMoney(0.01, i18n.language) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (account === 'trial') {
      setIssue('trial');
      return;
    }
    const found = convertIssue({ points, paymentPassword }, { minConvertPoints, held: heldPoints, ratio });
    setIssue(found);
    if (found || points === null) return;
    convert.mutate(
      { points, paymentPassword, requestId: key.keyFor({ points }) },
      {
        onSuccess: () => {
          key.settle();
          setPointsText('');
          setPaymentPassword('');
        },
      },
    );
  };

  const pointsIssue = issue && issue !== 'trial' && issue !== 'paymentPassword' ? t(`points:convert.issues.${issue}`, limits) : null;
  return (
    <form className="money-card money-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className="money-card__title">
        <ArrowRightLeft aria-hidden size={18} />
        {t('points:convert.title')}
      </h3>
      <TextField
        label={t('points:convert.points')}
        inputMode="numeric"
        autoComplete="off"
        required
        value={pointsText}
        onChange={(e) => setPointsText(e.target.value)}
        hint={account === 'member' ? t('points:convert.pointsHint', { min: limits.min, held: limits.max }) : undefined}
        error={pointsIssue}
      />
      <div className="convert-preview" aria-live="polite">
        <span className="convert-preview__label">{t('points:convert.preview')}</span>
        <Amount value={preview} className="convert-preview__value" />
        <span className="convert-preview__note">{t('points:convert.previewNote', { ratio: formatPoints(ratio, i18n.language), unit: formatMoney(1, i18n.language) })}</span>
      </div>
      <TextField
        label={t('points:convert.paymentPassword')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        required
        value={paymentPassword}
        onChange={(e) => setPaymentPassword(e.target.value)}
        error={issue === 'paymentPassword' ? t('points:convert.issues.paymentPassword') : null}
      />
      {issue === 'trial' && <FormAlert>{t('common:in_need_true_account')}</FormAlert>}
      {convert.isError && <PointsCallError error={convert.error} />}
      {convert.isSuccess && (
        <FormAlert tone="info">
          {t('points:convert.done', {
            points: formatPoints(convert.variables.points, i18n.language),
            amount: formatMoney(convert.data.amount, i18n.language),
            balance: formatMoney(convert.data.balance, i18n.language),
          })}
        </FormAlert>
      )}
      <button type="submit" className="button button--primary" disabled={convert.isPending} aria-busy={convert.isPending}>
        {t('points:convert.submit')}
      </button>
    </form>
  );
}
