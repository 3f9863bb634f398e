import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { VendorItem } from '@shared/contract/games';
import { useImageUrl } from '@client/state/app-actor';
import { useGameLauncher } from '../use-game-launcher';
import { GAME_ART_FALLBACK } from '../vendor-logo';
import { CardImage } from './card-image';

export interface VendorCardProps {
  vendor: VendorItem;
}

/** Slot (RNG) vendors open their game list, so their cards carry no start button (GAMES-16). */
const hasStartButton = (vendor: VendorItem): boolean => vendor.gameType !== 'RNG';

/**
 * A vendor of a category (GAMES-16): its image and name, and a start button but for RNG vendors.
 * A click anywhere on the card launches the vendor; the card's one button (the start button, or the
 * name for RNG vendors) is what the keyboard reaches, and its click is the card's.
 */
export function VendorCard({ vendor }: VendorCardProps) {
  const imageUrl = useImageUrl();
  const { t } = useTranslation('games');
  const { launchVendor } = useGameLauncher();
  const name = vendor.displayName;
  const withStart = hasStartButton(vendor);

  return (
    <article className={clsx('art-card vendor-card', vendor.maintenance && 'is-maintenance')} onClick={() => launchVendor(vendor)}>
      <div className="vendor-card__art">
        <CardImage key={vendor.lagerIcon} src={imageUrl(vendor.lagerIcon)} alt="" className="vendor-card__image" fallback={GAME_ART_FALLBACK} />
        {vendor.maintenance && <span className="vendor-card__maintenance">{t('card.maintenance')}</span>}
      </div>
      <div className="vendor-card__body">
        {withStart ? (
          <>
            <h3 className="vendor-card__name">{name}</h3>
            <button type="button" className="button button--primary button--compact vendor-card__start" aria-label={t('card.enterVendorNamed', { vendor: name })}>
              {t('card.enterVendor')}
            </button>
          </>
        ) : (
          <h3 className="vendor-card__name">
            <button type="button" className="vendor-card__open" aria-label={t('card.enterVendorNamed', { vendor: name })}>
              {name}
              <ChevronRight aria-hidden size={16} />
            </button>
          </h3>
        )}
      </div>
    </article>
  );
}
