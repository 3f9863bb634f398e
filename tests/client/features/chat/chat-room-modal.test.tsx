import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatRoom, LiveModel } from '@shared/contract/messages';
import { DEFAULT_AVATAR } from '@client/components/avatar';
import { createFakeBus } from '../../../helpers/fake-bus';
import { PLAYER, renderApp, resetShell } from '../../../helpers/render-app';

const ROOMS: ChatRoom[] = [
  { roomId: 'lobby', roomName: 'Lobby', description: 'Say hello', iconUrl: '/static/rooms/lobby.svg' },
  { roomId: 'sports', roomName: 'Sports corner', description: 'Matches', iconUrl: '/static/rooms/sports.svg' },
];
const MODELS: LiveModel[] = [
  { modelId: 'luna', nickname: 'Luna', avatarUrl: '/static/rooms/lobby.svg', roomId: 'lobby', online: true },
  { modelId: 'kai', nickname: 'Kai', avatarUrl: '', roomId: 'sports', online: false },
  // A model of a room that is not listed (closed) is not offered.
  { modelId: 'ghost', nickname: 'Ghost', avatarUrl: '', roomId: 'closed-room', online: true },
];

beforeEach(() => resetShell());

const handlers = (launched: { roomId: string; modelId?: string }[] = []) => ({
  roomList: () => ROOMS,
  liveModelList: () => MODELS,
  launchChat: (input: { body?: { roomId: string; modelId?: string } }) => {
    launched.push(input.body!);
    return { chatUrl: `/chat/${input.body!.roomId}?ticket=abc.def` };
  },
});

describe('chat room modal (SHELL-23, MEMBER-25)', () => {
  it('[MEMBER-25] [API-52] lists the rooms and the live models, online ones marked, with avatars', async () => {
    const { popups } = await renderApp({ lng: 'en', member: PLAYER, handlers: handlers() });
    await screen.findByTestId('index-view');
    popups.open('chatRoom');
    const dialog = await screen.findByRole('dialog', { name: 'Chat room' });
    const rooms = await within(dialog).findByRole('region', { name: 'Rooms' });
    expect(within(rooms).getByRole('button', { name: /^Lobby Say hello/ })).toBeInTheDocument();
    expect(within(rooms).getByRole('button', { name: /^Sports corner Matches/ })).toBeInTheDocument();
    const models = within(dialog).getByRole('region', { name: 'Live models' });
    expect(within(models).getByRole('button', { name: 'Luna Online Lobby' })).toBeInTheDocument();
    expect(within(models).getByRole('button', { name: 'Kai Offline Sports corner' })).toBeInTheDocument();
    expect(within(models).queryByText('Ghost')).not.toBeInTheDocument();
    // Kai has no avatar of its own: the room's icon stands in.
    const kai = within(models).getByRole('button', { name: /Kai/ });
    expect(kai.querySelector('img')?.getAttribute('src')).toBe('/static/rooms/sports.svg');
  });

  it('[ERR-25] [MEMBER-25] a model avatar that fails to load is replaced by the default avatar', async () => {
    const { popups } = await renderApp({ lng: 'en', member: PLAYER, handlers: handlers() });
    await screen.findByTestId('index-view');
    popups.open('chatRoom');
    const dialog = await screen.findByRole('dialog', { name: 'Chat room' });
    const models = await within(dialog).findByRole('region', { name: 'Live models' });
    const avatar = within(models).getByRole('button', { name: /Luna/ }).querySelector('img')!;
    expect(avatar).toHaveAttribute('src', '/static/rooms/lobby.svg');
    fireEvent.error(avatar);
    expect(within(models).getByRole('button', { name: /Luna/ }).querySelector('img')).toHaveAttribute('src', DEFAULT_AVATAR);
  });

  it('[MEMBER-25] [API-52] a model an operator marks online shows so live (liveModels:changed), with no reload', async () => {
    const bus = createFakeBus();
    let models = MODELS;
    const { popups } = await renderApp({ lng: 'en', member: PLAYER, bus, handlers: { ...handlers(), liveModelList: () => models } });
    await screen.findByTestId('index-view');
    popups.open('chatRoom');
    const dialog = await screen.findByRole('dialog', { name: 'Chat room' });
    expect(await within(dialog).findByRole('button', { name: 'Kai Offline Sports corner' })).toBeInTheDocument();
    models = MODELS.map((m) => (m.modelId === 'kai' ? { ...m, online: true } : m));
    act(() => bus.push('liveModels:changed', { eventId: 0, at: '2026-11-27T10:00:00.000Z' }));
    expect(await within(dialog).findByRole('button', { name: 'Kai Online Sports corner' })).toBeInTheDocument();
  });

  it('[MEMBER-25] [API-53] choosing a live model launches the chat and opens its chatUrl in a frame', async () => {
    const launched: { roomId: string; modelId?: string }[] = [];
    const { popups, user } = await renderApp({ lng: 'en', member: PLAYER, handlers: handlers(launched) });
    await screen.findByTestId('index-view');
    popups.open('chatRoom');
    const dialog = await screen.findByRole('dialog', { name: 'Chat room' });
    await user.click(await within(dialog).findByRole('button', { name: 'Luna Online Lobby' }));
    const frame = await within(dialog).findByTitle('Chat: Lobby');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/chat/lobby?ticket=abc.def');
    expect(launched).toEqual([{ roomId: 'lobby', modelId: 'luna' }]);
    await user.click(within(dialog).getByRole('button', { name: 'All rooms' }));
    expect(await within(dialog).findByRole('region', { name: 'Rooms' })).toBeInTheDocument();
  });

  it('[MEMBER-25] choosing a room launches the chat for that room', async () => {
    const launched: { roomId: string; modelId?: string }[] = [];
    const { popups, user } = await renderApp({ lng: 'en', member: PLAYER, handlers: handlers(launched) });
    await screen.findByTestId('index-view');
    popups.open('chatRoom');
    const dialog = await screen.findByRole('dialog', { name: 'Chat room' });
    await user.click(await within(dialog).findByRole('button', { name: /^Sports corner Matches/ }));
    expect(await within(dialog).findByTitle('Chat: Sports corner')).toBeInTheDocument();
    expect(launched).toEqual([{ roomId: 'sports' }]);
  });

  it('[MEMBER-25] a refused launch is told in words and opens nothing', async () => {
    const { popups, user } = await renderApp({
      lng: 'en',
      member: PLAYER,
      handlers: {
        ...handlers(),
        launchChat: () => {
          throw Object.assign(new Error('closed'), { code: 'NOT_FOUND' });
        },
      },
    });
    await screen.findByTestId('index-view');
    popups.open('chatRoom');
    const dialog = await screen.findByRole('dialog', { name: 'Chat room' });
    await user.click(await within(dialog).findByRole('button', { name: /^Lobby Say hello/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/./);
    expect(within(dialog).queryByTitle(/Chat:/)).not.toBeInTheDocument();
  });

  it('[MEMBER-25] a visitor sees the lists; choosing asks them to sign in first', async () => {
    const launched: { roomId: string; modelId?: string }[] = [];
    const { popups, user } = await renderApp({ lng: 'en', handlers: handlers(launched) });
    await screen.findByTestId('index-view');
    popups.open('chatRoom');
    const dialog = await screen.findByRole('dialog', { name: 'Chat room' });
    expect(await within(dialog).findByText(/Sign in to chat/)).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: /^Lobby Say hello/ }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: /log in|sign in/i })).toBeInTheDocument());
    expect(launched).toEqual([]);
  });

  it('[SHELL-23] [MEMBER-25] the side menu opens the chat room', async () => {
    const { user } = await renderApp({ lng: 'en', member: PLAYER, handlers: handlers() });
    await screen.findByTestId('index-view');
    const menu = screen.queryByRole('complementary', { name: 'Side menu' });
    if (!menu) await user.click(screen.getByRole('button', { name: /menu/i }));
    await user.click(await within(await screen.findByRole('complementary', { name: 'Side menu' })).findByRole('button', { name: 'Chat room' }));
    expect(await screen.findByRole('dialog', { name: 'Chat room' })).toBeInTheDocument();
  });
});
