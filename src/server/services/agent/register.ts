import type { z } from 'zod';
import type { AgentRegisterRequest, DownlineMember } from '@shared/contract/agent';
import type { AppContext } from '../../app-context';
import { AGENT_TYPE, PLAYER_TYPE } from '../member/members';
import type { RequestMeta } from '../auth/login';
import { registerMember } from '../registration/registration';
import { downlineMember } from './downline';
import { affiliateCodeOf } from './referral';

/**
 * The register center (AGENT-09): the player registration itself (its rules, bot-check, captcha
 * and SMS code), with the agent as the new account's upline, so it is in the downline at once.
 * A sub-agent gets its own invitation code.
 */
export const registerDownline = async (
  ctx: AppContext,
  agentId: number,
  body: z.output<typeof AgentRegisterRequest>,
  meta: RequestMeta,
): Promise<DownlineMember> => {
  const { accountKind, ...registration } = body;
  const { memberId } = await registerMember(ctx, 'username', registration, meta, {
    uplineId: agentId,
    memberType: accountKind === 'AGENT' ? AGENT_TYPE : PLAYER_TYPE,
  });
  if (accountKind === 'AGENT') await affiliateCodeOf(ctx.db, memberId);
  return downlineMember(ctx.db, agentId, memberId);
};
