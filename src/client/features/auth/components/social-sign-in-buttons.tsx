import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OidcProvider } from '@shared/contract/auth';
import { selectBusyProvider, selectIsSocialSignInBusy, selectSocialSignInError } from '@machines/auth/social-sign-in.selectors';
import { useApiQuery } from '@client/state/queries';
import { FormAlert } from '@client/components/form';
import { createSocialSignInLogic } from '../auth.actors';
import { SocialSignInProvider, useSocialSignInRef, useSocialSignInSelector } from '../auth.context';
import { useErrorText } from '@client/components/use-error-text';
import { useFlowDeps } from '@client/state/flow-deps';
import { actorOptions } from '@client/lib/actor-inspection';

function ProviderButtons({ providers }: { providers: OidcProvider[] }) {
  const { t } = useTranslation('auth');
  const { flowError } = useErrorText();
  const flow = useSocialSignInRef();
  const busy = useSocialSignInSelector(selectIsSocialSignInBusy);
  const busyProvider = useSocialSignInSelector(selectBusyProvider);
  const error = useSocialSignInSelector(selectSocialSignInError);
  return (
    <section className="social-sign-in" aria-label={t('social.title')}>
      <p className="social-sign-in__divider">{t('social.or')}</p>
      {error && <FormAlert>{flowError(error)}</FormAlert>}
      <ul className="social-sign-in__list">
        {providers.map((provider) => (
          <li key={provider.name}>
            <button
              type="button"
              className="button button--outline social-sign-in__button"
              disabled={busy}
              aria-busy={busyProvider === provider.name}
              onClick={() => flow.send({ type: 'provider.select', provider: provider.name })}
            >
              {t(busyProvider === provider.name ? 'social.redirecting' : 'social.signInWith', { provider: provider.label })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Sign in with <provider>" for each configured OpenID Connect provider (AUTH-01), in the login and
 * register popups; nothing when none is configured (or the list cannot be read).
 */
export function SocialSignInButtons({ close }: { close: () => void }) {
  const providers = useApiQuery('oidcProviders');
  const deps = useFlowDeps(close);
  const [logic] = useState(() => createSocialSignInLogic(deps));
  if (!providers.data || providers.data.length === 0) return null;
  return (
    <SocialSignInProvider logic={logic} options={{ ...actorOptions, input: {} }}>
      <ProviderButtons providers={providers.data} />
    </SocialSignInProvider>
  );
}
