import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set, worked out once: they depend on the options only, and @fastify/helmet
 * rebuilt and re-parsed them (the CSP above all) on every request, about 6 % of a lobby call's time.
 */
export const securityHeadersOf = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
};

/** Every answer gets the security headers; a route may still change one (the house game pages set their own CSP). */
export const registerSecurityHeaders = (app: FastifyInstance, options: HelmetOptions): void => {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
};
