import { Ticket } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import type { ResponseOf } from '@shared/contract/http';
import { EmptyState } from '@client/components/empty-state';
import { ScreenHeader } from '@client/components/screen-header';
import { ScreenLoader } from '@client/components/spinner';
import { paths } from '@client/config/paths';
import { InPageGame } from '@client/features/games/components/in-page-game';
import { LotteryBoard, LotteryDrawHistory } from '@client/features/games/components/lottery-draws';
import { LotteryMenu, RecentLotteries } from '@client/features/games/components/lottery-menu';
import { useLotteryFavourites } from '@client/features/games/lottery-favourites';
import { lotteryLaunchRequest, lotteryPageSetup, resultsRefreshDelay, type LotteryArea, type LotteryPageSetup } from '@client/features/games/lottery-rules';
import { useInPageLaunch } from '@client/features/games/use-in-page-launch';
import { ErrorNotice } from '@client/components/error-notice';
import type { ApiCallError } from '@client/lib/api-client';
import { useApi } from '@client/state/api';
import { useApiQuery } from '@client/state/queries';
import { hasSession, useSessionInfo } from '@client/state/app-actor';

const RECENT_DRAWS = 10;

/** GAMES-26: the latest results of a game, asked again just after each draw is due. */
const useDraws = (endpoint: LotteryPageSetup['openedNumbers'], gameCode: string) => {
  const api = useApi();
  const input = { query: { gameCode, pageNo: 1, pageSize: RECENT_DRAWS } };
  return useQuery<ResponseOf<typeof endpoint>, ApiCallError>({
    queryKey: [endpoint, input],
    queryFn: () => api.call(endpoint, input),
    refetchInterval: (query) => (query.state.status === 'error' ? false : resultsRefreshDelay(query.state.data?.list ?? [], Date.now())),
  });
};

function SelectedLottery({ setup, gameCode, gameName }: { setup: LotteryPageSetup; gameCode: string; gameName: string }) {
  const { t, i18n } = useTranslation(['games', 'common']);
  const launch = useInPageLaunch(lotteryLaunchRequest(gameCode, setup, i18n.language));
  const draws = useDraws(setup.openedNumbers, gameCode);
  return (
    <div className="lottery-page__main">
      {draws.isSuccess && <LotteryBoard gameName={gameName} draws={draws.data.list} />}
      <InPageGame launch={launch} title={gameName} className="lottery-page__game" />
      {draws.isPending && <ScreenLoader label={t('common:loading')} />}
      {draws.isError && <ErrorNotice error={draws.error} onRetry={() => void draws.refetch()} />}
      {draws.isSuccess && <LotteryDrawHistory draws={draws.data.list} />}
    </div>
  );
}

function LotteryGames({ area, setup, username }: { area: LotteryArea; setup: LotteryPageSetup; username: string }) {
  const { t } = useTranslation(['shell', 'games', 'common']);
  const [params] = useSearchParams();
  const menuQuery = { query: { prizeMode: setup.prizeMode, device: 'WEB' as const } };
  const menu = useApiQuery('vnLotteryMenu', menuQuery);
  const recent = useApiQuery('vnLotteryRecent', menuQuery);
  const favourites = useLotteryFavourites(username);
  const gameCode = params.get('gameCode');
  // Other games keep the page's other parameters (the requested prize mode of /lottery).
  const hrefOf = (code: string) => `${paths[area].path}?${new URLSearchParams({ ...Object.fromEntries(params), gameCode: code })}`;

  const games = menu.data?.gameMenus ?? [];
  // Without ?gameCode the page plays the first game (favourites first), named in the address.
  const first = favourites.favouritesFirst(games)[0];
  if (!gameCode && first) return <Navigate to={hrefOf(first.gameCode)} replace />;

  const selected = games.find((g) => g.gameCode === gameCode);
  const gameName = selected?.gameName ?? gameCode ?? '';
  const subtitle = selected ? `${selected.gameName} · ${selected.accountTypeName}` : gameCode ? t('shell:screens.lotteryGame', { gameCode }) : t('shell:screens.lotteryChoose');

  return (
    <>
      <ScreenHeader icon={Ticket} title={t(`shell:screens.${area}`)} subtitle={subtitle} />
      <div className="lottery-page">
        {gameCode && <SelectedLottery key={gameCode} setup={setup} gameCode={gameCode} gameName={gameName} />}
        <aside className="lottery-page__side">
          <h2 className="lottery-side__title">{t('games:lottery.games')}</h2>
          {menu.isPending && <ScreenLoader label={t('common:loading')} />}
          {menu.isError && <ErrorNotice error={menu.error} onRetry={() => void menu.refetch()} />}
          {menu.isSuccess && games.length === 0 && <EmptyState icon={Ticket} title={t('games:lottery.noGames')} />}
          {games.length > 0 && <LotteryMenu games={games} selected={gameCode} hrefOf={hrefOf} favourites={favourites} />}
          {recent.isSuccess && recent.data.gameMenus.length > 0 && <RecentLotteries games={recent.data.gameMenus} hrefOf={hrefOf} />}
        </aside>
      </div>
    </>
  );
}

/** /lottery takes its prize mode from the game menus (GAMES-24); the area pages have theirs fixed. */
function LotteryPage({ area, username }: { area: LotteryArea; username: string }) {
  const { t, i18n } = useTranslation(['shell', 'common']);
  const [params] = useSearchParams();
  const requested = area === 'lottery' && params.get('prizeMode') === 'ELOTT' ? 'ELOTT' : null;
  const menus = useApiQuery('gameMenus', { query: { language: i18n.language } }, { enabled: area === 'lottery' && !requested });
  if (area === 'lottery' && !requested && menus.isPending) return <ScreenLoader label={t('common:loading')} />;
  if (area === 'lottery' && !requested && menus.isError) {
    return (
      <>
        <ScreenHeader icon={Ticket} title={t(`shell:screens.${area}`)} />
        <ErrorNotice error={menus.error} onRetry={() => void menus.refetch()} />
      </>
    );
  }
  return <LotteryGames area={area} setup={lotteryPageSetup(area, menus.data ?? [], requested)} username={username} />;
}

/** SHELL-11: the lottery pages, for a logged-in session only; a guest goes to /login. */
export default function LotteryScreen({ area }: { area: LotteryArea }) {
  const { t } = useTranslation('common');
  const session = useSessionInfo();

  if (session.status === 'restoring') return <ScreenLoader label={t('loading')} />;
  if (!hasSession(session) || !session.member) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <div className="screen screen--wide" data-lottery={area}>
      <LotteryPage area={area} username={session.member.account} />
    </div>
  );
}
