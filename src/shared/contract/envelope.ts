import { z } from 'zod';
import { ApiErrorCode } from './errors';

/** Every response body: `{ success, code, message, value }` (DESIGN.md). */
export const envelope = <T extends z.ZodType>(value: T) =>
  z.object({
    success: z.boolean(),
    code: z.string(),
    message: z.string(),
    value: value.nullable(),
  });

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  code: ApiErrorCode,
  message: z.string(),
  value: z.null(),
  details: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The body of an encrypted call (hybrid RSA-OAEP + AES-256-CBC + HMAC-SHA256, encrypt-then-MAC). */
export const EncryptedBody = z.object({
  value: z.string().min(1).describe('base64 AES-256-CBC/PKCS7 ciphertext of the JSON payload'),
  mac: z.string().regex(/^[0-9a-f]{64}$/).describe('hex HMAC-SHA256 over IV bytes then ciphertext bytes'),
});
export type EncryptedBody = z.infer<typeof EncryptedBody>;
export const ENCRYPTION_HEADER = 'encryption';

/** Money travels as a decimal with 2 places; the database keeps integer cents. */
export const Money = z.number().multipleOf(0.01).describe('decimal amount, 2 places');
