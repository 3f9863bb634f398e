import { MAIN_WALLET } from '@shared/contract/wallet.values';

export interface TransferForm {
  fromWallet: string;
  toWallet: string;
  /** null: empty; NaN: not an amount. */
  amount: number | null;
}

/** What stops a transfer; views translate `wallet:transfer.issues.<issue>`. */
export type TransferIssue = 'sameWallet' | 'mainRequired' | 'amountRequired' | 'amountInvalid' | 'insufficient';

const toCents = (amount: number) => Math.round(amount * 100);

/** Transfers go between the main wallet and one vendor wallet, and never above what the source holds. */
export const transferIssue = (form: TransferForm, balances: ReadonlyMap<string, number>): TransferIssue | null => {
  if (form.fromWallet === form.toWallet) return 'sameWallet';
  if (form.fromWallet !== MAIN_WALLET && form.toWallet !== MAIN_WALLET) return 'mainRequired';
  if (form.amount === null) return 'amountRequired';
  if (!Number.isFinite(form.amount) || form.amount <= 0) return 'amountInvalid';
  if (toCents(form.amount) > toCents(balances.get(form.fromWallet) ?? 0)) return 'insufficient';
  return null;
};
