import { useCallback } from 'react';
import i18next from 'i18next';
import { showToast } from '@client/state/ui-state';
import { usePopups, type Popups } from '@client/state/app-actor';

/** ERR-03: an action that needs a login, done by a guest, says so and opens the login popup. */
export const askToLogIn = (popups: Pick<Popups, 'open'>): void => {
  showToast(i18next.t('common:notLoggedIn'), 'warning');
  popups.open('loginPopupModal');
};

export const useAskToLogIn = (): (() => void) => {
  const popups = usePopups();
  return useCallback(() => askToLogIn(popups), [popups]);
};
