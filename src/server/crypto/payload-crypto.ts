import {
  constants,
  createDecipheriv,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { EncryptedBody } from '@shared/contract/envelope';
import { ApiError } from '../http/api-error';

export interface PayloadKeys {
  privateKey: KeyObject;
  /** SPKI PEM handed to clients in the permission response. */
  publicKeyPem: string;
}

const KEY_FILE = 'payload-private-key.pem';
const AES_KEY_BYTES = 32;
const IV_BYTES = 16;
const MAC_KEY_BYTES = 32;

const fromPrivatePem = (pem: string): PayloadKeys => {
  const privateKey = createPrivateKey(pem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicKeyPem };
};

const generatePem = (): string =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/**
 * The RSA key pair for encrypted calls: PAYLOAD_PRIVATE_KEY when given, otherwise made at first
 * start and kept in the data directory (or in memory for a throwaway database).
 */
export const loadPayloadKeys = (options: { privateKeyPem?: string | undefined; dataDir?: string | null }): PayloadKeys => {
  if (options.privateKeyPem) return fromPrivatePem(options.privateKeyPem.replace(/\\n/g, '\n'));
  if (!options.dataDir) return fromPrivatePem(generatePem());
  const file = path.join(options.dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    fs.writeFileSync(file, generatePem(), { mode: 0o600, flag: 'wx' });
  }
  return fromPrivatePem(fs.readFileSync(file, 'utf8'));
};

const badEnvelope = (why: string) => new ApiError('BAD_ENVELOPE', `Encrypted payload rejected: ${why}`);

/** Reverses the client's hybrid encryption; any failure is a 400 BAD_ENVELOPE and changes nothing. */
export const decryptPayload = (keys: PayloadKeys, body: EncryptedBody, encryptionHeader: string | undefined): unknown => {
  if (!encryptionHeader) throw badEnvelope('missing Encryption header');
  let material: Buffer;
  try {
    material = privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encryptionHeader, 'base64'),
    );
  } catch {
    throw badEnvelope('key material does not decrypt');
  }
  if (material.length !== AES_KEY_BYTES + IV_BYTES + MAC_KEY_BYTES) throw badEnvelope('key material has the wrong length');
  const aesKey = material.subarray(0, AES_KEY_BYTES);
  const iv = material.subarray(AES_KEY_BYTES, AES_KEY_BYTES + IV_BYTES);
  const macKey = material.subarray(AES_KEY_BYTES + IV_BYTES);
  const ciphertext = Buffer.from(body.value, 'base64');
  const expected = createHmac('sha256', macKey).update(iv).update(ciphertext).digest();
  const given = Buffer.from(body.mac, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badEnvelope('MAC does not verify');
  let plaintext: string;
  try {
    const decipher = createDecipheriv('aes-256-cbc', aesKey, iv);
    plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw badEnvelope('ciphertext does not decrypt');
  }
  try {
    return JSON.parse(plaintext) as unknown;
  } catch {
    throw badEnvelope('plaintext is not JSON');
  }
};
