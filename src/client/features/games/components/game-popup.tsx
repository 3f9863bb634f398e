import { useEffect, useState } from 'react';
import { ExternalLink, Maximize2, Minimize2, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { GameLaunch } from '@shared/contract/games';
import type { LaunchedGame } from '@machines/games/game-launch.machine';
import { selectGame, selectLaunchError, selectPhase, selectSession, selectSuggestions } from '@machines/games/game-launch.selectors';
import { EmptyState } from '@client/components/empty-state';
import { GameTile } from '@client/components/game-tile';
import { ScreenLoader } from '@client/components/spinner';
import { useGameLaunchRef, useGameLaunchSelector, useImageUrl } from '@client/state/app-actor';
import { ErrorNotice } from '@client/components/error-notice';
import { safeExternalUrl } from '@client/lib/links';
import { useGameLauncher } from '../use-game-launcher';
import { GAME_ART_FALLBACK } from '../vendor-logo';

/**
 * The game page runs its own scripts and calls its own server (fetch to its origin), so it needs
 * scripts and its real origin; its provably-fair "verify" links open in a new tab. Everything else
 * stays denied: no navigating this site, no forms, no modal dialogs.
 */
const GAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox';

/** Follows the browser's full-screen state of `element`. */
const useFullScreen = (element: HTMLElement | null) => {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const sync = () => setActive(element !== null && document.fullscreenElement === element);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [element]);
  const toggle = () => {
    if (!element) return;
    if (document.fullscreenElement === element) void document.exitFullscreen();
    else void element.requestFullscreen();
  };
  return { supported: document.fullscreenEnabled === true, active, toggle };
};

function PlayingGame({ game, session }: { game: LaunchedGame; session: GameLaunch }) {
  const { t } = useTranslation('games');
  const launcher = useGameLaunchRef();
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const fullScreen = useFullScreen(stage);
  const [blocked, setBlocked] = useState(false);
  const url = safeExternalUrl(session.gameUrl);
  if (!url) return <ErrorNotice error={{ code: 'GAME_NOT_FOUND' }} />;

  const openInNewWindow = () => {
    const opened = window.open(url, '_blank');
    if (!opened) {
      setBlocked(true);
      return;
    }
    opened.opener = null;
    // The session now plays in that window: this popup would be a second screen of the same game.
    launcher.send({ type: 'game.close' });
  };

  return (
    <div className="game-popup">
      <div className="game-popup__bar">
        <h3 className="game-popup__title">{game.card.gameName}</h3>
        {session.freePlay && <span className="tag game-popup__free">{t('launch.freePlay')}</span>}
        <div className="game-popup__actions">
          {fullScreen.supported && (
            <button type="button" className="button button--outline button--compact" aria-pressed={fullScreen.active} onClick={fullScreen.toggle}>
              {fullScreen.active ? <Minimize2 aria-hidden size={16} /> : <Maximize2 aria-hidden size={16} />}
              {fullScreen.active ? t('launch.exitFullScreen') : t('launch.fullScreen')}
            </button>
          )}
          <button type="button" className="button button--outline button--compact" onClick={openInNewWindow}>
            <ExternalLink aria-hidden size={16} />
            {t('launch.newWindow')}
          </button>
        </div>
      </div>
      {blocked && (
        <p className="game-popup__notice" role="alert">
          {t('launch.popupBlocked')}
        </p>
      )}
      <div className="game-popup__stage" ref={setStage}>
        <iframe className="game-frame" src={url} title={game.card.gameName} sandbox={GAME_SANDBOX} allow="autoplay; fullscreen" allowFullScreen />
      </div>
    </div>
  );
}

/** GAMES-22 / spec section 9: a game under maintenance, with other hot games to play instead. */
function MaintenanceNotice({ game }: { game: LaunchedGame }) {
  const imageUrl = useImageUrl();
  const { t } = useTranslation(['games', 'common']);
  const suggestions = useGameLaunchSelector(selectSuggestions);
  const loading = useGameLaunchSelector((s) => s.hasTag('loading'));
  const { launch } = useGameLauncher();
  return (
    <div className="game-popup game-popup--maintenance">
      <EmptyState tone="warning" icon={Wrench} title={t('launch.maintenance', { game: game.card.gameName })} text={suggestions.length > 0 ? t('launch.tryOthers') : undefined} />
      {loading && <ScreenLoader label={t('common:loading')} />}
      {suggestions.length > 0 && (
        <ul className="game-popup__suggestions" aria-label={t('launch.suggestions')}>
          {suggestions.map((card) => (
            <li key={card.nodeId}>
              <GameTile
                name={card.gameName}
                imageUrl={imageUrl(card.iconUrl)}
                fallbackImageUrl={GAME_ART_FALLBACK}
                caption={card.vassalage}
                action={
                  <button type="button" className="button button--primary button--compact" onClick={() => launch(card)} aria-label={t('launch.playGame', { game: card.gameName })}>
                    {t('launch.play')}
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The game popup (GAMES-22): the launcher's state, from the starting spinner to the game in its frame. */
export function GamePopup() {
  const { t } = useTranslation('games');
  const launcher = useGameLaunchRef();
  const phase = useGameLaunchSelector(selectPhase);
  const game = useGameLaunchSelector(selectGame);
  const session = useGameLaunchSelector(selectSession);
  const error = useGameLaunchSelector(selectLaunchError);
  if (!game) return null;
  switch (phase) {
    case 'launching':
      return <ScreenLoader label={t('launch.starting', { game: game.card.gameName })} />;
    case 'playing':
      return session && <PlayingGame key={session.gameUrl} game={game} session={session} />;
    case 'maintenance':
      return <MaintenanceNotice game={game} />;
    case 'failed':
      return <ErrorNotice error={error} onRetry={() => launcher.send({ type: 'game.retry' })} />;
    case 'idle':
      return null;
  }
}
