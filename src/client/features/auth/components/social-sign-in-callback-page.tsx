import { useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { selectHasSocialSignInFailed, selectSocialSignInError } from '@machines/auth/social-sign-in.selectors';
import { EmptyState } from '@client/components/empty-state';
import { ScreenLoader } from '@client/components/spinner';
import { paths } from '@client/config/paths';
import { createSocialSignInLogic } from '../auth.actors';
import { SocialSignInProvider, useSocialSignInSelector } from '../auth.context';
import { useErrorText } from '@client/components/use-error-text';
import { usePageFlowDeps } from '@client/state/flow-deps';
import { actorOptions } from '@client/lib/actor-inspection';

function CallbackProgress() {
  const { t } = useTranslation(['auth', 'common']);
  const { flowError } = useErrorText();
  const failed = useSocialSignInSelector(selectHasSocialSignInFailed);
  const error = useSocialSignInSelector(selectSocialSignInError);
  if (!failed) return <ScreenLoader label={t('auth:social.finishing')} />;
  return (
    <EmptyState
      tone="warning"
      icon={TriangleAlert}
      title={t('auth:social.failedTitle')}
      text={flowError(error) ?? undefined}
      action={
        <>
          <Link to={paths.login.getHref()} className="button button--primary">
            {t('auth:social.tryAgain')}
          </Link>{' '}
          <Link to={paths.root.getHref()} className="button button--outline">
            {t('common:actions.backHome')}
          </Link>
        </>
      }
    />
  );
}

/**
 * `/oidc/callback` (AUTH-01): where the provider sends the browser back. Its query goes to the
 * server, the session starts as after a password login, and the app goes to `/`; a refusal shows
 * its message with a way back to the login.
 */
export function SocialSignInCallbackPage() {
  const { search } = useLocation();
  const deps = usePageFlowDeps();
  const [logic] = useState(() => createSocialSignInLogic(deps));
  const [input] = useState(() => ({ callbackSearch: search }));
  return (
    <div className="screen">
      <SocialSignInProvider logic={logic} options={{ ...actorOptions, input }}>
        <CallbackProgress />
      </SocialSignInProvider>
    </div>
  );
}
