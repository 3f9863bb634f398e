import { Flame } from 'lucide-react';
import type { ReactNode } from 'react';

export interface GameTileProps {
  name: string;
  imageUrl: string;
  hot?: boolean;
  hotLabel?: string;
  caption?: string;
  action?: ReactNode;
}

/** A game or vendor in a grid: artwork, name and what can be done with it. */
export function GameTile({ name, imageUrl, hot = false, hotLabel, caption, action }: GameTileProps) {
  return (
    <article className="art-card game-tile">
      <div className="art-frame game-tile__art">
        <img src={imageUrl} alt="" loading="lazy" onError={(e) => e.currentTarget.classList.add('is-broken')} />
        {hot && (
          <span className="game-tile__hot" aria-label={hotLabel}>
            <Flame aria-hidden size={14} />
          </span>
        )}
      </div>
      <div className="game-tile__info">
        <h3 className="game-tile__name">{name}</h3>
        {caption && <p className="game-tile__caption">{caption}</p>}
      </div>
      {action && <div className="game-tile__action">{action}</div>}
    </article>
  );
}
