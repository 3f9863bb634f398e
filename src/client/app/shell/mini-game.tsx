import { useState } from 'react';
import { Dices, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useImageUrl } from '@client/state/app-actor';
import { useHotGames } from '@client/features/games/use-hot-games';
import { vendorHref } from '@client/features/games/use-vendor-lanes';

/** The mini game launcher floating over every non-agent page (SHELL-19): quick access to the hot games. */
export function MiniGame() {
  const imageUrl = useImageUrl();
  const { t } = useTranslation(['shell', 'common']);
  const [open, setOpen] = useState(false);
  const hotGames = useHotGames({}, { enabled: open });
  const games = (hotGames.data?.list ?? []).slice(0, 6);

  return (
    <div className="mini-game" data-testid="mini-game">
      {open && (
        <section className="mini-game__panel" aria-label={t('shell:miniGame.title')}>
          <header className="mini-game__header">
            <h2>{t('shell:miniGame.title')}</h2>
            <button type="button" className="icon-button icon-button--small" onClick={() => setOpen(false)} aria-label={t('common:actions.close')}>
              <X aria-hidden size={16} />
            </button>
          </header>
          {hotGames.isPending ? (
            <p className="mini-game__note">{t('common:loading')}</p>
          ) : games.length === 0 ? (
            <p className="mini-game__note">{t('common:in_no_data')}</p>
          ) : (
            <ul className="mini-game__list">
              {games.map((game) => (
                <li key={game.nodeId}>
                  <Link to={vendorHref(game) ?? '/'} className="mini-game__game" onClick={() => setOpen(false)}>
                    <img src={imageUrl(game.iconUrl)} alt="" loading="lazy" />
                    <span>{game.gameName}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <button type="button" className="mini-game__launcher" aria-expanded={open} aria-label={t('shell:miniGame.open')} onClick={() => setOpen((v) => !v)}>
        <Dices aria-hidden size={26} />
      </button>
    </div>
  );
}
