import { constants, createCipheriv, createHmac, publicEncrypt, randomBytes } from 'node:crypto';
import type { EncryptedBody } from '@shared/contract/envelope';

/**
 * The client's hybrid encryption redone with node:crypto, so server tests send exactly what a
 * browser sends: RSA-OAEP-SHA256 of key||iv||macKey in the Encryption header, AES-256-CBC of the
 * JSON in `value` (base64), HMAC-SHA256 over IV then ciphertext in `mac` (hex).
 */
export const encryptPayload = (payload: unknown, publicKeyPem: string): { body: EncryptedBody; headers: { encryption: string } } => {
  const key = randomBytes(32);
  const iv = randomBytes(16);
  const macKey = randomBytes(32);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  const mac = createHmac('sha256', macKey).update(iv).update(ciphertext).digest('hex');
  const sealedKeys = publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.concat([key, iv, macKey]),
  );
  return { body: { value: ciphertext.toString('base64'), mac }, headers: { encryption: sealedKeys.toString('base64') } };
};
