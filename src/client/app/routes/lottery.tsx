import { Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import clsx from 'clsx';
import type { PRIZE_MODES } from '@shared/contract/games';
import { EmptyState } from '@client/components/empty-state';
import { ScreenHeader } from '@client/components/screen-header';
import { ScreenLoader } from '@client/components/spinner';
import { ErrorNotice } from '@client/features/shell/components/error-notice';
import { paths } from '@client/config/paths';
import { useApiQuery } from '../query';
import { hasSession, useSessionInfo } from '../stores/session-info';
import { imageUrl } from '../stores/system-store';

export type LotteryArea = 'lottery' | 'seaLottery' | 'vnLottery';

/** The prize mode each lottery page asks its menu for. */
const PRIZE_MODE_OF: Record<LotteryArea, (typeof PRIZE_MODES)[number]> = { lottery: 'LOTT', seaLottery: 'SEA', vnLottery: 'LOTT' };

function LotteryMenu({ area, gameCode }: { area: LotteryArea; gameCode: string | null }) {
  const { t } = useTranslation('common');
  const menu = useApiQuery('vnLotteryMenu', { query: { prizeMode: PRIZE_MODE_OF[area], device: 'WEB' } });
  if (menu.isPending) return <ScreenLoader label={t('loading')} />;
  if (menu.isError) return <ErrorNotice error={menu.error} onRetry={() => void menu.refetch()} />;
  if (menu.data.gameMenus.length === 0) return <EmptyState title={t('in_no_data')} />;
  return (
    <ul className="lottery-menu">
      {menu.data.gameMenus.map((game) => (
        <li key={game.gameCode}>
          <Link
            to={paths[area].getHref(game.gameCode)}
            className={clsx('lottery-menu__item', game.gameCode === gameCode && 'is-active')}
            aria-current={game.gameCode === gameCode ? 'page' : undefined}
          >
            <img src={imageUrl(game.iconUrl)} alt="" loading="lazy" />
            <span className="lottery-menu__name">{game.gameName}</span>
            <span className="tag">{game.accountTypeName}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** SHELL-11: the lottery pages, for a logged-in session only; a guest goes to /login. */
export default function LotteryScreen({ area }: { area: LotteryArea }) {
  const { t } = useTranslation(['shell', 'common']);
  const [params] = useSearchParams();
  const session = useSessionInfo();
  const gameCode = params.get('gameCode');

  if (session.status === 'restoring') return <ScreenLoader label={t('common:loading')} />;
  if (!hasSession(session)) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <div className="screen" data-lottery={area}>
      <ScreenHeader icon={Ticket} title={t(`shell:screens.${area}`)} subtitle={gameCode ? t('shell:screens.lotteryGame', { gameCode }) : t('shell:screens.lotteryChoose')} />
      <LotteryMenu area={area} gameCode={gameCode} />
    </div>
  );
}
