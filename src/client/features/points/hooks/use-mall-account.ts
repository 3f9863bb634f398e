import { useSessionInfo } from '@client/state/app-actor';

/**
 * Who is in the points mall: a member (points, history, details, redeem and convert), a trial
 * account (browses; every points action is refused with in_need_true_account before any call), a
 * visitor (browses the goods and the rules, asked to log in for the rest), or a session still
 * being restored.
 */
export type MallAccount = 'member' | 'trial' | 'visitor' | 'restoring';

export const useMallAccount = (): MallAccount => {
  const { status } = useSessionInfo();
  if (status === 'loggedIn') return 'member';
  if (status === 'trial') return 'trial';
  if (status === 'restoring') return 'restoring';
  return 'visitor';
};
