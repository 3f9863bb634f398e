import type { BodyOf } from '@shared/contract/http';
import { ConvertPointsRequest, RedeemRequest } from '@shared/contract/points';
import { htmlLangOf } from '@client/lib/i18n';

/*
 * The points mall's rules on the client side: what a redeem or a conversion may ask for, checked
 * before the call with the contract's own request schemas, and the figures the forms preview.
 * Views translate the issues (`points:redeem.issues.<issue>`, `points:convert.issues.<issue>`).
 */

/** The most of one item a single redeem may ask for (RedeemRequest's quantity bound). */
export const MAX_REDEEM_QUANTITY = 99;

/** How many of an item one redeem may ask for: 1 to the stock, at most 99; 0 when out of stock. */
export const maxQuantity = (stock: number): number => Math.max(0, Math.min(stock, MAX_REDEEM_QUANTITY));

const pointFormats = new Map<string, Intl.NumberFormat>();
const pointFormat = (language: string, signDisplay: 'auto' | 'exceptZero'): Intl.NumberFormat => {
  const key = `${language}|${signDisplay}`;
  let format = pointFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language === 'cimode' ? 'en' : htmlLangOf(language), { maximumFractionDigits: 4, signDisplay });
    pointFormats.set(key, format);
  }
  return format;
};

/** Points (whole numbers; a ratio may have decimals) in the interface language's digits. */
export const formatPoints = (points: number, language: string): string => pointFormat(language, 'auto').format(points);

/** A change of points: + for a credit, the language's minus for a debit. */
export const formatPointsChange = (change: number, language: string): string => pointFormat(language, 'exceptZero').format(change);

const toCents = (amount: number) => Math.round(amount * 100);

/**
 * What `points` become at `ratio` points per currency unit, rounded down to the cent. The quotient
 * is read to 12 significant digits first, so float noise (30 / 0.3 = 99.99999999999999) does not
 * cost the player a cent.
 */
export const convertedAmount = (points: number, ratio: number): number => {
  if (!Number.isFinite(points) || points <= 0 || !(ratio > 0)) return 0;
  return Math.floor(Number(((points * 100) / ratio).toPrecision(12))) / 100;
};

/** The price of `quantity` items: points and cash (cash summed in cents). */
export const redeemTotal = (reward: { pointsRequired: number; amountRequired: number }, quantity: number) => ({
  points: reward.pointsRequired * quantity,
  amount: (toCents(reward.amountRequired) * quantity) / 100,
});

export type RedeemField = 'quantity' | 'address' | 'mobileNum' | 'paymentPassword';
export type RedeemFormIssue = 'insufficientPoints' | 'insufficientBalance';

export interface RedeemDraft {
  quantity: string;
  address: string;
  mobileNum: string;
  paymentPassword: string;
}

export type RedeemCheck =
  | { ok: true; body: BodyOf<'pointsRedeem'> }
  | { ok: false; fields: RedeemField[]; issue: RedeemFormIssue | null };

const quantityOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * A redeem as the form holds it, checked with the contract's RedeemRequest, the item's stock, and
 * what the member holds (points, and the wallet when the item also costs cash and the balance is known).
 */
export const checkRedeem = (
  reward: { rewardId: number; pointsRequired: number; amountRequired: number; stock: number },
  draft: RedeemDraft,
  held: { points: number | null; balance: number | null },
): RedeemCheck => {
  const quantity = quantityOf(draft.quantity);
  const parsed = RedeemRequest.safeParse({
    rewardId: reward.rewardId,
    quantity,
    address: draft.address,
    mobileNum: draft.mobileNum.trim(),
    paymentPassword: draft.paymentPassword,
  });
  const fields = new Set<RedeemField>(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path[0] as RedeemField));
  if (!fields.has('quantity') && quantity > maxQuantity(reward.stock)) fields.add('quantity');
  if (!parsed.success || fields.size > 0) return { ok: false, fields: [...fields], issue: null };
  const total = redeemTotal(reward, quantity);
  if (held.points !== null && total.points > held.points) return { ok: false, fields: [], issue: 'insufficientPoints' };
  if (held.balance !== null && toCents(total.amount) > toCents(held.balance)) return { ok: false, fields: [], issue: 'insufficientBalance' };
  return { ok: true, body: parsed.data };
};

export type ConvertIssue = 'pointsRequired' | 'pointsInvalid' | 'belowMin' | 'belowCent' | 'aboveHeld' | 'paymentPassword';

/** Points the player typed: null when empty, NaN when not a whole number. */
export const parsePointsInput = (text: string): number | null => {
  const trimmed = text.trim().replace(/[,.\s](?=\d{3}(\D|$))/g, '');
  if (trimmed === '') return null;
  return /^\d{1,12}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/**
 * What stops a conversion before it is sent: the points (a whole number, the minimum, worth at least
 * a cent, no more than held) and the password, as the server refuses them.
 */
export const convertIssue = (
  form: { points: number | null; paymentPassword: string },
  limits: { minConvertPoints: number; held: number; ratio: number },
): ConvertIssue | null => {
  if (form.points === null) return 'pointsRequired';
  if (!Number.isInteger(form.points) || form.points <= 0) return 'pointsInvalid';
  if (form.points < limits.minConvertPoints) return 'belowMin';
  if (convertedAmount(form.points, limits.ratio) <= 0) return 'belowCent';
  if (form.points > limits.held) return 'aboveHeld';
  if (!ConvertPointsRequest.safeParse({ points: form.points, paymentPassword: form.paymentPassword }).success) return 'paymentPassword';
  return null;
};
