/** The largest transfer the server takes (contract: TransferAmount). */
export const MAX_TRANSFER_AMOUNT = 100_000_000;

/** What stops a transfer before it is sent; views translate `agent:transfer.issues.<issue>`. */
export type TransferFormIssue = 'amountRequired' | 'amountInvalid' | 'amountTooLarge' | 'insufficient' | 'passwordRequired';

const toCents = (amount: number) => Math.round(amount * 100);

/**
 * An amount (null: empty, NaN: not an amount) and a payment password are checked here as the
 * server would; a balance not known yet is left to the server.
 */
export const transferFormIssue = (amount: number | null, paymentPassword: string, balance: number | null): TransferFormIssue | null => {
  if (amount === null) return 'amountRequired';
  if (!Number.isFinite(amount) || amount <= 0) return 'amountInvalid';
  if (amount > MAX_TRANSFER_AMOUNT) return 'amountTooLarge';
  if (balance !== null && toCents(amount) > toCents(balance)) return 'insufficient';
  if (paymentPassword === '') return 'passwordRequired';
  return null;
};
