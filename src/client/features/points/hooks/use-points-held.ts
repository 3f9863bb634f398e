import { useApiQuery } from '@client/state/queries';
import type { MallAccount } from './use-mall-account';

/** API-57: the member's points (one cached read shared by the header and the forms); asked only for a member. */
export const usePointsHeld = (account: MallAccount) => useApiQuery('pointsBalance', undefined, { enabled: account === 'member' });
