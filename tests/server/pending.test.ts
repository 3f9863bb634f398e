import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPayload } from '@client/lib/crypto';
import type { EndpointDef } from '@shared/contract/endpoint';
import { http, type EndpointKey } from '@shared/contract/http';
import { PENDING_ENDPOINTS as PENDING } from '@server/http/pending';

/** Widened: the list may be empty (it is today), and the checks below hold for any list. */
const PENDING_ENDPOINTS: readonly EndpointKey[] = PENDING;
import { insertMemberWithSession } from '../helpers/direct-member';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** A valid request for the calls whose query or body has required fields. */
const VALID_INPUT: Partial<Record<EndpointKey, { query?: string; body?: object }>> = {
  walletTransfer: { body: { fromWallet: 'MAIN', toWallet: 'PG', amount: 10.5, requestId: '0f8b6f4e-9a53-4c0e-9b1f-2d7b1c3e5a10' } },
  launchGame: { body: { gameCode: 'PG_1', vassalage: 'PG' } },
  relayLaunchGame: { body: { gameCode: 'PG_1', vassalage: 'PG' } },
  addFavorite: { body: { nodeId: 12, vendor: 'PG', gameType: 'RNG' } },
  removeFavorite: { query: 'nodeId=12&vendor=PG&gameType=RNG' },
  vnLotteryMenu: { query: 'prizeMode=LOTT&device=WEB' },
  vnLotteryRecent: { query: 'prizeMode=LOTT' },
  openedNumbersVn: { query: 'gameCode=VN_HN' },
  openedNumbersLotto: { query: 'gameCode=VN_HN' },
  launchChat: { body: { roomId: 'lobby' } },
  raffleClaim: { body: { promotionId: 3 } },
};

describe('calls of capabilities not built yet', () => {
  let t: TestApp;
  let memberToken: string;
  let publicKey: string;
  beforeAll(async () => {
    t = await createTestApp();
    memberToken = (await insertMemberWithSession(t.ctx)).token;
    publicKey = t.ctx.payloadKeys.publicKeyPem;
  });
  afterAll(async () => t.close());

  it('are listed once each, and only contract calls are listed', () => {
    expect(new Set(PENDING_ENDPOINTS).size).toBe(PENDING_ENDPOINTS.length);
    for (const key of PENDING_ENDPOINTS) expect(http[key], key).toBeDefined();
  });

  for (const key of PENDING_ENDPOINTS) {
    it(`${key} answers a valid request with 501 NOT_IMPLEMENTED in the envelope`, async () => {
      const def: EndpointDef = http[key];
      const input = VALID_INPUT[key] ?? {};
      const headers: Record<string, string> = def.token === 'none' ? {} : { authorization: `Bearer ${memberToken}` };
      let payload: object | undefined = input.body;
      if ('encrypted' in def && def.encrypted && input.body) {
        const sealed = await encryptPayload(input.body, publicKey);
        headers.encryption = sealed.encryptionHeader;
        payload = sealed.body;
      }
      const res = await t.app.inject({
        method: def.method,
        url: input.query ? `${def.path}?${input.query}` : def.path,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(501);
      expect(res.json()).toEqual({ success: false, code: 'NOT_IMPLEMENTED', message: `${key} is not available yet`, value: null });
    });
  }

  it('[API-57] [API-63] leave out the points mall, which is built: its calls are served', async () => {
    expect(PENDING_ENDPOINTS.filter((key) => key.startsWith('points'))).toEqual([]);
    const config = await t.app.inject({ method: 'GET', url: http.pointsConfig.path });
    expect(config.statusCode).toBe(200);
    const balance = await t.app.inject({ method: 'GET', url: http.pointsBalance.path, headers: { authorization: `Bearer ${memberToken}` } });
    expect(balance.json()).toEqual({ success: true, code: 'OK', message: 'OK', value: { points: 0 } });
  });

  it('[MEMBER-25] [API-52] [API-53] leave out the chat room, which is built: its calls are served', async () => {
    expect(PENDING_ENDPOINTS).not.toContain('liveModelList');
    expect(PENDING_ENDPOINTS).not.toContain('launchChat');
    const models = await t.app.inject({ method: 'GET', url: http.liveModelList.path });
    expect(models.statusCode).toBe(200);
    const launch = await t.app.inject({
      method: 'POST',
      url: http.launchChat.path,
      headers: { authorization: `Bearer ${memberToken}` },
      payload: { roomId: 'lobby' },
    });
    expect(launch.statusCode, launch.body).toBe(200);
    expect(launch.json().value.chatUrl).toMatch(/^\/chat\/lobby\?ticket=/);
  });

  it('still ask for a member token where the contract says so', async () => {
    const res = await t.app.inject({ method: 'GET', url: http.balance.path });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
