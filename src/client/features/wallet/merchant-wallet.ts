import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/contract/http';
import { useApi } from '@client/state/api';

type MerchantWallet = ResponseOf<'merchantWallet'>;

/** CONST-06: the merchant wallet is cached in session storage for the tab's session. */
const MERCHANT_WALLET_KEY = 'merchantWallet';

const readCached = (): MerchantWallet | null => {
  try {
    const raw = window.sessionStorage.getItem(MERCHANT_WALLET_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' && typeof (parsed as MerchantWallet).isSingle === 'boolean' ? (parsed as MerchantWallet) : null;
  } catch {
    return null;
  }
};

const writeCached = (wallet: MerchantWallet) => {
  try {
    window.sessionStorage.setItem(MERCHANT_WALLET_KEY, JSON.stringify(wallet));
  } catch {
    // Without storage the call is simply made again next time.
  }
};

/** Whether the merchant runs one seamless wallet (isSingle, API-49): then there are no vendor wallets to transfer between. */
export const useMerchantWallet = () => {
  const api = useApi();
  return useQuery({
    queryKey: ['merchantWallet', null],
    queryFn: async () => {
      const cached = readCached();
      if (cached) return cached;
      const wallet = await api.call('merchantWallet');
      writeCached(wallet);
      return wallet;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
};
