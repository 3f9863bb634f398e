import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { readChatRooms } from '../../services/site-content';
import { readSettings } from '../../services/site-settings';
import { visitorOf } from '../../services/visitor';

export const contentHandlers = (ctx: AppContext): AreaHandlers<'feedback' | 'roomList'> => ({
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
  roomList: async () => readChatRooms(ctx.db),
});
