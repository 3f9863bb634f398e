import { z } from 'zod';
import { API_ERROR_CODES } from './errors';

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
  code: z.enum(API_ERROR_CODES),
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

/**
 * Money travels as a decimal with 2 places; the database keeps integer cents. A non-zero amount
 * under one cent (1e-300 passes a float `multipleOf`) would round to 0 cents, so it is refused.
 */
export const Money = z
  .number()
  .multipleOf(0.01)
  .refine((v) => v === 0 || Math.abs(v) >= 0.01, 'at least 0.01 unless 0')
  .describe('decimal amount, 2 places');

/**
 * The largest row id the API takes: a serial column stops there (a larger id made the database raise,
 * a 500), and no bigserial table of the platform comes near it.
 */
export const MAX_ROW_ID = 2_147_483_647;
/** A row id in a JSON body. */
export const RowId = z.number().int().positive().max(MAX_ROW_ID);
/** A row id in a query string. */
export const RowIdParam = z.coerce.number().int().positive().max(MAX_ROW_ID);
