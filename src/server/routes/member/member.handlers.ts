import type { AppContext } from '../../app-context';
import { realAccount, signedIn } from '../../auth/member-guards';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { visitorOf } from '../../http/visitor';
import { cachedMemberInfo } from '../../services/member/members';
import { readSettings } from '../../services/system/site-settings';

export const memberHandlers = (ctx: AppContext): AreaHandlers<'memberInfo' | 'memberIcon' | 'memberIconUpdate' | 'feedback'> => ({
  memberInfo: async ({ member }) => {
    const info = await cachedMemberInfo(ctx.db, signedIn(member).id, ctx.config.MEMBER_INFO_CACHE_MS);
    if (!info) throw new ApiError('SESSION_EXPIRED', 'Session expired or revoked');
    return info;
  },
  memberIcon: async ({ member }) => {
    const row = await ctx.db.selectFrom('members').select('icon_id').where('id', '=', signedIn(member).id).executeTakeFirstOrThrow();
    return { iconId: row.icon_id };
  },
  memberIconUpdate: async ({ member, body }) => {
    const { id } = realAccount(member);
    await ctx.db.updateTable('members').set({ icon_id: body.iconId }).where('id', '=', id).execute();
    ctx.realtime.forgetCached('memberInfo', id);
    return { iconId: body.iconId };
  },
  feedback: async ({ body, member, request }) => {
    const { feedbackRules } = await readSettings(ctx.db);
    // Counted in characters as a reader sees them, not UTF-16 units.
    const length = [...body.content].length;
    if (length < feedbackRules.minLength || length > feedbackRules.maxLength) {
      const message = `content must be between ${feedbackRules.minLength} and ${feedbackRules.maxLength} characters`;
      throw new ApiError('VALIDATION', `Invalid request: ${message}`, [{ path: 'content', message, ...feedbackRules }]);
    }
    const row = await ctx.db
      .insertInto('feedback')
      .values({
        member_id: member?.id ?? null,
        question_type: body.questionType,
        content: body.content,
        ip: visitorOf(request, ctx.config).ip,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { feedbackId: row.id, createdAt: new Date(row.created_at).toISOString() };
  },
});
