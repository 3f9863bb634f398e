import type { CustomerServiceEntry } from '@shared/contract/system';
import { CUSTOMER_SERVICE_WINDOW } from '@client/config/menu';

/** Configured links leave the site only as http(s); anything else (javascript:, data:) is dropped. */
export const safeExternalUrl = (url: string): string | null => {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
};

/** The live-chat entry when there is one, else the first configured entry. */
export const preferredCustomerService = (entries: readonly CustomerServiceEntry[]): CustomerServiceEntry | null =>
  entries.find((e) => e.csType === 'LIVECHAT') ?? entries[0] ?? null;

export type OpenResult = 'opened' | 'blocked' | 'invalid';

/** SHELL-40: customer service opens in a 440x750 window named 'cs'. */
export const openCustomerService = (entry: CustomerServiceEntry): OpenResult => {
  const url = safeExternalUrl(entry.path);
  if (!url) return 'invalid';
  const opened = window.open(url, CUSTOMER_SERVICE_WINDOW.name, CUSTOMER_SERVICE_WINDOW.features);
  return opened ? 'opened' : 'blocked';
};
