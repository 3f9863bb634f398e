import { isAgentType, TRIAL_TYPE } from '@shared/contract/socket';
import { ApiError } from '../http/api-error';
import type { AuthedMember } from './member-sessions';

/** `member` calls always carry a member; the request type allows null only because `none` calls share it. */
export const signedIn = (member: AuthedMember | null): AuthedMember => {
  if (!member) throw new ApiError('UNAUTHORIZED', 'Sign-in required');
  return member;
};

/** Real-account actions (money, messages) refuse trial accounts (ERR-06, MSG-10). */
export const realAccount = (member: AuthedMember | null): AuthedMember => {
  const m = signedIn(member);
  if (m.type === TRIAL_TYPE) throw new ApiError('TRIAL_ACCOUNT', 'Please register an account first');
  return m;
};

/** Agent calls (token rule `agent`): the session's member must be an agent (types 1, 2, 41, 42). */
export const requireAgent = (member: AuthedMember | null): AuthedMember => {
  const m = realAccount(member);
  if (!isAgentType(m.type)) throw new ApiError('NOT_AGENT', 'This is for agent accounts only');
  return m;
};
