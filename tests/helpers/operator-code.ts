import { generate } from 'otplib';
import { DEV_OPERATOR_TOTP_SECRET } from '@server/config';

/** The seeded operator's current authenticator code (test servers keep the dev-only secret unless told otherwise). */
export const operatorCode = (secret: string = DEV_OPERATOR_TOTP_SECRET): Promise<string> => generate({ secret });
