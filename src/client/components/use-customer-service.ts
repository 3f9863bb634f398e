import { useTranslation } from 'react-i18next';
import type { CustomerServiceEntry } from '@shared/contract/system';
import { showToast } from '@client/state/ui-state';
import { openCustomerService } from '@client/lib/links';

/** Opens a customer-service entry and tells the visitor when the browser blocked the window (ERR-21). */
export const useOpenCustomerService = () => {
  const { t } = useTranslation('shell');
  return (entry: CustomerServiceEntry) => {
    const result = openCustomerService(entry);
    if (result === 'blocked') showToast(t('toasts.popupBlocked'), 'warning');
    if (result === 'invalid') showToast(t('toasts.invalidLink'), 'error');
  };
};
