import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef } from '@shared/contract/endpoint';
import { http } from '@shared/contract/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every route the server answers, read from Fastify's own route tree. `printRoutes` nests a route
 * under the route its path extends, one level per 4 columns; a line's path is its parent's plus its own.
 */
const serverRoutes = (app: FastifyInstance): { method: string; url: string }[] => {
  const routes: { method: string; url: string }[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(?<indent>[│ ]*)[├└]── (?<segment>.+?)(?: \((?<methods>[A-Z, ]+)\))?$/u.exec(line);
    if (!match?.groups) continue;
    const depth = match.groups.indent!.length / 4;
    const url = (depth > 0 ? pathAtDepth[depth - 1]! : '') + match.groups.segment!;
    pathAtDepth[depth] = url;
    for (const method of match.groups.methods?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
};

/**
 * Routes that are not API calls: the OpenAPI document, the docs page, and the house game provider's
 * HTML pages and their assets (socket.io is not a Fastify route).
 */
const isInfrastructure = (url: string) =>
  url === '/openapi.json' ||
  ['/healthz', '/readyz', '/metrics'].includes(url) || url.startsWith('/docs') || url.startsWith('/house/play/') || url === '/house/verify' || url.startsWith('/house/assets/');

describe('the contract and the server agree', () => {
  let t: TestApp;
  // No client build here, so no static-file routes are registered.
  beforeAll(async () => { t = await createTestApp({ CLIENT_DIST: '/nonexistent-client-dist' }); });
  afterAll(async () => t.close());

  it('[API-01] every contract entry has a server route with its method and path', () => {
    const missing = Object.entries(http)
      .filter(([, def]) => !t.app.hasRoute({ method: def.method, url: def.path }))
      .map(([key, def]) => `${key}: ${def.method} ${def.path}`);
    expect(missing).toEqual([]);
  });

  it('[API-01] every server route (beside /openapi.json, /docs and the operations probes) is a contract entry', () => {
    const contract = new Set(Object.values(http).map((def) => `${def.method} ${def.path}`));
    const routes = serverRoutes(t.app);
    expect(routes.length).toBeGreaterThan(Object.keys(http).length);
    const extra = routes
      .filter((r) => r.method !== 'HEAD' && !isInfrastructure(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !contract.has(route));
    expect(extra).toEqual([]);
  });

  it('[API-01] [API-02] /openapi.json lists every contract call with its x-token and x-encrypted marks', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { 'x-token'?: string; 'x-encrypted'?: boolean; operationId?: string }>> };
    expect(doc.openapi).toBe('3.1.0');
    const problems: string[] = [];
    for (const [key, def] of Object.entries(http) as [string, EndpointDef][]) {
      const operation = doc.paths[def.path]?.[def.method.toLowerCase()];
      if (!operation) {
        problems.push(`${key}: ${def.method} ${def.path} missing`);
        continue;
      }
      if (operation.operationId !== key) problems.push(`${key}: operationId ${operation.operationId}`);
      if (operation['x-token'] !== def.token) problems.push(`${key}: x-token ${operation['x-token']} != ${def.token}`);
      if (operation['x-encrypted'] !== Boolean(def.encrypted)) problems.push(`${key}: x-encrypted ${operation['x-encrypted']}`);
    }
    expect(problems).toEqual([]);
  });
});
