import { MonitorPlay } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '@client/components/empty-state';
import { ScreenHeader } from '@client/components/screen-header';
import { InPageGame } from '@client/features/games/components/in-page-game';
import { useInPageLaunch } from '@client/features/games/use-in-page-launch';
import { SignInPrompt } from '@client/app/shell/sign-in-prompt';
import { hasSession, useSessionInfo } from '@client/state/app-actor';

function SeamlessGame({ gameCode, vassalage, gameType }: { gameCode: string; vassalage: string; gameType: string | null }) {
  const { i18n } = useTranslation();
  const launch = useInPageLaunch({
    gameCode,
    vassalage,
    device: 'WEB',
    freePlay: false,
    language: i18n.language,
    ...(gameType && { gameType }),
  });
  return <InPageGame launch={launch} title={gameCode} className="seamless-game" />;
}

/** SHELL-13: the seamless game page hosts one game (?gameCode&vassalage) full width, the side menu hidden (SHELL-21). */
export default function SeamlessScreen() {
  const { t } = useTranslation(['shell', 'common']);
  const [params] = useSearchParams();
  const session = useSessionInfo();
  const gameCode = params.get('gameCode');
  const vassalage = params.get('vassalage');

  const body = !hasSession(session) ? (
    <SignInPrompt />
  ) : gameCode && vassalage ? (
    <SeamlessGame gameCode={gameCode} vassalage={vassalage} gameType={params.get('gameType')} />
  ) : (
    <EmptyState icon={MonitorPlay} title={t('shell:screens.seamlessChoose')} />
  );
  return (
    <div className="screen screen--wide">
      <ScreenHeader icon={MonitorPlay} title={t('shell:screens.seamless')} subtitle={gameCode ?? undefined} />
      {body}
    </div>
  );
}
