/** Modules that Vite plugins make (vite.config.ts). */
declare module 'virtual:endpoint-routes' {
  import type { EndpointDef } from '@shared/contract/endpoint';
  import type { EndpointKey } from '@shared/contract/http';

  /**
   * Each endpoint's method, path and body kind, read from the contract at build time (scripts/vite-endpoint-routes.ts);
   * `shared`: a call without a token (`token: 'none'`), whose answer is the same for every caller.
   */
  export const endpointRoutes: Record<EndpointKey, Pick<EndpointDef, 'method' | 'path' | 'encrypted' | 'form'> & { shared?: true }>;
}
