import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import clsx from 'clsx';
import type { LotteryMenu as LotteryMenuItem } from '@shared/contract/games';
import type { z } from 'zod';
import { useImageUrl } from '@client/state/app-actor';
import type { LotteryFavourites } from '../lottery-favourites';

export type LotteryGame = z.infer<typeof LotteryMenuItem>;

/**
 * GAMES-25: the lottery games of the page, each with its accountTypeName; GAMES-27: a star per
 * game keeps it among the player's favourites, which come first.
 */
export function LotteryMenu({
  games,
  selected,
  hrefOf,
  favourites,
}: {
  games: readonly LotteryGame[];
  selected: string | null;
  hrefOf: (gameCode: string) => string;
  favourites: LotteryFavourites;
}) {
  const { t } = useTranslation('games');
  const imageUrl = useImageUrl();
  return (
    <ul className="lottery-menu" aria-label={t('lottery.games')}>
      {favourites.favouritesFirst(games).map((game) => {
        const isFavourite = favourites.isFavourite(game.gameCode);
        const isSelected = game.gameCode === selected;
        return (
          <li key={game.gameCode} className={clsx('lottery-menu__item', isSelected && 'is-active')}>
            <Link to={hrefOf(game.gameCode)} className="lottery-menu__link" aria-current={isSelected ? 'page' : undefined}>
              <img src={imageUrl(game.iconUrl)} alt="" loading="lazy" />
              <span className="lottery-menu__text">
                <span className="lottery-menu__name">{game.gameName}</span>
                <span className="lottery-menu__type">{game.accountTypeName}</span>
              </span>
            </Link>
            <button
              type="button"
              className={clsx('lottery-menu__star', isFavourite && 'is-on')}
              aria-pressed={isFavourite}
              aria-label={t('lottery.favourite', { name: game.gameName })}
              onClick={() => favourites.toggle(game.gameCode)}
            >
              <Star size={18} fill={isFavourite ? 'currentColor' : 'none'} aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The player's recently played lottery games of this page, as quick links. */
export function RecentLotteries({ games, hrefOf }: { games: readonly LotteryGame[]; hrefOf: (gameCode: string) => string }) {
  const { t } = useTranslation('games');
  return (
    <nav className="lottery-recent" aria-label={t('lottery.recent')}>
      <h2 className="lottery-side__title">{t('lottery.recent')}</h2>
      <div className="chip-row lottery-recent__row">
        {games.map((game) => (
          <Link key={game.gameCode} to={hrefOf(game.gameCode)} className="chip">
            {game.gameName}
          </Link>
        ))}
      </div>
    </nav>
  );
}
