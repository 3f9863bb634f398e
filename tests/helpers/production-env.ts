/** The secrets a production configuration must be given (loadConfig refuses to start without them): test values. */
export const PRODUCTION_SECRETS = {
  OPERATOR_PASSWORD: 'a-real-long-secret',
  BOT_CHECK_HMAC_KEY: 'another-real-long-secret',
  PAYMENT_WEBHOOK_SECRET: 'a-third-real-long-secret',
  HOUSE_SESSION_SECRET: 'a-fourth-real-long-secret',
  GAME_WALLET_SECRET: 'a-fifth-real-long-secret',
  OPERATOR_TOTP_SECRET: 'PRODUCTIONOPERATORSECRETFORTESTS',
};

/** The environment of a production server, for tests of what only production does. */
export const PRODUCTION_ENV = { NODE_ENV: 'production', ...PRODUCTION_SECRETS };
