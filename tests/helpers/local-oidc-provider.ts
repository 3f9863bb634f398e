import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface LocalProvider {
  issuer: string;
  server: Server;
  close: () => Promise<void>;
}

/**
 * A real OpenID provider on a random local port with its development login and consent pages
 * (any password signs the typed login in), for one client whose callback is `redirectUri`.
 */
export const startLocalOidcProvider = async (client: { clientId: string; clientSecret: string; redirectUri: string }): Promise<LocalProvider> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@example.com`, email_verified: true, name: `${sub} Example`, preferred_username: sub }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key'] },
    pkce: { required: () => true },
  });
  server.on('request', provider.callback());
  return { issuer, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
};
