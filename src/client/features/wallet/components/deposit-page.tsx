import { useMemo, useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { CircleCheck, CircleX, Clock, Landmark, QrCode, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import clsx from 'clsx';
import type { DepositChannel } from '@shared/contract/wallet-payments';
import {
  selectDepositChannels,
  selectDepositError,
  selectDepositIssue,
  selectDepositOrder,
  selectDepositResult,
  selectDepositStep,
} from '@machines/wallet/deposit.selectors';
import { useApi } from '@client/state/api';
import { Amount } from '@client/components/amount';
import { EmptyState } from '@client/components/empty-state';
import { FormAlert, TextField } from '@client/components/form';
import { ScreenLoader } from '@client/components/spinner';
import { paths } from '@client/config/paths';
import { DEPOSIT_RECORD_FILTER } from '@client/config/center-pages';
import { formatMoney, parseMoneyInput } from '@client/lib/money';
import { newRequestId } from '@client/lib/idempotency';
import { createDepositLogic } from '../wallet.actors';
import { useBus, usePublicState } from '@client/state/app-actor';
import { actorOptions } from '@client/lib/actor-inspection';

const CHANNEL_ICONS = { BANK_TRANSFER: Landmark, E_WALLET: Smartphone, QR: QrCode } as const;

function PayeeDetails({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation('wallet');
  const rows = [
    { id: 'bank', label: t('deposit.payeeBank'), value: channel.payeeBank },
    { id: 'name', label: t('deposit.payeeAccountName'), value: channel.payeeAccountName },
    { id: 'number', label: t('deposit.payeeAccountNo'), value: channel.payeeAccountNo },
  ].filter((row) => row.value);
  return (
    <div className="payee">
      {rows.length > 0 && (
        <dl className="payee__list">
          {rows.map((row) => (
            <div key={row.id}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {channel.qrCodeUrl && <img className="payee__qr" src={channel.qrCodeUrl} alt={t('deposit.qrAlt', { name: channel.name })} width={160} height={160} />}
      {channel.note && <p className="form-field__hint">{channel.note}</p>}
    </div>
  );
}

/** depositv2 (WALLET-04): channels from the server, an amount within the channel's bounds, then the pending order until its pushed result. */
export function DepositPage() {
  const bus = useBus();
  const { t, i18n } = useTranslation(['wallet', 'errors', 'common']);
  const api = useApi();
  const logic = useMemo(() => createDepositLogic(api), [api]);
  const deposit = useActorRef(logic, { ...actorOptions, input: { bus } });
  const step = useSelector(deposit, selectDepositStep);
  const channels = useSelector(deposit, selectDepositChannels);
  const issue = useSelector(deposit, selectDepositIssue);
  const error = useSelector(deposit, selectDepositError);
  const order = useSelector(deposit, selectDepositOrder);
  const result = useSelector(deposit, selectDepositResult);
  const { balance } = usePublicState();
  const [channelId, setChannelId] = useState<string | null>(null);
  const [amountText, setAmountText] = useState('');
  const [payerName, setPayerName] = useState('');
  const [reference, setReference] = useState('');
  const channel = channels.find((c) => c.channelId === (channelId ?? channels[0]?.channelId)) ?? null;
  const money = (amount: number) => formatMoney(amount, i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    deposit.send({
      type: 'deposit.submit',
      form: { channelId: channel?.channelId ?? null, amount: parseMoneyInput(amountText), payerName, reference },
      requestId: newRequestId(),
    });
  };

  if (step === 'loadingChannels') return <ScreenLoader label={t('common:loading')} />;
  if (step === 'channelsFailed') {
    return (
      <EmptyState
        tone="warning"
        title={t(`errors:${error?.code ?? 'INTERNAL'}`)}
        action={
          <button type="button" className="button button--outline button--compact" onClick={() => deposit.send({ type: 'channels.retry' })}>
            {t('common:actions.retry')}
          </button>
        }
      />
    );
  }
  if (channels.length === 0) return <EmptyState title={t('wallet:deposit.noChannels')} />;

  if ((step === 'pending' || step === 'credited' || step === 'failed') && order) {
    const Icon = step === 'credited' ? CircleCheck : step === 'failed' ? CircleX : Clock;
    const orderChannel = channels.find((c) => c.channelId === order.channelId);
    return (
      <div className="member-page">
        <section className={clsx('deposit-status', `deposit-status--${step}`)} role="status" aria-live="polite">
          <Icon aria-hidden size={40} className="deposit-status__icon" />
          <h3 className="deposit-status__title">{t(`wallet:deposit.status.${step}`)}</h3>
          <p>{t('wallet:deposit.orderLine', { orderId: order.orderId, amount: money(order.amount), channel: order.channelName })}</p>
          {step === 'pending' && <p className="form-field__hint">{t('wallet:deposit.pendingHint')}</p>}
          {step === 'failed' && result?.failureReason && <p>{t('wallet:deposit.failureReason', { reason: result.failureReason })}</p>}
          {step === 'pending' && orderChannel && <PayeeDetails channel={orderChannel} />}
          <div className="deposit-status__actions">
            <button type="button" className="button button--primary button--compact" onClick={() => deposit.send({ type: 'deposit.again' })}>
              {t('wallet:deposit.again')}
            </button>
            <Link className="button button--outline button--compact" to={paths.member.getHref('transactionHistory', DEPOSIT_RECORD_FILTER)}>
              {t('wallet:deposit.records')}
            </Link>
          </div>
        </section>
      </div>
    );
  }

  const submitting = step === 'submitting';
  return (
    <div className="member-page">
      {balance !== null && (
        <p className="member-page__lead">
          {t('wallet:deposit.balance')} <Amount value={balance} />
        </p>
      )}
      <form className="money-card money-form" onSubmit={submit} noValidate aria-label={t('wallet:deposit.title')}>
        <fieldset className="channel-picker">
          <legend className="form-field__label">{t('wallet:deposit.channel')}</legend>
          <div className="channel-picker__list">
            {channels.map((c) => {
              const Icon = CHANNEL_ICONS[c.type];
              return (
                <label key={c.channelId} className={clsx('channel-option', channel?.channelId === c.channelId && 'is-selected')}>
                  <input type="radio" name="channel" value={c.channelId} checked={channel?.channelId === c.channelId} onChange={() => setChannelId(c.channelId)} />
                  <Icon aria-hidden size={20} />
                  <span className="channel-option__name">{c.name}</span>
                  <span className="channel-option__bounds">{t('wallet:deposit.bounds', { min: money(c.minAmount), max: money(c.maxAmount) })}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
        {channel && <PayeeDetails channel={channel} />}
        <TextField
          label={t('wallet:deposit.amount')}
          inputMode="decimal"
          autoComplete="off"
          required
          value={amountText}
          onChange={(e) => setAmountText(e.target.value)}
          error={issue && issue !== 'channelRequired' ? t(`wallet:deposit.issues.${issue}`, channel ? { min: money(channel.minAmount), max: money(channel.maxAmount) } : {}) : null}
          hint={channel ? t('wallet:deposit.bounds', { min: money(channel.minAmount), max: money(channel.maxAmount) }) : undefined}
        />
        <div className="money-form__pair money-form__pair--plain">
          <TextField label={t('wallet:deposit.payerName')} value={payerName} maxLength={100} onChange={(e) => setPayerName(e.target.value)} />
          <TextField label={t('wallet:deposit.reference')} value={reference} maxLength={64} onChange={(e) => setReference(e.target.value)} />
        </div>
        {issue === 'channelRequired' && <FormAlert>{t('wallet:deposit.issues.channelRequired')}</FormAlert>}
        {error && <FormAlert>{t(`errors:${error.code}`)}</FormAlert>}
        <button type="submit" className="button button--primary" disabled={submitting} aria-busy={submitting}>
          {t('wallet:deposit.submit')}
        </button>
      </form>
    </div>
  );
}
