import { Heart, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@client/components/screen-header';
import { ScreenLoader } from '@client/components/spinner';
import { GameGrid } from '@client/features/shell/components/game-grid';
import { SignInPrompt } from '@client/features/shell/components/sign-in-prompt';
import { useApiQuery } from '../query';
import { hasSession, useSessionInfo } from '../stores/session-info';

function FavoriteList() {
  const { i18n } = useTranslation();
  const favorites = useApiQuery('favoriteList', { query: { language: i18n.language } });
  return <GameGrid games={favorites.data?.content ?? []} isPending={favorites.isPending} error={favorites.error} onRetry={() => void favorites.refetch()} />;
}

function RecentList() {
  const { i18n } = useTranslation();
  const recent = useApiQuery('recentGames', { query: { language: i18n.language } });
  return <GameGrid games={recent.data?.list ?? []} isPending={recent.isPending} error={recent.error} onRetry={() => void recent.refetch()} />;
}

/** SHELL-10: the player's favourite or recent games; guests are asked to log in (AUTH-45). */
export default function MyGamesScreen({ list }: { list: 'favorite' | 'recent' }) {
  const { t } = useTranslation(['shell', 'common']);
  const session = useSessionInfo();
  return (
    <div className="screen">
      <ScreenHeader
        icon={list === 'favorite' ? Heart : History}
        title={t(list === 'favorite' ? 'shell:screens.favorite' : 'shell:screens.recent')}
        subtitle={t(list === 'favorite' ? 'shell:screens.favoriteSubtitle' : 'shell:screens.recentSubtitle')}
      />
      {session.status === 'restoring' ? (
        <ScreenLoader label={t('common:loading')} />
      ) : !hasSession(session) ? (
        <SignInPrompt />
      ) : list === 'favorite' ? (
        <FavoriteList />
      ) : (
        <RecentList />
      )}
    </div>
  );
}
