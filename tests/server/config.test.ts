import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { PRODUCTION_SECRETS } from '../helpers/production-env';

describe('configuration', () => {
  it('treats an empty variable as unset', () => {
    expect(loadConfig({ REDIS_URL: '', PORT: '' }).REDIS_URL).toBeUndefined();
    expect(loadConfig({ PORT: '' }).PORT).toBe(8080);
  });

  it('names the bad setting instead of starting with it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('seeds demo people and money by default in development and tests, never by default in production', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('refuses to run production on the development-only secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/OPERATOR_PASSWORD.*OPERATOR_TOTP_SECRET.*BOT_CHECK_HMAC_KEY.*PAYMENT_WEBHOOK_SECRET.*HOUSE_SESSION_SECRET.*GAME_WALLET_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS })).not.toThrow();
  });

  it('reads vendors\' own seamless-wallet keys, and refuses a short key or a pair without a vendor', () => {
    expect(loadConfig({ GAME_VENDOR_KEYS: ' PG=pg-key-of-sixteen-chars , JDB=jdb-key-0123456789' }).gameVendorKeys).toEqual({
      PG: 'pg-key-of-sixteen-chars',
      JDB: 'jdb-key-0123456789',
    });
    expect(loadConfig({}).gameVendorKeys).toEqual({});
    expect(() => loadConfig({ GAME_VENDOR_KEYS: 'PG=short' })).toThrow(/GAME_VENDOR_KEYS/);
    expect(() => loadConfig({ GAME_VENDOR_KEYS: '=a-key-long-enough-here' })).toThrow(/GAME_VENDOR_KEYS/);
  });

  it('[AUTH-30] keeps an SMS code 5 minutes unless set otherwise, never past the spec\'s 10', () => {
    expect(loadConfig({}).SMS_CODE_MINUTES).toBe(5);
    expect(loadConfig({ SMS_CODE_MINUTES: '1' }).SMS_CODE_MINUTES).toBe(1);
    expect(() => loadConfig({ SMS_CODE_MINUTES: '11' })).toThrow(/SMS_CODE_MINUTES/);
    expect(loadConfig({})).toMatchObject({ SMS_NUMBER_COOLDOWN_SECONDS: 60, SMS_IP_COOLDOWN_SECONDS: 10 });
  });

  it('lets only tests fix the captcha text', () => {
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_FIXED_TEXT: 'AB12' }).CAPTCHA_FIXED_TEXT).toBe('AB12');
    expect(() => loadConfig({ CAPTCHA_FIXED_TEXT: 'AB12' })).toThrow(/CAPTCHA_FIXED_TEXT is for tests only/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, CAPTCHA_FIXED_TEXT: 'AB12' })).toThrow(/CAPTCHA_FIXED_TEXT/);
  });

  it('lets only tests give contracts a deadline in seconds', () => {
    expect(loadConfig({ NODE_ENV: 'test', CONTRACT_OFFER_TTL_SECONDS: '60' }).CONTRACT_OFFER_TTL_SECONDS).toBe(60);
    expect(() => loadConfig({ CONTRACT_OFFER_TTL_SECONDS: '60' })).toThrow(/CONTRACT_OFFER_TTL_SECONDS is for tests only/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, CONTRACT_OFFER_TTL_SECONDS: '60' })).toThrow(/CONTRACT_OFFER_TTL_SECONDS/);
  });
});
