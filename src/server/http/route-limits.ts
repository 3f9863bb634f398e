import type { RateLimitOptions } from '@fastify/rate-limit';
import type { EndpointKey } from '@shared/contract/http';

/**
 * Per-route, per-IP limits tighter than the global one. They apply in every environment, tests
 * included (the global limit's test allow-list is cleared here), because refusing a brute-force
 * attempt is behaviour that tests must be able to see. Exceeding one answers 429 with Retry-After.
 */
export const ROUTE_RATE_LIMITS: Partial<Record<EndpointKey, RateLimitOptions>> = {
  operatorLogin: { max: 10, timeWindow: '15 minutes', allowList: undefined },
  feedback: { max: 20, timeWindow: '10 minutes', allowList: undefined },
  // Accounts: a 5-minute window, so a refusal's Retry-After is at most the spec's 5-minute wait (ERR-09).
  login: { max: 30, timeWindow: '5 minutes', allowList: undefined },
  loginTwoFactor: { max: 20, timeWindow: '5 minutes', allowList: undefined },
  loginTwoFactorCode: { max: 10, timeWindow: '5 minutes', allowList: undefined },
  freePlayLogin: { max: 10, timeWindow: '5 minutes', allowList: undefined },
  register: { max: 10, timeWindow: '5 minutes', allowList: undefined },
  registerMobile: { max: 10, timeWindow: '5 minutes', allowList: undefined },
  changePassword: { max: 10, timeWindow: '5 minutes', allowList: undefined },
  forgotPasswordEmail: { max: 10, timeWindow: '5 minutes', allowList: undefined },
  passwordReset: { max: 10, timeWindow: '5 minutes', allowList: undefined },
  passwordByPhone: { max: 10, timeWindow: '5 minutes', allowList: undefined },
  smsNoLogin: { max: 10, timeWindow: '5 minutes', allowList: undefined },
  smsRegister: { max: 10, timeWindow: '5 minutes', allowList: undefined },
  captcha: { max: 60, timeWindow: '5 minutes', allowList: undefined },
  botChallenge: { max: 120, timeWindow: '5 minutes', allowList: undefined },
  affiliate: { max: 60, timeWindow: '5 minutes', allowList: undefined },
  oidcStart: { max: 30, timeWindow: '5 minutes', allowList: undefined },
  oidcCallback: { max: 30, timeWindow: '5 minutes', allowList: undefined },
};
