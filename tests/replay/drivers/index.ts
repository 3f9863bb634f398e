import type { DriverFactory } from '../driver-kit';
import { contractDriver, contractPopupDriver } from './contracts.driver';
import { depositDriver } from './deposit.driver';
import { favouritesDriver } from './favourites.driver';
import { forgotPasswordDriver } from './forgot-password.driver';
import { freePlayDriver } from './free-play.driver';
import { gameLaunchDriver } from './game-launch.driver';
import { loginDriver } from './login.driver';
import { passwordChangeDriver } from './password-change.driver';
import { popupQueueDriver } from './popup-queue.driver';
import { registrationDriver } from './registration.driver';
import { smsCountdownDriver } from './sms-countdown.driver';
import { twoFactorDriver } from './two-factor.driver';
import { withdrawalConfirmationDriver } from './withdrawal-confirmation.driver';

export interface MachineDriver {
  create: DriverFactory;
  /** The announcement popups are the flow replayed: the page leaves them open. */
  keepsAnnouncements?: true;
}

/** Each registered machine's browser driver, by the machine's name in the path registry. */
export const DRIVERS: Record<string, MachineDriver> = {
  login: { create: loginDriver },
  'two-factor': { create: twoFactorDriver },
  'password-change': { create: passwordChangeDriver },
  'sms-countdown': { create: smsCountdownDriver },
  registration: { create: registrationDriver },
  'forgot-password': { create: forgotPasswordDriver },
  'free-play': { create: freePlayDriver },
  'popup-queue': { create: popupQueueDriver, keepsAnnouncements: true },
  favourites: { create: favouritesDriver },
  'game-launch': { create: gameLaunchDriver },
  deposit: { create: depositDriver },
  'withdrawal-confirmation': { create: withdrawalConfirmationDriver },
  // The contract popup opens over the announcements of a login: they stay under it, as a member sees them.
  contract: { create: contractDriver, keepsAnnouncements: true },
  'contract-popup': { create: contractPopupDriver, keepsAnnouncements: true },
};
