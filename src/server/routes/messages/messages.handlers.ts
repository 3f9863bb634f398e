import { memberRoom } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import { realAccount } from '../../auth/member-guards';
import type { AreaHandlers } from '../../http/register-contract';
import { readAnnouncements } from '../../services/messages/announcements';
import { readChatRooms } from '../../services/system/site-content';
import { toMessage, unreadCount } from '../../services/messages/messages';
import { withEvents } from '../../socket/realtime';

export const messagesHandlers = (ctx: AppContext): AreaHandlers<'messageList' | 'markMessagesRead' | 'unreadCount' | 'announcements' | 'roomList'> => ({
  messageList: async ({ member, query }) => {
    const m = realAccount(member);
    let base = ctx.db.selectFrom('messages').where('member_id', '=', m.id);
    if (query.type) base = base.where('type', '=', query.type);
    if (query.unreadOnly) base = base.where('read_at', 'is', null);
    const [{ total }, rows, unread] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize)
        .execute(),
      unreadCount(ctx.db, m.id),
    ]);
    return {
      list: rows.map(toMessage),
      pageNum: query.pageNo,
      totalPages: Math.ceil(Number(total) / query.pageSize),
      total: Number(total),
      unreadMessage: unread,
    };
  },
  markMessagesRead: async ({ member, body }) => {
    const m = realAccount(member);
    return withEvents(ctx, async (trx, record) => {
      let update = trx.updateTable('messages').set({ read_at: new Date() }).where('member_id', '=', m.id).where('read_at', 'is', null);
      if ('messageIds' in body) update = update.where('id', 'in', body.messageIds);
      const changed = await update.executeTakeFirst();
      const unreadMessage = await unreadCount(trx, m.id);
      // The member's other tabs update their bell too.
      if (Number(changed.numUpdatedRows) > 0) await record(memberRoom(m.id), 'unread:count', { unreadMessage });
      return { unreadMessage };
    });
  },
  unreadCount: async ({ member }) => ({ unreadMessage: await unreadCount(ctx.db, realAccount(member).id) }),
  announcements: async ({ member, query }) => readAnnouncements(ctx.db, query, member !== null),
  roomList: async () => readChatRooms(ctx.db),
});
