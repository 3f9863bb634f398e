import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

export interface Visitor {
  ip: string;
  country: string | null;
}

/** The caller's IP (honouring TRUST_PROXY) and, when a CDN header is configured, its country. */
export const visitorOf = (request: FastifyRequest, config: AppConfig): Visitor => {
  const header = config.GEO_COUNTRY_HEADER ? request.headers[config.GEO_COUNTRY_HEADER.toLowerCase()] : undefined;
  const country = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase() || null;
  return { ip: request.ip.replace(/^::ffff:/, ''), country: country && /^[A-Z]{2}$/.test(country) ? country : null };
};
