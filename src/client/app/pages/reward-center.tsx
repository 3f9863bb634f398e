import { RewardCenterPage } from '@client/features/promotions/components/reward-center-page';
import { VipSection } from '@client/features/vip/components/vip-section';

/** MEMBER-13 with MEMBER-16: the reward centre, headed by the member's VIP level and upgrade bonuses while VIP is on. */
export function RewardCenterWithVip() {
  return (
    <>
      <VipSection />
      <RewardCenterPage />
    </>
  );
}
