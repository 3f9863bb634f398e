import { useId } from 'react';
import { Flame, Heart, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { GameCard } from '@shared/contract/games';
import { useImageUrl } from '@client/state/app-actor';
import { useFavourite } from '../use-favourites';
import { useLaunchGame } from '../use-game-launcher';
import { GAME_ART_FALLBACK, VENDOR_LOGO_SIZE, vendorLogoUrl } from '../vendor-logo';
import { CardImage } from './card-image';

export interface GameCardViewProps {
  card: GameCard;
}

/**
 * A game in a grid (GAMES-13 to GAMES-15): its image, the hot badge (isHot = 1), the favourite
 * heart, the vendor's logo, the name, a start button and, when the game offers one
 * (supportPlay = 0), a free-trial button.
 */
export function GameCardView({ card }: GameCardViewProps) {
  const imageUrl = useImageUrl();
  const { t } = useTranslation('games');
  const nameId = useId();
  const launch = useLaunchGame();
  const { favourite, toggle } = useFavourite(card);
  const game = card.gameName;

  return (
    <article className="art-card game-card" aria-labelledby={nameId}>
      <div className="art-frame game-card__art">
        <CardImage key={card.iconUrl} src={imageUrl(card.iconUrl)} alt="" className="game-card__image" fallback={GAME_ART_FALLBACK} />
        {card.isHot === 1 && (
          <span className="game-card__hot">
            <Flame aria-hidden size={12} strokeWidth={2.5} />
            {t('card.hot')}
          </span>
        )}
        <button
          type="button"
          className={clsx('game-card__favourite', favourite && 'is-on')}
          aria-pressed={favourite}
          aria-label={t('favourites.toggle', { game })}
          title={t(favourite ? 'favourites.remove' : 'favourites.add')}
          onClick={toggle}
        >
          <Heart aria-hidden size={16} strokeWidth={2.25} fill={favourite ? 'currentColor' : 'none'} />
        </button>
        <span className="game-card__vendor">
          <CardImage key={card.vassalage} src={vendorLogoUrl(card.vassalage)} alt={t('card.vendor', { vendor: card.vassalage })} {...VENDOR_LOGO_SIZE} />
        </span>
      </div>
      <div className="game-card__body">
        <h3 className="game-card__name" id={nameId} title={game}>
          {game}
        </h3>
        <div className="game-card__actions">
          <button type="button" className="button button--primary button--compact game-card__play" aria-label={t('card.playGame', { game })} onClick={() => launch(card)}>
            <Play aria-hidden size={14} fill="currentColor" />
            {t('card.play')}
          </button>
          {card.supportPlay === 0 && (
            <button
              type="button"
              className="button button--outline button--compact game-card__trial"
              aria-label={t('card.freeTrialGame', { game })}
              onClick={() => launch(card, { freePlay: true })}
            >
              {t('card.freeTrial')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
