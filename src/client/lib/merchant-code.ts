/** Local storage key of the merchant code (AUTH-20): the permission call answers it, later calls send it. */
export const MERCHANT_CODE_KEY = 'merchantCode';

/** Keeps the merchant code for the next visit's first calls (before the permission has loaded). */
export const rememberMerchantCode = (merchantCode: string): void => {
  try {
    window.localStorage.setItem(MERCHANT_CODE_KEY, merchantCode);
  } catch {
    // Storage may be unavailable; the merchant code still comes from the permission response.
  }
};

/** The merchant code an earlier visit kept; empty when none. */
export const storedMerchantCode = (): string => {
  try {
    return window.localStorage.getItem(MERCHANT_CODE_KEY) ?? '';
  } catch {
    return '';
  }
};
