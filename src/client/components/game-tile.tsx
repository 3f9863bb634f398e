import { Flame } from 'lucide-react';
import { useState, type ReactNode } from 'react';

export interface GameTileProps {
  name: string;
  imageUrl: string;
  /** Shown instead when `imageUrl` fails to load (ERR-25); without one, a failed image is hidden. */
  fallbackImageUrl?: string;
  hot?: boolean;
  hotLabel?: string;
  caption?: string;
  action?: ReactNode;
}

/** A game or vendor in a grid: artwork, name and what can be done with it. */
export function GameTile({ name, imageUrl, fallbackImageUrl, hot = false, hotLabel, caption, action }: GameTileProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = failedUrl === imageUrl;
  return (
    <article className="art-card game-tile">
      <div className="art-frame game-tile__art">
        <img
          src={failed && fallbackImageUrl ? fallbackImageUrl : imageUrl}
          alt=""
          loading="lazy"
          className={failed && !fallbackImageUrl ? 'is-broken' : undefined}
          data-fallback={(failed && fallbackImageUrl !== undefined) || undefined}
          onError={() => {
            if (!failed) setFailedUrl(imageUrl);
          }}
        />
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
