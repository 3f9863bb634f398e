import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OpsChatMessage, OpsLiveModel } from '@shared/contract/chat';
import type { CallInput } from '@client/lib/api-client';
import { findDialog, inRow, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

const ROOMS = [
  { roomId: 'lobby', roomName: 'Lobby', description: '', iconUrl: '' },
  { roomId: 'sports', roomName: 'Sports corner', description: '', iconUrl: '' },
];

const model = (over: Partial<OpsLiveModel> = {}): OpsLiveModel => ({ modelId: 'luna', nickname: 'Luna', avatarUrl: '', roomId: 'lobby', online: true, sort: 0, active: true, ...over });
const chatMessage = (over: Partial<OpsChatMessage> = {}): OpsChatMessage => ({
  messageId: 7,
  roomId: 'lobby',
  senderName: 'pl***1',
  account: 'player01',
  body: 'rude words',
  createdAt: '2026-11-27T10:00:00.000Z',
  hidden: false,
  ...over,
});

/** A chat back office whose saves and hides change what the next lists return. */
const chatServer = (models: OpsLiveModel[], messages: OpsChatMessage[] = []) => {
  const byId = new Map(models.map((m) => [m.modelId, m]));
  const byMessage = new Map(messages.map((m) => [m.messageId, m]));
  return {
    roomList: () => ROOMS,
    opsLiveModels: () => ({ list: [...byId.values()] }),
    opsSaveLiveModel: ({ body }: CallInput<'opsSaveLiveModel'>) => {
      const saved = model({ ...body! });
      byId.set(saved.modelId, saved);
      return saved;
    },
    opsChatMessages: () => ({ list: [...byMessage.values()], pageNum: 1, totalPages: 1, total: byMessage.size }),
    opsHideChatMessage: ({ body }: CallInput<'opsHideChatMessage'>) => {
      const hidden = { ...byMessage.get(body!.messageId)!, hidden: true };
      byMessage.set(hidden.messageId, hidden);
      return hidden;
    },
  };
};

describe('operator console: chat room', () => {
  it('[MEMBER-25] lists the live models with their room and state, and toggles one online or offline', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=chat', handlers: chatServer([model(), model({ modelId: 'kai', nickname: 'Kai', roomId: 'sports', online: false })]) });
    expect(await screen.findByRole('cell', { name: 'Kai' })).toBeInTheDocument();
    const kai = inRow('Kai');
    expect(kai.getByText('Sports corner')).toBeInTheDocument();
    expect(kai.getByText('chat:ops.status.offline')).toBeInTheDocument();
    await user.click(kai.getByRole('button', { name: /chat:ops.goOnline/ }));
    await waitFor(() => expect(opsApi.callsTo('opsSaveLiveModel')).toEqual([{ body: { ...model({ modelId: 'kai', nickname: 'Kai', roomId: 'sports' }), online: true } }]));
    expect(await inRow('Kai').findByText('chat:ops.status.online')).toBeInTheDocument();
  });

  it('[MEMBER-25] adds a live model from the form, refusing a bad id first', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=chat', handlers: chatServer([]) });
    expect(await screen.findByText('chat:ops.empty')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'chat:ops.add' }));
    const dialog = await findDialog('chat:ops.add');
    await user.type(within(dialog).getByLabelText('chat:ops.fields.modelId'), 'bad id!');
    await user.type(within(dialog).getByLabelText('chat:ops.fields.nickname'), 'Mai');
    await user.click(within(dialog).getByRole('button', { name: 'chat:ops.save' }));
    expect(opsApi.callsTo('opsSaveLiveModel')).toEqual([]);
    await user.clear(within(dialog).getByLabelText('chat:ops.fields.modelId'));
    await user.type(within(dialog).getByLabelText('chat:ops.fields.modelId'), 'mai');
    await user.selectOptions(within(dialog).getByLabelText('chat:ops.fields.room'), 'sports');
    await user.click(within(dialog).getByLabelText('chat:ops.fields.online'));
    await user.click(within(dialog).getByRole('button', { name: 'chat:ops.save' }));
    await waitFor(() =>
      expect(opsApi.callsTo('opsSaveLiveModel')).toEqual([{ body: { modelId: 'mai', nickname: 'Mai', avatarUrl: '', roomId: 'sports', online: true, sort: 0, active: true } }]),
    );
    expect(await screen.findByRole('cell', { name: 'Mai' })).toBeInTheDocument();
  });

  it('[MEMBER-25] hides a chat message after a confirmation', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=chat', handlers: chatServer([model()], [chatMessage()]) });
    const row = await screen.findByRole('cell', { name: 'rude words' });
    expect(row).toBeInTheDocument();
    await user.click(inRow('rude words').getByRole('button', { name: 'chat:ops.hide: rude words' }));
    const dialog = await findDialog('chat:ops.hideTitle');
    await user.click(within(dialog).getByRole('button', { name: 'chat:ops.hideConfirm' }));
    await waitFor(() => expect(opsApi.callsTo('opsHideChatMessage')).toEqual([{ body: { messageId: 7 } }]));
    expect(await inRow('rude words').findByText('chat:ops.hidden')).toBeInTheDocument();
  });
});
