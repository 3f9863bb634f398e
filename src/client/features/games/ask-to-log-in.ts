import i18next from 'i18next';
import { openPopup } from '@client/app/stores/popups';
import { showToast } from '@client/app/stores/toasts';

/** ERR-03: an action that needs a login, done by a guest, says so and opens the login popup. */
export const askToLogIn = (): void => {
  showToast(i18next.t('common:notLoggedIn'), 'warning');
  openPopup('loginPopupModal');
};
