import { useState } from 'react';
import { Eye, EyeOff, RefreshCw, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { toggleBalanceHidden, useBalanceHidden } from '@client/state/ui-state';
import { htmlLangOf } from '@client/lib/i18n';
import { useBalance, usePublicState } from '@client/state/app-actor';

/** WALLET-01/02: two decimals, or *** while hidden. */
export const formatBalance = (balance: number | null, hidden: boolean, language: string): string => {
  if (hidden) return '***';
  if (balance === null) return '--';
  return new Intl.NumberFormat(htmlLangOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(balance);
};

export function BalancePill() {
  const { t, i18n } = useTranslation('shell');
  const { balance, currencySymbol } = usePublicState();
  const { refresh: refreshBalance } = useBalance();
  const balanceHidden = useBalanceHidden();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    if (!refreshBalance) return;
    setRefreshing(true);
    try {
      await refreshBalance();
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="balance-pill">
      <Wallet aria-hidden size={18} className="balance-pill__icon" />
      <span className="balance-pill__amount" aria-label={t('header.balance')}>
        {!balanceHidden && currencySymbol && <span className="balance-pill__currency">{currencySymbol}</span>}
        <span data-testid="balance-amount">{formatBalance(balance, balanceHidden, i18n.language)}</span>
      </span>
      <button
        type="button"
        className="icon-button icon-button--small"
        onClick={toggleBalanceHidden}
        aria-label={balanceHidden ? t('header.showBalance') : t('header.hideBalance')}
        aria-pressed={balanceHidden}
      >
        {balanceHidden ? <EyeOff aria-hidden size={16} /> : <Eye aria-hidden size={16} />}
      </button>
      {refreshBalance && (
        <button
          type="button"
          className={clsx('icon-button icon-button--small', refreshing && 'is-spinning')}
          onClick={() => void refresh()}
          disabled={refreshing}
          aria-label={t('header.refreshBalance')}
        >
          <RefreshCw aria-hidden size={16} />
        </button>
      )}
    </div>
  );
}
