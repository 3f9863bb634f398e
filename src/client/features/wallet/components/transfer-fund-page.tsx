import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRight, RefreshCw, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@shared/contract/http';
import { MAIN_WALLET } from '@shared/contract/wallet.values';
import { useApi } from '@client/state/api';
import { useApiQuery } from '@client/state/queries';
import { Amount } from '@client/components/amount';
import { FormAlert, SelectField, TextField } from '@client/components/form';
import { QueryStates } from '@client/components/records/query-states';
import type { ApiCallError } from '@client/lib/api-client';
import { formatMoney, parseMoneyInput } from '@client/lib/money';
import { useIdempotencyKey } from '@client/lib/idempotency';
import { applyPushedWallets } from '../live-cache';
import { useMerchantWallet } from '../merchant-wallet';
import { transferIssue, type TransferForm, type TransferIssue } from '../transfer';
import { useSessionInfo, usePermission } from '@client/state/app-actor';

type Funds = ResponseOf<'consolidatedFunds'>;
type TransferResult = ResponseOf<'walletTransfer'>;

function WalletCards({ funds, showTotal, showVendors }: { funds: Funds; showTotal: boolean; showVendors: boolean }) {
  const { t } = useTranslation('wallet');
  return (
    <ul className="wallet-cards" aria-label={t('transfer.wallets')}>
      {showTotal && (
        <li className="wallet-card wallet-card--total">
          <span className="wallet-card__name">{t('transfer.total')}</span>
          <Amount value={funds.totalBalance} className="wallet-card__balance" />
        </li>
      )}
      <li className="wallet-card wallet-card--main">
        <span className="wallet-card__name">{t('transfer.mainWallet')}</span>
        <Amount value={funds.mainBalance} className="wallet-card__balance" />
      </li>
      {showVendors &&
        funds.wallets.map((w) => (
        <li key={w.wallet} className="wallet-card">
          <span className="wallet-card__name">{w.wallet}</span>
          <Amount value={w.balance} className="wallet-card__balance" />
        </li>
      ))}
    </ul>
  );
}

function TransferFormCard({ funds }: { funds: Funds }) {
  const { t, i18n } = useTranslation(['wallet', 'errors']);
  const api = useApi();
  const queryClient = useQueryClient();
  const key = useIdempotencyKey<{ fromWallet: string; toWallet: string; amount: number }>();
  const vendors = funds.wallets.map((w) => w.wallet);
  const [fromWallet, setFromWallet] = useState(MAIN_WALLET);
  const [toWallet, setToWallet] = useState(vendors[0] ?? MAIN_WALLET);
  const [amountText, setAmountText] = useState('');
  const [issue, setIssue] = useState<TransferIssue | null>(null);
  const balances = new Map([[MAIN_WALLET, funds.mainBalance], ...funds.wallets.map((w) => [w.wallet, w.balance] as const)]);
  const walletName = (wallet: string) => (wallet === MAIN_WALLET ? t('wallet:transfer.mainWallet') : wallet);

  const transfer = useMutation<TransferResult, ApiCallError, { fromWallet: string; toWallet: string; amount: number }>({
    mutationFn: (body) => api.call('walletTransfer', { body: { ...body, requestId: key.keyFor(body) } }),
    onSuccess: (result) => {
      key.settle();
      setAmountText('');
      queryClient.setQueriesData<Funds>({ queryKey: ['consolidatedFunds'] }, (current) =>
        current ? applyPushedWallets(current, [{ wallet: MAIN_WALLET, balance: result.balance }, ...result.wallets]) : current,
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const form: TransferForm = { fromWallet, toWallet, amount: parseMoneyInput(amountText) };
    const found = transferIssue(form, balances);
    setIssue(found);
    if (found || form.amount === null) return;
    transfer.mutate({ fromWallet, toWallet, amount: form.amount });
  };

  // One side is always the main wallet: picking a vendor on one side puts the main wallet on the other.
  const chooseFrom = (wallet: string) => {
    setFromWallet(wallet);
    if (wallet !== MAIN_WALLET) setToWallet(MAIN_WALLET);
    else if (toWallet === MAIN_WALLET) setToWallet(vendors[0] ?? MAIN_WALLET);
  };
  const chooseTo = (wallet: string) => {
    setToWallet(wallet);
    if (wallet !== MAIN_WALLET) setFromWallet(MAIN_WALLET);
    else if (fromWallet === MAIN_WALLET) setFromWallet(vendors[0] ?? MAIN_WALLET);
  };
  const swap = () => {
    setFromWallet(toWallet);
    setToWallet(fromWallet);
  };
  const options = [MAIN_WALLET, ...vendors];

  return (
    <form className="money-card money-form" onSubmit={submit} noValidate aria-labelledby="transfer-title">
      <h3 id="transfer-title" className="money-card__title">
        <ArrowLeftRight aria-hidden size={18} />
        {t('wallet:transfer.title')}
      </h3>
      <div className="money-form__pair">
        <SelectField label={t('wallet:transfer.from')} value={fromWallet} onChange={(e) => chooseFrom(e.target.value)}>
          {options.map((w) => (
            <option key={w} value={w}>
              {walletName(w)}
            </option>
          ))}
        </SelectField>
        <button type="button" className="icon-button money-form__swap" onClick={swap} aria-label={t('wallet:transfer.swap')}>
          <ArrowLeftRight aria-hidden size={18} />
        </button>
        <SelectField label={t('wallet:transfer.to')} value={toWallet} onChange={(e) => chooseTo(e.target.value)}>
          {options.map((w) => (
            <option key={w} value={w}>
              {walletName(w)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={t('wallet:transfer.amount')}
        inputMode="decimal"
        autoComplete="off"
        required
        value={amountText}
        onChange={(e) => setAmountText(e.target.value)}
        error={issue && issue !== 'sameWallet' && issue !== 'mainRequired' ? t(`wallet:transfer.issues.${issue}`) : null}
        hint={t('wallet:transfer.available', { amount: formatMoney(balances.get(fromWallet) ?? 0, i18n.language) })}
        addon={
          <button type="button" className="button button--ghost button--compact" onClick={() => setAmountText(String(balances.get(fromWallet) ?? 0))}>
            {t('wallet:transfer.all')}
          </button>
        }
      />
      {(issue === 'sameWallet' || issue === 'mainRequired') && <FormAlert>{t(`wallet:transfer.issues.${issue}`)}</FormAlert>}
      {transfer.isError && <FormAlert>{t(`errors:${transfer.error.code}`)}</FormAlert>}
      {transfer.isSuccess && <FormAlert tone="info">{t('wallet:transfer.done')}</FormAlert>}
      <button type="submit" className="button button--primary" disabled={transfer.isPending} aria-busy={transfer.isPending}>
        {t('wallet:transfer.submit')}
      </button>
    </form>
  );
}

/** transferFund (WALLET-05): the main and vendor wallets and transfers between them (GCS_walletTransfer). */
export function TransferFundPage() {
  const { t } = useTranslation('wallet');
  const permission = usePermission();
  const { status } = useSessionInfo();
  const merchantWallet = useMerchantWallet();
  const transfers = merchantWallet.data?.isSingle === false;
  const funds = useApiQuery('consolidatedFunds');
  // AUTH-18: the consolidated total is the agent-policy view, never for trial accounts.
  const showTotal = permission?.flags.AGENTPOLICY3 === true && status !== 'trial';
  return (
    <div className="member-page">
      <div className="member-page__bar">
        <p className="member-page__lead">
          <Wallet aria-hidden size={18} />
          {merchantWallet.data?.isSingle ? t('transfer.singleWallet') : t('transfer.lead')}
        </p>
        <button
          type="button"
          className="icon-button icon-button--small"
          onClick={() => void funds.refetch()}
          disabled={funds.isFetching}
          aria-label={t('transfer.refresh')}
        >
          <RefreshCw aria-hidden size={16} />
        </button>
      </div>
      <QueryStates query={funds}>
        {(data) => (
          <>
            <WalletCards funds={data} showTotal={showTotal} showVendors={transfers} />
            {transfers && data.wallets.length > 0 && <TransferFormCard funds={data} />}
          </>
        )}
      </QueryStates>
    </div>
  );
}
