import { randomBytes } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import svgCaptcha from 'svg-captcha';
import type { AppContext } from '../../app-context';
import { hashToken } from '../../auth/tokens';
import { ApiError } from '../../http/api-error';

export const CAPTCHA_TTL_SECONDS = 5 * 60;

const answerHash = (captchaId: string, answer: string) => hashToken(`${captchaId}:${answer.trim().toLowerCase()}`);

export interface IssuedCaptcha {
  captchaId: string;
  /** base64 PNG */
  image: string;
  /** Only for the caller's own use (tests read it the way a person reads the picture); never sent. */
  answer: string;
  expiresInSeconds: number;
}

const DRAWING = { size: 4, noise: 2, ignoreChars: '0oO1ilI', width: 120, height: 44, background: '#ffffff' };

/** svg-captcha draws a given text with its default export, which its typings leave out. */
const drawText = svgCaptcha as unknown as (text: string, options: typeof DRAWING) => string;

/** A new captcha: svg-captcha draws it, resvg renders it as PNG; only a hash of the answer is kept. */
export const issueCaptcha = async (ctx: AppContext, ip: string): Promise<IssuedCaptcha> => {
  const fixed = ctx.config.CAPTCHA_FIXED_TEXT;
  const { data: svg, text } = fixed ? { data: drawText(fixed, DRAWING), text: fixed } : svgCaptcha.create(DRAWING);
  const png = new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
  const captchaId = randomBytes(16).toString('base64url');
  const now = new Date();
  await ctx.db.deleteFrom('captchas').where('expires_at', '<', now).execute();
  await ctx.db
    .insertInto('captchas')
    .values({
      id: captchaId,
      answer_hash: answerHash(captchaId, text),
      ip,
      created_at: now,
      expires_at: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
    })
    .execute();
  return { captchaId, image: Buffer.from(png).toString('base64'), answer: text, expiresInSeconds: CAPTCHA_TTL_SECONDS };
};

/** Checks an answer once: the captcha is used up whether the answer was right or not. */
export const consumeCaptcha = async (ctx: AppContext, captchaId: string | undefined, answer: string | undefined): Promise<void> => {
  if (!captchaId || !answer?.trim()) throw new ApiError('CAPTCHA_REQUIRED', 'Please enter the captcha', { captchaRequired: true });
  const row = await ctx.db
    .updateTable('captchas')
    .set({ consumed_at: new Date() })
    .where('id', '=', captchaId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('answer_hash')
    .executeTakeFirst();
  if (!row || row.answer_hash !== answerHash(captchaId, answer)) {
    throw new ApiError('CAPTCHA_INVALID', 'The captcha is wrong or expired; try a new one', { captchaRequired: true });
  }
};
