import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encryptPayload, type EncryptedPayload } from '@client/lib/crypto';
import { endpoint } from '@shared/contract/endpoint';
import { buildApp } from '@server/app';
import type { AppContext } from '@server/app-context';
import { loadConfig } from '@server/config';
import { decryptPayload, loadPayloadKeys, type PayloadKeys } from '@server/crypto/payload-crypto';
import { createDb } from '@server/db/create-db';
import { ApiError } from '@server/http/api-error';
import { registerContract } from '@server/http/register-contract';

/** Flips one bit of a base64 string's decoded bytes. */
const flipBit = (base64: string, byte = 0): string => {
  const bytes = Buffer.from(base64, 'base64');
  bytes[byte] = (bytes[byte] ?? 0) ^ 0x01;
  return bytes.toString('base64');
};
const flipHex = (hex: string): string => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

const rejection = (run: () => unknown): ApiError => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the payload to be rejected');
};

describe('payload encryption (client encrypts, server decrypts)', () => {
  let keys: PayloadKeys;
  let sealed: EncryptedPayload;
  const payload = { username: 'player01', password: 'S3cret!pass', nested: { amount: 12.5, tags: ['a', 'ü'] } };

  beforeAll(async () => {
    keys = loadPayloadKeys({ dataDir: null });
    sealed = await encryptPayload(payload, keys.publicKeyPem);
  });

  it('[API-02] opens what the client sealed with the server public key', () => {
    expect(decryptPayload(keys, sealed.body, sealed.encryptionHeader)).toEqual(payload);
    expect(sealed.body.mac).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(sealed.body.value, 'base64').length % 16).toBe(0);
  });

  it('rejects a changed MAC, a changed ciphertext, a changed or missing header, and another server key', () => {
    const cases: [string, () => unknown][] = [
      ['MAC does not verify', () => decryptPayload(keys, { ...sealed.body, mac: flipHex(sealed.body.mac) }, sealed.encryptionHeader)],
      ['MAC does not verify', () => decryptPayload(keys, { ...sealed.body, value: flipBit(sealed.body.value, 5) }, sealed.encryptionHeader)],
      ['key material does not decrypt', () => decryptPayload(keys, sealed.body, flipBit(sealed.encryptionHeader, 10))],
      ['missing Encryption header', () => decryptPayload(keys, sealed.body, undefined)],
      ['key material does not decrypt', () => decryptPayload(loadPayloadKeys({ dataDir: null }), sealed.body, sealed.encryptionHeader)],
    ];
    for (const [why, run] of cases) {
      const error = rejection(run);
      expect(error.code).toBe('BAD_ENVELOPE');
      expect(error.status).toBe(400);
      expect(error.message).toContain(why);
    }
  });

  it('keeps the key pair in the data directory across restarts, or takes it from PAYLOAD_PRIVATE_KEY', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-keys-'));
    try {
      const first = loadPayloadKeys({ dataDir });
      expect(loadPayloadKeys({ dataDir }).publicKeyPem).toBe(first.publicKeyPem);
      const pem = fs.readFileSync(path.join(dataDir, 'payload-private-key.pem'), 'utf8');
      // Environment files often carry the PEM on one line with literal \n.
      expect(loadPayloadKeys({ privateKeyPem: pem.replace(/\n/g, '\\n'), dataDir: null }).publicKeyPem).toBe(first.publicKeyPem);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('encrypted contract calls on the server', () => {
  const probeTable = {
    encryptedProbe: endpoint({
      method: 'POST',
      path: '/test/encrypted-probe',
      token: 'none',
      encrypted: true,
      body: z.object({ note: z.string().min(1) }),
      response: z.object({ note: z.string() }),
      summary: 'An encrypted call that records its note',
    }),
  };
  let app: FastifyInstance;
  let ctx: AppContext;
  let sealed: (body: unknown) => Promise<EncryptedPayload>;

  beforeAll(async () => {
    ({ app, ctx } = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
      database: createDb({ dataDir: 'memory://' }),
    }));
    registerContract(
      app,
      ctx,
      {
        encryptedProbe: async ({ body }) => {
          await ctx.db.insertInto('audit_log').values({ actor_kind: 'test', actor_id: '0', action: 'probe', detail: JSON.stringify(body) }).execute();
          return { note: body.note };
        },
      },
      probeTable,
    );
    await app.ready();
    sealed = (body) => encryptPayload(body, ctx.payloadKeys.publicKeyPem);
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.db.destroy();
  });

  const send = (body: unknown, encryption?: string) =>
    app.inject({
      method: 'POST',
      url: '/test/encrypted-probe',
      payload: body as object,
      headers: encryption === undefined ? {} : { Encryption: encryption },
    });
  const probes = async () =>
    (await ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'probe').execute()).length;

  it('[API-02] decrypts the body before validation and hands the handler the plaintext', async () => {
    const call = await sealed({ note: 'hello' });
    const res = await send(call.body, call.encryptionHeader);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, code: 'OK', message: 'OK', value: { note: 'hello' } });
    expect(await probes()).toBe(1);
  });

  it('answers a tampered or unencrypted body with 400 BAD_ENVELOPE and changes nothing', async () => {
    const call = await sealed({ note: 'tampered' });
    const before = await probes();
    const attempts: [unknown, string | undefined][] = [
      [{ ...call.body, mac: flipHex(call.body.mac) }, call.encryptionHeader],
      [{ ...call.body, value: flipBit(call.body.value, 3) }, call.encryptionHeader],
      [call.body, flipBit(call.encryptionHeader, 7)],
      [call.body, undefined],
      [{ note: 'plaintext' }, call.encryptionHeader],
    ];
    for (const [body, header] of attempts) {
      const res = await send(body, header);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_ENVELOPE', value: null });
    }
    expect(await probes()).toBe(before);
  });

  it('validates the decrypted payload against the contract', async () => {
    const call = await sealed({ note: '' });
    const res = await send(call.body, call.encryptionHeader);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
  });
});
