import { chatSocketRoom, type operatorChatEndpoints } from '@shared/contract/chat';
import type { AppContext } from '../../app-context';
import { signedIn } from '../../auth/member-guards';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { visitorOf } from '../../http/visitor';
import { operatorActor, writeAudit } from '../../services/audit';
import { allLiveModels, hideChatMessage, launchChat, listChatMessages, readLiveModels, saveLiveModel } from '../../services/chat/chat';
import { chatNamespaceOf } from '../../socket/chat';

type ChatKeys = 'liveModelList' | 'launchChat' | keyof typeof operatorChatEndpoints;

/** The chat room (MEMBER-25, API-52, API-53) and its console side: live models, and hiding a message. */
export const chatHandlers = (ctx: AppContext): AreaHandlers<ChatKeys> => ({
  liveModelList: async () => readLiveModels(ctx.db),
  launchChat: async ({ member, body }) => launchChat(ctx.db, ctx.config, signedIn(member), body),

  opsLiveModels: async () => ({ list: await allLiveModels(ctx.db) }),
  opsSaveLiveModel: async ({ operator, request, body }) => {
    if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    const actor = operatorActor(operator, visitorOf(request, ctx.config).ip);
    const model = await ctx.db.transaction().execute(async (trx) => {
      const { model: saved, created } = await saveLiveModel(trx, body);
      await writeAudit(trx, { ...actor, action: created ? 'chat.model.create' : 'chat.model.update', detail: { ...saved } });
      return saved;
    });
    // After the commit: every open chat room modal reads the models again (a model going online shows at once).
    ctx.realtime.broadcast('liveModels:changed', {});
    return model;
  },
  opsChatMessages: async ({ query }) => listChatMessages(ctx.db, query),
  opsHideChatMessage: async ({ operator, request, body }) => {
    if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    const actor = operatorActor(operator, visitorOf(request, ctx.config).ip);
    const { message, changed } = await ctx.db.transaction().execute(async (trx) => {
      const result = await hideChatMessage(trx, body.messageId, String(operator.id));
      if (result.changed) await writeAudit(trx, { ...actor, action: 'chat.message.hide', detail: { messageId: result.message.messageId, roomId: result.message.roomId } });
      return result;
    });
    // After the commit, to the room's readers on every node (the namespace shares the gateway's adapter).
    if (changed) chatNamespaceOf(request.server.io).to(chatSocketRoom(message.roomId)).emit('chat:hidden', { messageId: message.messageId });
    return message;
  },
});
