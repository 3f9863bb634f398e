import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@shared/contract/auth';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import { isFlagOn } from '../system/whitelabel';
import { consumeBotCheck } from './bot-check';
import type { RequestMeta } from './login';
import { findMemberById, insertMember, TRIAL_TYPE } from '../member/members';
import { unusablePasswordHash } from './passwords';
import { startSession } from './sessions';
import { takeQuota } from './throttle';

/** Trial accounts one IP may open per hour. */
const TRIALS_PER_IP_PER_HOUR = 5;

/** API-15: a fresh trial account (type 4) with its session; it has no password and cannot be logged into again. */
export const startFreePlay = async (ctx: AppContext, request: { os: string; botCheck: string }, meta: RequestMeta): Promise<LoginResult> => {
  if (!(await isFlagOn(ctx.db, 'FREEPLAY3'))) throw new ApiError('FEATURE_DISABLED', 'Free play is not enabled');
  await consumeBotCheck(ctx, request.botCheck);
  const bucket = `freeplay:ip:${meta.ip}`;
  if (!(await takeQuota(ctx.db, bucket, TRIALS_PER_IP_PER_HOUR, 3600))) {
    throw new ApiError('TOO_MANY_REQUESTS', 'Too many free-play accounts; try again in 5 minutes', undefined, { 'retry-after': '300' });
  }
  const suffix = randomBytes(5).toString('hex');
  const passwordHash = await unusablePasswordHash();
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertMember(trx, {
      account: `trial_${suffix}`,
      nickname: `Guest ${suffix.slice(0, 4).toUpperCase()}`,
      type: TRIAL_TYPE,
      passwordHash,
      ip: meta.ip,
      registerMethod: `FREEPLAY:${request.os}`.slice(0, 64),
    });
    const member = await findMemberById(trx, id);
    if (!member) throw new Error('the trial account just created is missing');
    return (await startSession(ctx, member, { ...meta, rememberMe: false, withPassword: false, passwordIsDefault: false }, trx)).result;
  });
};
