import type { REDEEM_STATUSES } from '@shared/contract/points';
import type { StatusTone } from '@client/components/records/status-tag';

/** MEMBER-08: a redeem is in process, approved or rejected. */
export type RedeemStatus = (typeof REDEEM_STATUSES)[number];

export const redeemStatusTone = (status: RedeemStatus): StatusTone => (status === 'APPROVED' ? 'success' : status === 'REJECTED' ? 'danger' : 'pending');
