import type { MachinePath, MachinePaths } from './machine-paths';
import { contractPopupPaths } from './paths/contract-popup.paths';
import { contractPaths } from './paths/contract.paths';
import { depositPaths } from './paths/deposit.paths';
import { favouritesPaths } from './paths/favourites.paths';
import { forgotPasswordPaths } from './paths/forgot-password.paths';
import { freePlayPaths } from './paths/free-play.paths';
import { gameLaunchPaths } from './paths/game-launch.paths';
import { loginPaths } from './paths/login.paths';
import { passwordChangePaths } from './paths/password-change.paths';
import { popupQueuePaths } from './paths/popup-queue.paths';
import { registrationPaths } from './paths/registration.paths';
import { smsCountdownPaths } from './paths/sms-countdown.paths';
import { twoFactorPaths } from './paths/two-factor.paths';
import { withdrawalConfirmationPaths } from './paths/withdrawal-confirmation.paths';

/**
 * Every user-facing flow's paths, walked on its production machine (or, for the contract flows, on
 * the abstract model its `provedBy` test replays on the production machines): the one list the
 * path tests (`tests/client/features/**\/*.paths.test.tsx`, `tests/machines/models/*.model.test.ts`),
 * `npm run paths` and `npm run replay` use.
 */
export const PATH_REGISTRY: readonly MachinePaths[] = [
  loginPaths,
  twoFactorPaths,
  passwordChangePaths,
  smsCountdownPaths,
  registrationPaths,
  forgotPasswordPaths,
  freePlayPaths,
  popupQueuePaths,
  favouritesPaths,
  gameLaunchPaths,
  depositPaths,
  withdrawalConfirmationPaths,
  contractPaths,
  contractPopupPaths,
];

export const machinePaths = (name: string): MachinePaths => {
  const found = PATH_REGISTRY.find((entry) => entry.name === name);
  if (!found) throw new Error(`no paths for "${name}"; known: ${PATH_REGISTRY.map((entry) => entry.name).join(', ')}`);
  return found;
};

export const findPath = (name: string, id: string): MachinePath => {
  const found = machinePaths(name).paths.find((path) => path.id === id);
  if (!found) throw new Error(`${name} has no path ${id}; \`npm run paths\` lists them`);
  return found;
};
