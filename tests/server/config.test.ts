import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';

describe('configuration', () => {
  it('treats an empty variable as unset', () => {
    expect(loadConfig({ REDIS_URL: '', PORT: '' }).REDIS_URL).toBeUndefined();
    expect(loadConfig({ PORT: '' }).PORT).toBe(8080);
  });

  it('names the bad setting instead of starting with it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('refuses to run production on the development-only secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/OPERATOR_PASSWORD.*BOT_CHECK_HMAC_KEY.*PAYMENT_WEBHOOK_SECRET.*HOUSE_SESSION_SECRET.*GAME_WALLET_SECRET/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        OPERATOR_PASSWORD: 'a-real-long-secret',
        BOT_CHECK_HMAC_KEY: 'another-real-long-secret',
        PAYMENT_WEBHOOK_SECRET: 'a-third-real-long-secret',
        HOUSE_SESSION_SECRET: 'a-fourth-real-long-secret',
        GAME_WALLET_SECRET: 'a-fifth-real-long-secret',
      }),
    ).not.toThrow();
  });
});
