import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { BotChallenge, type LoginResult } from '@shared/contract/auth';
import { ApiCallError } from '@client/lib/api-client';
import { loginResult, memberInfo, twoFactorChallenge } from '../machines/support/fixtures';
import type { FakeHandlers } from './fake-api';

export { loginResult, memberInfo, twoFactorChallenge };

/** A bot-check challenge the client's real solver answers in a few milliseconds. */
export const cheapBotChallenge = async (): Promise<BotChallenge> =>
  BotChallenge.parse(await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 3, deriveKey, hmacSignatureSecret: 'client-test-bot-check-secret' }));

/** What a server refusing a call throws through the API client. */
export const refusal = (code: string, status = 400, details?: unknown, message = `${code} from the server`) =>
  new ApiCallError(code as ApiCallError['code'], status, message, null, details);

/** The calls every account screen makes around the one under test: a server that answers them plainly. */
export const accountHandlers = (member = memberInfo()): FakeHandlers => ({
  botChallenge: () => cheapBotChallenge(),
  memberInfo: () => member,
  favoriteIds: () => ({ nodeIds: [] }),
  announcements: () => ({ banners: [], player: [], popup: [], promotion: [] }),
  consolidatedFunds: () => ({ totalBalance: 0, mainBalance: 0, wallets: [] }),
  countryCodes: () => [
    { countryCode: 'VN', countryDialingCode: '84', name: 'Vietnam' },
    { countryCode: 'TH', countryDialingCode: '66', name: 'Thailand' },
  ],
  captcha: () => ({ captchaId: 'captcha-1', image: 'iVBORw0KGgo=', expiresInSeconds: 120 }),
  logout: () => null,
});

/** A session this tab stored earlier: the app restores it at start (AUTH-19). */
export const storeSession = (result: LoginResult = loginResult(), passwordChangePending = false): void => {
  window.sessionStorage.setItem('token', result.token);
  window.sessionStorage.setItem('username', result.userInfo.userName);
  window.sessionStorage.setItem('merchantCode', 'DEMO');
  if (passwordChangePending) window.sessionStorage.setItem('cpw', '1');
};
