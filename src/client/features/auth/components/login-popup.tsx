import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectLoginStep } from '@machines/auth/login.selectors';
import type { LoginInput } from '@machines/auth/login.types';
import { selectIsPasswordChangeRequired } from '@machines/auth/session.selectors';
import { useApiQuery } from '@client/state/queries';
import { type PopupContentProps, useImageUrl, usePermission, usePopups } from '@client/state/app-actor';
import { createLoginLogic } from '../auth.actors';
import { useSessionSelector } from '@client/state/app-actor';
import { LoginProvider, useLoginSelector } from '../auth.context';
import { readRememberedLogin } from '../remember-me';
import { useFlowDeps } from '@client/state/flow-deps';
import { FreePlayButton } from './free-play-button';
import { LoginFlow } from './login-flow';
import { BANNER_READ } from '@shared/boot-reads';
import { SocialSignInButtons } from './social-sign-in-buttons';
import { actorOptions } from '@client/lib/actor-inspection';

/** AUTH-03: the optional promo banner of group w_reg (same announcements read as the home banners). */
function PromoBanner() {
  const imageUrl = useImageUrl();
  const { t } = useTranslation('auth');
  const announcements = useApiQuery('announcements', BANNER_READ);
  const banner = announcements.data?.banners.find((b) => b.groupName === 'w_reg');
  if (!banner) return null;
  return (
    <figure className="promo-banner" aria-label={t('login.promo')}>
      <img src={imageUrl(banner.url)} alt={banner.title} />
    </figure>
  );
}

/**
 * loginPopupModal (spec section 2, AUTH-02, AUTH-03): the promo banner, the login steps, a switch
 * to registration with the 'no account' prompt, the forgot-password link and the free demo.
 */
export function LoginPopup({ close }: PopupContentProps<'loginPopupModal'>) {
  const popups = usePopups();
  const { t } = useTranslation('auth');
  const permission = usePermission();
  const deps = useFlowDeps(close);
  const [logic] = useState(() => createLoginLogic(deps));
  const [input] = useState<LoginInput>(() => ({
    site: 'player',
    smsLoginEnabled: permission?.flags.SMSLOGIN3 === true,
    remembered: readRememberedLogin(),
    passwordRule: permission?.registrationFieldRules.password,
  }));
  const switchTo = (kind: 'registerModal' | 'forgetPassModal') => {
    close();
    popups.open(kind);
  };
  const links = (
    <div className="account-form__links">
      <button type="button" className="link-button" onClick={() => switchTo('forgetPassModal')}>
        {t('login.forgotPassword')}
      </button>
      <p>
        {t('login.noAccount')}{' '}
        <button type="button" className="link-button link-button--strong" onClick={() => switchTo('registerModal')}>
          {t('login.registerNow')}
        </button>
      </p>
    </div>
  );
  return (
    <LoginProvider logic={logic} options={{ ...actorOptions, input }}>
      <LoginPopupBody close={close} links={links} freePlay={permission?.flags.FREEPLAY3 === true} />
    </LoginProvider>
  );
}

/** The promo banner and the free demo go with the credentials step only. */
function LoginPopupBody({ close, links, freePlay }: { close: () => void; links: ReactNode; freePlay: boolean }) {
  const { t } = useTranslation('auth');
  const step = useLoginSelector(selectLoginStep);
  const passwordChangeRequired = useSessionSelector(selectIsPasswordChangeRequired);
  const onCredentials = step === 'credentials' && !passwordChangeRequired;
  return (
    <div className="login-popup">
      {onCredentials && <PromoBanner />}
      <LoginFlow submitLabel={t('login.submit')} close={close} links={links} />
      {onCredentials && <SocialSignInButtons close={close} />}
      {onCredentials && freePlay && <FreePlayButton close={close} />}
    </div>
  );
}
