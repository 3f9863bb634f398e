import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@client/components/screen-header';
import { PromotionsBoard } from '@client/features/promotions/components/promotions-board';
import { RedEnvelopesSection } from '@client/features/red-envelopes/components/red-envelopes-section';

/**
 * SHELL-13: the red envelopes on show (MEMBER-15), then the promotions, filterable by promotion type
 * (MEMBER-10), each with the player's status (MEMBER-11).
 */
export default function PromotionsScreen() {
  const { t } = useTranslation(['shell', 'promotions']);
  return (
    <div className="screen">
      <ScreenHeader icon={Gift} title={t('shell:screens.promotions')} subtitle={t('shell:screens.promotionsSubtitle')} />
      <RedEnvelopesSection />
      <PromotionsBoard />
    </div>
  );
}
