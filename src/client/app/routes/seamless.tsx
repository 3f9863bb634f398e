import { MonitorPlay } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '@client/components/empty-state';
import { ScreenHeader } from '@client/components/screen-header';
import { SignInPrompt } from '@client/features/shell/components/sign-in-prompt';
import { hasSession, useSessionInfo } from '../stores/session-info';

/** SHELL-13: the seamless game page hosts one game (?gameCode) full width, the side menu hidden (SHELL-21). */
export default function SeamlessScreen() {
  const { t } = useTranslation(['shell', 'common']);
  const [params] = useSearchParams();
  const session = useSessionInfo();
  const gameCode = params.get('gameCode');
  return (
    <div className="screen screen--wide">
      <ScreenHeader icon={MonitorPlay} title={t('shell:screens.seamless')} subtitle={gameCode ?? undefined} />
      {!hasSession(session) ? <SignInPrompt /> : <EmptyState icon={MonitorPlay} title={t('shell:screens.seamlessChoose')} />}
    </div>
  );
}
