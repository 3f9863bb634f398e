import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { EndpointDef } from '../src/shared/contract/endpoint';

/** The module id the client's API layer imports its route table from. */
export const ENDPOINT_ROUTES_ID = 'virtual:endpoint-routes';
const RESOLVED_ID = `\0${ENDPOINT_ROUTES_ID}`;

/**
 * What the client needs of an endpoint to call it (src/client/virtual-modules.d.ts): no schema, so no zod at start;
 * `shared` marks a call anyone may make without a token (`token: 'none'`), whose answer is the same for every caller.
 */
type EndpointRoute = Pick<EndpointDef, 'method' | 'path' | 'encrypted' | 'form'> & { shared?: true };

/**
 * `virtual:endpoint-routes`: the contract's route table (method, path, encrypted, form, shared per endpoint key),
 * read from `src/shared/contract/http.ts` at build time. The contract stays the one source of every path;
 * the client gets it as plain data instead of importing every endpoint's zod schemas (issue 15).
 */
export const endpointRoutes = (contractDir: string): Plugin => ({
  name: 'endpoint-routes',
  resolveId: (id) => (id === ENDPOINT_ROUTES_ID ? RESOLVED_ID : undefined),
  async load(id) {
    if (id !== RESOLVED_ID) return undefined;
    for (const file of fs.readdirSync(contractDir)) this.addWatchFile(path.join(contractDir, file));
    // tsx loads the TypeScript contract afresh on each call, so a watched change is seen.
    const { tsImport } = await import('tsx/esm/api');
    const { http } = (await tsImport(path.join(contractDir, 'http.ts'), import.meta.url)) as { http: Record<string, EndpointDef> };
    const routes = Object.fromEntries(
      Object.entries(http).map(([key, def]): [string, EndpointRoute] => [
        key,
        {
          method: def.method,
          path: def.path,
          ...(def.encrypted ? { encrypted: true } : {}),
          ...(def.form ? { form: true } : {}),
          ...(def.token === 'none' ? { shared: true } : {}),
        },
      ]),
    );
    return `export const endpointRoutes = ${JSON.stringify(routes)};`;
  },
});
