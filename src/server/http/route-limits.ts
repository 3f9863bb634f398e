import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { EndpointKey } from '@shared/contract/http';
import type { AppConfig } from '../config';

/**
 * Per-route, per-IP limits tighter than the general ones, for the calls an attacker would repeat (sign-in, codes,
 * registration). They apply in every environment, tests included (the general limits' test allow-list is cleared
 * here), because refusing a brute-force attempt is behaviour that tests must be able to see. Exceeding one answers
 * 429 with Retry-After.
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
  agentRegister: { max: 30, timeWindow: '5 minutes', allowList: undefined },
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

export const DEFAULT_ROUTE_PER_MINUTE = 3_000;
export const DEFAULT_ACCOUNT_PER_MINUTE = 600;

/** The general limits (per address and route, per account and route); null: off (tests, unless a test sets one). */
export const generalRateLimits = (config: AppConfig): { perRoute: number | null; perAccount: number | null } => {
  const inTests = config.NODE_ENV === 'test';
  return {
    perRoute: config.RATE_LIMIT_ROUTE_PER_MINUTE ?? (inTests ? null : DEFAULT_ROUTE_PER_MINUTE),
    perAccount: config.RATE_LIMIT_ACCOUNT_PER_MINUTE ?? (inTests ? null : DEFAULT_ACCOUNT_PER_MINUTE),
  };
};

/**
 * The general per-address limit counts each route apart (the key holds the route), so a lobby that many players
 * share behind one carrier NAT address spends its own allowance, not the one of sign-in or of the scripts.
 */
export const addressRouteKey = (request: FastifyRequest): string => `${request.ip}|${request.routeOptions.url ?? '(unmatched)'}`;

/** The signed-in account behind a call (after authentication), or null for a guest. */
export const accountKey = (request: FastifyRequest): string | null =>
  request.member ? `member:${request.member.id}` : request.operator ? `operator:${request.operator.id}` : null;
