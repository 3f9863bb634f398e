import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ChatRoom, LiveModel } from '@shared/contract/messages';
import type { ApiCallError } from '@client/lib/api-client';
import { Avatar } from '@client/components/avatar';
import { ErrorNotice } from '@client/components/error-notice';
import { EmptyState } from '@client/components/empty-state';
import { ScreenLoader } from '@client/components/spinner';
import { useApi } from '@client/state/api';
import { hasSession, usePopups, useSessionInfo, type PopupContentProps } from '@client/state/app-actor';
import { useApiQuery } from '@client/state/queries';
import { toErrorCode } from '@shared/contract/errors';
import '../chat.css';

interface OpenChat {
  room: ChatRoom;
  chatUrl: string;
}

/** Only a URL on this site is framed: the launch chat call's chatUrl is a path here (`/chat/<roomId>?ticket=…`). */
const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * The chat room modal (SHELL-23, MEMBER-25): the rooms (API-29) and the live models (API-52), online
 * ones marked; choosing one makes the launch chat call (API-53) and opens its chatUrl in a frame.
 * Visitors see the lists; choosing asks them to sign in first.
 */
export function ChatRoomModal(_props: PopupContentProps<'chatRoom'>) {
  const { t } = useTranslation(['chat', 'errors', 'common']);
  const api = useApi();
  const popups = usePopups();
  const signedIn = hasSession(useSessionInfo());
  const rooms = useApiQuery('roomList');
  const models = useApiQuery('liveModelList');
  const [open, setOpen] = useState<OpenChat | null>(null);
  const launch = useMutation<{ chatUrl: string }, ApiCallError, { room: ChatRoom; modelId?: string }>({
    mutationFn: ({ room, modelId }) => api.call('launchChat', { body: { roomId: room.roomId, ...(modelId ? { modelId } : {}) } }),
    onSuccess: ({ chatUrl }, { room }) => {
      if (isOwnPath(chatUrl)) setOpen({ room, chatUrl });
    },
  });

  const choose = (room: ChatRoom, modelId?: string) => {
    if (!signedIn) return popups.open('loginPopupModal');
    launch.mutate({ room, modelId });
  };

  if (open) {
    return (
      <div className="chat-room">
        <div className="chat-room__frame-bar">
          <button type="button" className="button button--ghost button--compact" onClick={() => setOpen(null)}>
            <ArrowLeft aria-hidden size={16} />
            {t('chat:modal.back')}
          </button>
          <strong>{open.room.roomName}</strong>
        </div>
        <iframe className="chat-room__frame" src={open.chatUrl} title={t('chat:modal.frameTitle', { room: open.room.roomName })} />
      </div>
    );
  }

  if (rooms.isPending || models.isPending) return <ScreenLoader label={t('common:loading')} />;
  if (rooms.isError) return <ErrorNotice error={rooms.error} onRetry={() => void rooms.refetch()} />;

  const roomById = new Map(rooms.data.map((r) => [r.roomId, r]));
  const liveModels: LiveModel[] = models.isError ? [] : models.data.filter((m) => roomById.has(m.roomId));
  const busy = launch.isPending;

  return (
    <div className="chat-room" aria-busy={busy || undefined}>
      {!signedIn && <p className="chat-room__sub">{t('chat:modal.signInToChat')}</p>}
      {launch.isError && (
        <p className="chat-form__error" role="alert">
          {t(`errors:${toErrorCode(launch.error)}`)}
        </p>
      )}
      {busy && <p role="status">{t('chat:modal.opening')}</p>}

      <section aria-labelledby="chat-rooms-title">
        <h3 id="chat-rooms-title" className="chat-room__heading">
          {t('chat:modal.rooms')}
        </h3>
        {rooms.data.length === 0 ? (
          <EmptyState title={t('chat:modal.noRooms')} />
        ) : (
          <ul className="chat-room__list">
            {rooms.data.map((room) => (
              <li key={room.roomId}>
                <button type="button" className="chat-room__choice" disabled={busy} onClick={() => choose(room)}>
                  <img className="chat-room__icon" src={room.iconUrl} alt="" width={40} height={40} />
                  <span className="chat-room__text">
                    <span className="chat-room__name">{room.roomName}</span>
                    <span className="chat-room__sub">{room.description}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="chat-models-title">
        <h3 id="chat-models-title" className="chat-room__heading">
          {t('chat:modal.models')}
        </h3>
        {models.isError ? (
          <ErrorNotice error={models.error} onRetry={() => void models.refetch()} />
        ) : liveModels.length === 0 ? (
          <EmptyState title={t('chat:modal.noModels')} />
        ) : (
          <ul className="chat-room__list">
            {liveModels.map((model) => {
              const room = roomById.get(model.roomId)!;
              const status = model.online ? t('chat:modal.online') : t('chat:modal.offline');
              return (
                <li key={model.modelId}>
                  <button
                    type="button"
                    className="chat-room__choice"
                    disabled={busy}
                    onClick={() => choose(room, model.modelId)}
                  >
                    <Avatar name={model.nickname} imageUrl={model.avatarUrl || room.iconUrl} className="chat-room__icon" />
                    <span className="chat-room__text">
                      <span className="chat-room__name">{model.nickname}</span>
                      <span className={`chat-room__presence${model.online ? ' is-online' : ''}`}>{status}</span>
                      <span className="chat-room__sub">{room.roomName}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
