import { ChevronRight, Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { memberPageHref } from '@client/config/paths';
import { hasSession, useSessionInfo } from '@client/state/app-actor';
import { useApiQuery } from '@client/state/queries';
import { useMissionSummary } from '../hooks/use-missions';
import '../missions.css';

/**
 * The home screen's missions strip (API-54, API-55): a signed-in member's summary, this week's
 * leader, and the way to the missions page. Its own chunk, loaded after the home's first render;
 * it shows nothing until it has something to say (a failed read leaves the lobby as it was).
 */
export function HomeMissions() {
  const { t } = useTranslation('missions');
  const signedIn = hasSession(useSessionInfo());
  const summary = useMissionSummary(signedIn);
  const board = useApiQuery('missionLeaderboard', { query: { limitNum: 1 } });
  const leader = board.data?.list[0];
  const mine = signedIn ? summary.data : undefined;
  if (!mine && !leader) return null;
  return (
    <section className="home-strip" aria-labelledby="home-missions-title" data-testid="home-missions">
      <h2 id="home-missions-title" className="home-strip__title">
        <Target aria-hidden size={18} /> {t('home.title')}
      </h2>
      {mine && (
        <p>
          {t('home.progress', { completed: mine.completedMissions, total: mine.totalMissions })}
          {mine.claimableRewards > 0 && <> · {t('home.claimable', { count: mine.claimableRewards })}</>}
        </p>
      )}
      {leader && <p>{t('home.topMember', { name: leader.customerName, score: leader.score })}</p>}
      <Link to={memberPageHref('missionLeaderboard')} className="lobby-row__more">
        {t('home.open')}
        <ChevronRight aria-hidden size={16} />
      </Link>
    </section>
  );
}
