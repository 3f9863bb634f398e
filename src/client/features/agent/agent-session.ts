import { isReferralEnabled, usePublicState } from '@client/app/stores/public-state';
import { usePermission } from '@client/app/stores/system-store';

/**
 * The one place the agent area reads the app's long-lived state: the live main-wallet balance,
 * the referral switch and the site's configuration. When that state moves to another owner, only
 * this file follows it.
 */
export const useAgentSession = () => {
  const publicState = usePublicState();
  const permission = usePermission();
  return { balance: publicState.balance, referralEnabled: isReferralEnabled(publicState), permission };
};
