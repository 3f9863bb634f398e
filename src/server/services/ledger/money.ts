import { ApiError } from '../../http/api-error';

/** Amounts travel as decimals with 2 places (the contract's Money) and live in the database as integer cents. */
export const toCents = (amount: number): number => {
  const cents = Math.round(amount * 100);
  // Far beyond any real amount, and beyond what cents can hold exactly: a caller's mistake, not a fault.
  if (!Number.isSafeInteger(cents)) throw new ApiError('AMOUNT_OUT_OF_RANGE', `The amount ${amount} is out of range`);
  return cents;
};

export const toMoney = (cents: number): number => cents / 100;
