import AES from 'crypto-js/aes';
import Base64 from 'crypto-js/enc-base64';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import HmacSHA256 from 'crypto-js/hmac-sha256';
// Importing lib-typedarrays teaches WordArray.create to accept a Uint8Array.
import WordArray from 'crypto-js/lib-typedarrays';
import { ENCRYPTION_HEADER, type EncryptedBody } from '@shared/contract/envelope';

/**
 * The one importer of crypto-js (STYLE.md C9): upstream is discontinued, so everything that uses it
 * stays behind these purpose-named functions and Web Crypto can replace it here alone.
 */

/** The header the sealed keys travel in; exported here so the API client reads it with the lazy crypto chunk. */
export { ENCRYPTION_HEADER };

const AES_KEY_BYTES = 32;
const IV_BYTES = 16;
const MAC_KEY_BYTES = 32;

export interface EncryptedPayload {
  body: EncryptedBody;
  /** Value of the `Encryption` header: base64 RSA-OAEP-SHA256 of key||iv||macKey. */
  encryptionHeader: string;
}

/** Thrown when the browser cannot encrypt (no Web Crypto outside a secure context, or a bad key). */
export class PayloadEncryptionError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'PayloadEncryptionError';
  }
}

const spkiFromPem = (pem: string): Uint8Array<ArrayBuffer> => {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

const subtleCrypto = (): SubtleCrypto => {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new PayloadEncryptionError('Web Crypto is unavailable: the site must be served over HTTPS or from localhost');
  return subtle;
};

// The server key changes only with the permission response, so one imported key is kept.
let importedKey: { pem: string; key: Promise<CryptoKey> } | null = null;
const importServerKey = (pem: string): Promise<CryptoKey> => {
  if (importedKey?.pem !== pem) {
    const key = Promise.resolve()
      .then(() => subtleCrypto().importKey('spki', spkiFromPem(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']))
      .catch((error: unknown) => {
        importedKey = null;
        if (error instanceof PayloadEncryptionError) throw error;
        throw new PayloadEncryptionError('The server public key cannot be imported', error);
      });
    importedKey = { pem, key };
  }
  return importedKey.key;
};

/**
 * Hybrid encryption of an API payload (DESIGN.md "Encrypted calls"): a fresh AES-256 key, IV and
 * MAC key per call; AES-256-CBC/PKCS7 over the JSON, then HMAC-SHA256 over IV || ciphertext, and
 * the three keys sealed with the server's RSA-OAEP-SHA256 public key (SPKI PEM).
 */
export const encryptPayload = async (payload: unknown, serverPublicKeyPem: string): Promise<EncryptedPayload> => {
  const key = await importServerKey(serverPublicKeyPem);
  const material = globalThis.crypto.getRandomValues(new Uint8Array(AES_KEY_BYTES + IV_BYTES + MAC_KEY_BYTES));
  const aesKey = WordArray.create(material.subarray(0, AES_KEY_BYTES));
  const iv = WordArray.create(material.subarray(AES_KEY_BYTES, AES_KEY_BYTES + IV_BYTES));
  const macKey = WordArray.create(material.subarray(AES_KEY_BYTES + IV_BYTES));

  // CBC with PKCS7 padding is crypto-js's default for a WordArray key.
  const ciphertext = AES.encrypt(Utf8.parse(JSON.stringify(payload)), aesKey, { iv }).ciphertext;
  const mac = HmacSHA256(iv.clone().concat(ciphertext), macKey).toString(Hex);

  let sealed: ArrayBuffer;
  try {
    sealed = await subtleCrypto().encrypt({ name: 'RSA-OAEP' }, key, material);
  } catch (error) {
    throw new PayloadEncryptionError('The payload keys cannot be sealed with the server key', error);
  }
  return { body: { value: ciphertext.toString(Base64), mac }, encryptionHeader: toBase64(new Uint8Array(sealed)) };
};
