import { describe, expect, it } from 'vitest';
import { TRIAL_TYPE } from '@shared/contract/socket';
import type { ChatMessage } from '@shared/contract/chat';
import { hashToken } from '@server/auth/tokens';
import { maskName } from '@server/services/games/winners';
import { CHAT_TICKET_TTL_MS, signChatTicket, verifyChatTicket } from '@server/services/chat/chat';
import { connectRecorder } from '../../helpers/money-kit';
import { CHAT_PATHS, chatClient, join, launchTicket, refusal, send, useChatKit } from './chat-kit';

describe('chat room (MEMBER-25)', () => {
  const chat = useChatKit();
  const { sockets } = chat;

  describe('HTTP calls', () => {
    it('[API-52] [MEMBER-25] the live model list lists the seeded demo models, online ones first', async () => {
      const res = await chat.kit.call('GET', CHAT_PATHS.models);
      expect(res.status).toBe(200);
      const list = res.body.value as { modelId: string; online: boolean; roomId: string; nickname: string; avatarUrl: string }[];
      expect(list.map((m) => m.modelId)).toEqual(expect.arrayContaining(['demo-luna', 'demo-mai', 'demo-kai', 'demo-rose']));
      const firstOffline = list.findIndex((m) => !m.online);
      expect(list.slice(firstOffline).every((m) => !m.online)).toBe(true);
      expect(list[0]).toMatchObject({ online: true, nickname: expect.any(String), avatarUrl: expect.stringMatching(/^\//) });
    });

    it('[API-53] [MEMBER-25] launch chat returns a chatUrl on this site with a signed ticket for the room', async () => {
      const m = await chat.kit.member();
      const res = await chat.kit.call('POST', CHAT_PATHS.launch, { token: m.token, body: { roomId: 'lottery', modelId: 'demo-mai' } });
      expect(res.status).toBe(200);
      const url = new URL(res.body.value.chatUrl, 'http://site');
      expect(url.pathname).toBe('/chat/lottery');
      const verdict = verifyChatTicket(chat.kit.t.ctx.config, url.searchParams.get('ticket'));
      expect(verdict).toMatchObject({ ok: true, claims: { memberId: m.id, roomId: 'lottery', canSend: true, senderName: maskName(m.account) } });
      // The session is named by a keyed fingerprint: the token hash (the session's key) stays off URLs and logs.
      const ticket = url.searchParams.get('ticket') ?? '';
      expect(Buffer.from(ticket.split('.')[0]!, 'base64url').toString()).not.toContain(hashToken(m.token));
    });

    it('[API-53] launch chat refuses an unknown room, a model of another room, an inactive room, and no token', async () => {
      const m = await chat.kit.member();
      const unknown = await chat.kit.call('POST', CHAT_PATHS.launch, { token: m.token, body: { roomId: 'nowhere' } });
      expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
      const otherRoom = await chat.kit.call('POST', CHAT_PATHS.launch, { token: m.token, body: { roomId: 'lobby', modelId: 'demo-mai' } });
      expect([otherRoom.status, otherRoom.body.code]).toEqual([404, 'NOT_FOUND']);
      await chat.kit.t.ctx.db.updateTable('chat_rooms').set({ active: false }).where('room_id', '=', 'casino').execute();
      try {
        const closed = await chat.kit.call('POST', CHAT_PATHS.launch, { token: m.token, body: { roomId: 'casino' } });
        expect([closed.status, closed.body.code]).toEqual([404, 'NOT_FOUND']);
        const models = await chat.kit.call('GET', CHAT_PATHS.models);
        expect((models.body.value as { roomId: string }[]).some((x) => x.roomId === 'casino')).toBe(false);
      } finally {
        await chat.kit.t.ctx.db.updateTable('chat_rooms').set({ active: true }).where('room_id', '=', 'casino').execute();
      }
      const anonymous = await chat.kit.call('POST', CHAT_PATHS.launch, { body: { roomId: 'lobby' } });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('tickets and the socket room', () => {
    it('[MEMBER-25] a ticket admits its member to its room, with the last messages, oldest first', async () => {
      const a = await chat.kit.member();
      const first = await chatClient(chat.kit, await launchTicket(chat.kit, a, 'sports'), sockets);
      const joined = await join(first);
      expect(joined).toMatchObject({ roomId: 'sports', roomName: 'Sports corner', canSend: true, ticket: expect.any(String) });
      const sent = await send(first, '  first words  ');
      expect(sent).toMatchObject({ ok: true, data: { body: 'first words', senderName: maskName(a.account), roomId: 'sports' } });

      const b = await chat.kit.member();
      const second = await chatClient(chat.kit, await launchTicket(chat.kit, b, 'sports'), sockets);
      const history = await join(second);
      expect(history.messages.at(-1)).toMatchObject({ body: 'first words', senderName: maskName(a.account) });
      expect(history.messages.some((msg) => msg.body.includes(a.account))).toBe(false);
    });

    it('[MEMBER-25] a forged, an expired and a malformed ticket are refused', async () => {
      const m = await chat.kit.member();
      const good = await launchTicket(chat.kit, m);
      const [body, sig] = good.split('.');
      const forgedBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), r: 'casino' })).toString('base64url');
      expect(await refusal(await chatClient(chat.kit, `${forgedBody}.${sig}`, sockets))).toBe('SIGNATURE_INVALID');
      const otherKey = signChatTicket({ CHAT_TICKET_SECRET: 'another-secret-of-16-chars', HOUSE_SESSION_SECRET: 'x'.repeat(16) }, {
        memberId: m.id, roomId: 'lobby', canSend: true, senderName: 'x', tokenHash: 'h',
      });
      expect(await refusal(await chatClient(chat.kit, otherKey, sockets))).toBe('SIGNATURE_INVALID');
      const expired = signChatTicket(chat.kit.t.ctx.config, { memberId: m.id, roomId: 'lobby', canSend: true, senderName: 'x', tokenHash: 'h' }, Date.now() - CHAT_TICKET_TTL_MS - 1_000);
      expect(await refusal(await chatClient(chat.kit, expired, sockets))).toBe('REQUEST_EXPIRED');
      expect(await refusal(await chatClient(chat.kit, 'not-a-ticket', sockets))).toBe('SIGNATURE_INVALID');
    });

    it('[MEMBER-25] a ticket for another room does not reach this room; messages stay in their room', async () => {
      const m = await chat.kit.member();
      const lobby = await chatClient(chat.kit, await launchTicket(chat.kit, m, 'lobby'), sockets);
      await join(lobby);
      const seen: ChatMessage[] = [];
      lobby.on('chat:message', (msg) => seen.push(msg));
      const other = await chat.kit.member();
      const casino = await chatClient(chat.kit, await launchTicket(chat.kit, other, 'casino'), sockets);
      await join(casino);
      const reply = await send(casino, 'casino only');
      expect(reply).toMatchObject({ ok: true, data: { roomId: 'casino' } });
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).toEqual([]);
    });

    it('[MEMBER-25] a ticket dies with its session', async () => {
      const m = await chat.kit.member();
      const ticket = await launchTicket(chat.kit, m);
      await chat.kit.t.ctx.db.updateTable('sessions').set({ revoked_at: new Date() }).where('member_id', '=', m.id).execute();
      expect(await refusal(await chatClient(chat.kit, ticket, sockets))).toBe('UNAUTHORIZED');
    });

    it('[MEMBER-25] a message reaches everyone in the room live', async () => {
      const a = await chat.kit.member();
      const b = await chat.kit.member();
      const sa = await chatClient(chat.kit, await launchTicket(chat.kit, a, 'lottery'), sockets);
      const sb = await chatClient(chat.kit, await launchTicket(chat.kit, b, 'lottery'), sockets);
      await Promise.all([join(sa), join(sb)]);
      const arrived = new Promise<ChatMessage>((resolve) => sb.once('chat:message', resolve));
      await send(sa, 'hello lottery');
      expect(await arrived).toMatchObject({ body: 'hello lottery', senderName: maskName(a.account) });
    });

    it('[MEMBER-25] messages are validated: empty, blank and over 200 characters are refused', async () => {
      const m = await chat.kit.member();
      const s = await chatClient(chat.kit, await launchTicket(chat.kit, m), sockets);
      await join(s);
      expect(await send(s, '   ')).toEqual({ ok: false, code: 'VALIDATION' });
      expect(await send(s, 'x'.repeat(201))).toEqual({ ok: false, code: 'VALIDATION' });
      expect(await send(s, 'x'.repeat(200))).toMatchObject({ ok: true });
    });

    it('[MEMBER-25] one message per 2 seconds per member: a quick second one is TOO_MANY_REQUESTS with the wait', async () => {
      const m = await chat.kit.member();
      const s = await chatClient(chat.kit, await launchTicket(chat.kit, m), sockets);
      await join(s);
      expect(await send(s, 'one')).toMatchObject({ ok: true });
      const second = await send(s, 'two');
      expect(second).toMatchObject({ ok: false, code: 'TOO_MANY_REQUESTS' });
      expect(second.ok === false && second.retryAfterMs).toBeGreaterThan(0);
      expect(second.ok === false && second.retryAfterMs).toBeLessThanOrEqual(2_000);
      // The limit is the member's, not the socket's: another tab of theirs waits too.
      const s2 = await chatClient(chat.kit, await launchTicket(chat.kit, m), sockets);
      await join(s2);
      expect(await send(s2, 'three')).toMatchObject({ ok: false, code: 'TOO_MANY_REQUESTS' });
    });

    it('[MEMBER-25] a trial (demo) player reads the room but may not send', async () => {
      const writer = await chat.kit.member();
      const trial = await chat.kit.member(TRIAL_TYPE);
      const ts = await chatClient(chat.kit, await launchTicket(chat.kit, trial, 'lottery'), sockets);
      const joined = await join(ts);
      expect(joined.canSend).toBe(false);
      expect(await send(ts, 'may I?')).toEqual({ ok: false, code: 'TRIAL_ACCOUNT' });
      const arrived = new Promise<ChatMessage>((resolve) => ts.once('chat:message', resolve));
      const ws = await chatClient(chat.kit, await launchTicket(chat.kit, writer, 'lottery'), sockets);
      await join(ws);
      await send(ws, 'readers welcome');
      expect((await arrived).body).toBe('readers welcome');
    });
  });

  describe('console', () => {
    it('[MEMBER-25] operators add and edit live models; the online toggle reorders the list', async () => {
      const add = await chat.kit.ops('POST', CHAT_PATHS.opsModels, { body: { modelId: 'ops-test', nickname: 'Ops Test', roomId: 'sports', online: false, sort: 0 } });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      expect(add.body.value).toMatchObject({ modelId: 'ops-test', online: false, active: true, avatarUrl: '' });
      let list = (await chat.kit.call('GET', CHAT_PATHS.models)).body.value as { modelId: string; online: boolean }[];
      expect(list.find((m) => m.modelId === 'ops-test')?.online).toBe(false);
      const edit = await chat.kit.ops('POST', CHAT_PATHS.opsModels, { body: { modelId: 'ops-test', nickname: 'Ops Test', roomId: 'sports', online: true, sort: 0 } });
      expect(edit.body.value.online).toBe(true);
      list = (await chat.kit.call('GET', CHAT_PATHS.models)).body.value;
      expect(list.findIndex((m) => m.modelId === 'ops-test')).toBeLessThan(list.findIndex((m) => !m.online));
      const all = await chat.kit.ops('GET', CHAT_PATHS.opsModels);
      expect((all.body.value.list as { modelId: string }[]).some((m) => m.modelId === 'ops-test')).toBe(true);
      const badRoom = await chat.kit.ops('POST', CHAT_PATHS.opsModels, { body: { modelId: 'ops-x', nickname: 'X', roomId: 'nowhere' } });
      expect(badRoom.status).toBe(404);
      const badUrl = await chat.kit.ops('POST', CHAT_PATHS.opsModels, { body: { modelId: 'ops-x', nickname: 'X', roomId: 'lobby', avatarUrl: 'javascript:alert(1)' } });
      expect(badUrl.status).toBe(400);
      const audit = await chat.kit.t.ctx.db.selectFrom('audit_log').select('action').where('action', 'like', 'chat.model.%').execute();
      expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['chat.model.create', 'chat.model.update']));
    });

    it('[MEMBER-25] a saved live model is pushed to every signed-in socket (liveModels:changed), after the commit', async () => {
      const m = await chat.kit.member();
      const recorder = await connectRecorder(await chat.kit.listen(), m.token, ['liveModels:changed']);
      try {
        const refused = await chat.kit.ops('POST', CHAT_PATHS.opsModels, { body: { modelId: 'ops-live', nickname: 'Live', roomId: 'nowhere' } });
        expect(refused.status).toBe(404);
        const saved = await chat.kit.ops('POST', CHAT_PATHS.opsModels, { body: { modelId: 'ops-live', nickname: 'Live', roomId: 'lobby', online: true, sort: 0 } });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        await recorder.next('liveModels:changed');
        // One push, for the save: the refused one changed nothing and told no one.
        expect(recorder.events.map((e) => e.name)).toEqual(['liveModels:changed']);
      } finally {
        recorder.close();
      }
    });

    it('[MEMBER-25] a hidden message leaves the open room live and is not in the history any more', async () => {
      const m = await chat.kit.member();
      const reader = await chat.kit.member();
      const sm = await chatClient(chat.kit, await launchTicket(chat.kit, m, 'casino'), sockets);
      const sr = await chatClient(chat.kit, await launchTicket(chat.kit, reader, 'casino'), sockets);
      await Promise.all([join(sm), join(sr)]);
      const sent = await send(sm, 'rude words');
      if (!sent.ok) throw new Error(sent.code);
      const listed = await chat.kit.ops('GET', CHAT_PATHS.opsMessages, { query: { roomId: 'casino' } });
      expect(listed.body.value.list[0]).toMatchObject({ messageId: sent.data.messageId, account: m.account, hidden: false });
      const hidden = new Promise<{ messageId: number }>((resolve) => sr.once('chat:hidden', resolve));
      const hide = await chat.kit.ops('POST', CHAT_PATHS.opsHide, { body: { messageId: sent.data.messageId } });
      expect(hide.body.value).toMatchObject({ hidden: true });
      expect(await hidden).toEqual({ messageId: sent.data.messageId });
      const later = await chatClient(chat.kit, await launchTicket(chat.kit, reader, 'casino'), sockets);
      expect((await join(later)).messages.some((msg) => msg.messageId === sent.data.messageId)).toBe(false);
      const missing = await chat.kit.ops('POST', CHAT_PATHS.opsHide, { body: { messageId: 999_999 } });
      expect(missing.status).toBe(404);
    });

    it('[MEMBER-25] the console calls need an operator', async () => {
      const m = await chat.kit.member();
      const res = await chat.kit.call('GET', CHAT_PATHS.opsModels, { token: m.token });
      expect(res.status).toBe(401);
    });
  });
});
