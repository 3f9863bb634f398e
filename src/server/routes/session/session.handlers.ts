import type { AppContext } from '../../app-context';
import type { AreaHandlers } from '../../http/register-contract';
import { startFreePlay } from '../../services/accounts/free-play';
import { loginWithPassword, loginWithRememberToken, loginWithSms } from '../../services/accounts/login';
import { finishOidc, listOidcProviders, startOidc } from '../../services/accounts/oidc';
import { requestMeta } from '../../services/accounts/request-meta';
import { endSession } from '../../services/accounts/sessions';
import { completeSecondFactor, sendSecondFactorCode } from '../../services/accounts/two-factor';

export const sessionHandlers = (
  ctx: AppContext,
): AreaHandlers<'login' | 'loginTwoFactorCode' | 'loginTwoFactor' | 'freePlayLogin' | 'logout' | 'oidcProviders' | 'oidcStart' | 'oidcCallback'> => ({
  login: async ({ body, request }) => {
    const meta = requestMeta(ctx, request);
    switch (body.type) {
      case 'username':
        return loginWithPassword(ctx, body, meta);
      case 'sms':
        return loginWithSms(ctx, body, meta);
      case 'remember':
        return loginWithRememberToken(ctx, body, meta);
    }
  },
  loginTwoFactorCode: async ({ body, request }) => sendSecondFactorCode(ctx, body, requestMeta(ctx, request).ip),
  loginTwoFactor: async ({ body, request }) => completeSecondFactor(ctx, body, requestMeta(ctx, request)),
  freePlayLogin: async ({ body, request }) => startFreePlay(ctx, body, requestMeta(ctx, request)),
  logout: async ({ member }) => {
    if (member) await endSession(ctx, member.id, member.tokenHash, 'logout');
    return null;
  },
  oidcProviders: async () => listOidcProviders(ctx),
  oidcStart: async ({ body }) => startOidc(ctx, body.provider),
  oidcCallback: async ({ body, request }) => finishOidc(ctx, body.search, requestMeta(ctx, request)),
});
