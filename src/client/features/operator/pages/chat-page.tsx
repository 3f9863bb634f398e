import { useState } from 'react';
import { EyeOff, Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SaveLiveModelRequest, type OpsChatMessage, type OpsLiveModel } from '@shared/contract/chat';
import { RefreshButton } from '../components/list-filters';
import { ActionDialog, Field, OpsTable, Pager, QueryView, StatusBadge } from '../components/ops-ui';
import { useOpsAction, useOpsQuery } from '../ops-api';
import { useDraftForm } from '../use-draft-form';

interface ModelDraft {
  modelId: string;
  nickname: string;
  avatarUrl: string;
  roomId: string;
  online: boolean;
  sort: string;
  active: boolean;
}

const draftOf = (model: OpsLiveModel | null, firstRoom: string): ModelDraft =>
  model
    ? { ...model, sort: String(model.sort) }
    : { modelId: '', nickname: '', avatarUrl: '', roomId: firstRoom, online: false, sort: '0', active: true };

const requestOf = (draft: ModelDraft): SaveLiveModelRequest => ({
  ...draft,
  sort: /^\d+$/.test(draft.sort.trim()) ? Number(draft.sort.trim()) : Number.NaN,
});

/** Adds a live model (none given) or edits one; its id is fixed once made. */
function ModelDialog({ model, rooms, onClose }: { model: OpsLiveModel | null; rooms: { roomId: string; roomName: string }[]; onClose: () => void }) {
  const { t: tc } = useTranslation('chat');
  const act = useOpsAction();
  const { draft, set, errors, request, validate } = useDraftForm(() => draftOf(model, rooms[0]?.roomId ?? ''), {
    schema: SaveLiveModelRequest,
    toRequest: requestOf,
  });

  return (
    <ActionDialog
      title={model ? `${tc('ops.edit')}: ${model.nickname}` : tc('ops.add')}
      confirmLabel={tc('ops.save')}
      size="medium"
      validate={validate}
      run={() => act('opsSaveLiveModel', { body: request() })}
      onClose={onClose}
    >
      <div className="ops-form__grid">
        <Field label={tc('ops.fields.modelId')} error={errors.modelId}>
          {(control) => <input {...control} className="ops-input" value={draft.modelId} readOnly={model !== null} onChange={(e) => set('modelId', e.target.value)} />}
        </Field>
        <Field label={tc('ops.fields.nickname')} error={errors.nickname}>
          {(control) => <input {...control} className="ops-input" value={draft.nickname} onChange={(e) => set('nickname', e.target.value)} />}
        </Field>
      </div>
      <Field label={tc('ops.fields.avatarUrl')} error={errors.avatarUrl}>
        {(control) => <input {...control} className="ops-input" value={draft.avatarUrl} onChange={(e) => set('avatarUrl', e.target.value)} />}
      </Field>
      <div className="ops-form__grid">
        <Field label={tc('ops.fields.room')} error={errors.roomId}>
          {(control) => (
            <select {...control} className="select ops-select" value={draft.roomId} onChange={(e) => set('roomId', e.target.value)}>
              {rooms.map((room) => (
                <option key={room.roomId} value={room.roomId}>
                  {room.roomName}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={tc('ops.fields.sort')} error={errors.sort}>
          {(control) => <input {...control} className="ops-input" inputMode="numeric" value={draft.sort} onChange={(e) => set('sort', e.target.value)} />}
        </Field>
      </div>
      <label className="ops-check">
        <input type="checkbox" checked={draft.online} onChange={(e) => set('online', e.target.checked)} />
        {tc('ops.fields.online')}
      </label>
      <label className="ops-check">
        <input type="checkbox" checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
        {tc('ops.fields.active')}
      </label>
    </ActionDialog>
  );
}

function HideDialog({ message, onClose }: { message: OpsChatMessage; onClose: () => void }) {
  const { t: tc } = useTranslation('chat');
  const act = useOpsAction();
  return (
    <ActionDialog title={tc('ops.hideTitle')} confirmLabel={tc('ops.hideConfirm')} tone="danger" run={() => act('opsHideChatMessage', { body: { messageId: message.messageId } })} onClose={onClose}>
      <p>
        <strong>{message.account}</strong>: {message.body}
      </p>
    </ActionDialog>
  );
}

type Dialog = { kind: 'model'; model: OpsLiveModel | null } | { kind: 'hide'; message: OpsChatMessage } | null;

/** The chat room (MEMBER-25): its live models (added, edited, set online or offline) and its messages (hidden here). */
export function ChatPage() {
  const { t, i18n } = useTranslation('operator');
  const { t: tc } = useTranslation('chat');
  const act = useOpsAction();
  const models = useOpsQuery('opsLiveModels');
  const rooms = useOpsQuery('roomList');
  const [roomFilter, setRoomFilter] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const messages = useOpsQuery('opsChatMessages', { query: { pageNo, pageSize: 20, ...(roomFilter ? { roomId: roomFilter } : {}) } });
  const [dialog, setDialog] = useState<Dialog>(null);
  const roomList = rooms.data ?? [];
  const roomName = (roomId: string) => roomList.find((r) => r.roomId === roomId)?.roomName ?? roomId;
  const toggleOnline = (m: OpsLiveModel) => void act('opsSaveLiveModel', { body: { ...m, online: !m.online } }).catch(() => undefined);

  return (
    <div className="ops-page">
      <section className="ops-card" aria-labelledby="ops-chat-models-title">
        <div className="ops-card__head">
          <h2 id="ops-chat-models-title" className="ops-card__title">
            {tc('ops.modelsTitle')}
          </h2>
          <div className="ops-toolbar__end">
            <RefreshButton onRefresh={() => void models.refetch()} busy={models.isFetching} />
            <button type="button" className="button button--primary button--compact" disabled={roomList.length === 0} onClick={() => setDialog({ kind: 'model', model: null })}>
              <Plus aria-hidden size={16} />
              {tc('ops.add')}
            </button>
          </div>
        </div>
        <QueryView query={models}>
          {({ list }) =>
            list.length === 0 ? (
              <p className="ops-empty">{tc('ops.empty')}</p>
            ) : (
              <OpsTable
                caption={tc('ops.modelsCaption')}
                rows={list}
                rowKey={(m) => m.modelId}
                columns={[
                  { label: tc('ops.fields.sort'), className: 'ops-num', render: (m) => m.sort },
                  { label: tc('ops.fields.modelId'), className: 'ops-mono', render: (m) => m.modelId },
                  { label: tc('ops.fields.nickname'), render: (m) => m.nickname },
                  { label: tc('ops.fields.room'), render: (m) => roomName(m.roomId) },
                  {
                    label: tc('ops.fields.status'),
                    render: (m) => (
                      <>
                        <StatusBadge tone={m.online ? 'ok' : 'muted'}>{m.online ? tc('ops.status.online') : tc('ops.status.offline')}</StatusBadge>{' '}
                        {!m.active && <StatusBadge tone="warn">{tc('ops.status.inactive')}</StatusBadge>}
                      </>
                    ),
                  },
                  {
                    label: t('list.actions'),
                    render: (m) => (
                      <div className="ops-row-actions">
                        <button type="button" className="button button--ghost button--compact" onClick={() => toggleOnline(m)}>
                          {m.online ? tc('ops.goOffline') : tc('ops.goOnline')}
                          <span className="visually-hidden">: {m.nickname}</span>
                        </button>
                        <button type="button" className="button button--ghost button--compact" aria-label={`${tc('ops.edit')}: ${m.nickname}`} onClick={() => setDialog({ kind: 'model', model: m })}>
                          <Pencil aria-hidden size={16} />
                          {tc('ops.edit')}
                        </button>
                      </div>
                    ),
                  },
                ]}
              />
            )
          }
        </QueryView>
      </section>

      <section className="ops-card" aria-labelledby="ops-chat-messages-title">
        <div className="ops-card__head">
          <h2 id="ops-chat-messages-title" className="ops-card__title">
            {tc('ops.messagesTitle')}
          </h2>
          <div className="ops-toolbar__end">
            <label className="visually-hidden" htmlFor="ops-chat-room-filter">
              {tc('ops.fields.room')}
            </label>
            <select
              id="ops-chat-room-filter"
              className="select ops-select"
              value={roomFilter}
              onChange={(e) => {
                setRoomFilter(e.target.value);
                setPageNo(1);
              }}
            >
              <option value="">{tc('ops.allRooms')}</option>
              {roomList.map((room) => (
                <option key={room.roomId} value={room.roomId}>
                  {room.roomName}
                </option>
              ))}
            </select>
            <RefreshButton onRefresh={() => void messages.refetch()} busy={messages.isFetching} />
          </div>
        </div>
        <QueryView query={messages}>
          {(page) =>
            page.list.length === 0 ? (
              <p className="ops-empty">{tc('ops.noMessages')}</p>
            ) : (
              <>
                <OpsTable
                  caption={tc('ops.messagesCaption')}
                  rows={page.list}
                  rowKey={(m) => m.messageId}
                  columns={[
                    { label: tc('ops.fields.time'), className: 'ops-nowrap', render: (m) => new Date(m.createdAt).toLocaleString(i18n.language === 'ty' ? 'vi' : i18n.language) },
                    { label: tc('ops.fields.room'), render: (m) => roomName(m.roomId) },
                    { label: tc('ops.fields.sender'), className: 'ops-mono', render: (m) => m.account },
                    { label: tc('ops.fields.body'), render: (m) => m.body },
                    {
                      label: tc('ops.fields.status'),
                      render: (m) => <StatusBadge tone={m.hidden ? 'muted' : 'ok'}>{m.hidden ? tc('ops.hidden') : tc('ops.visible')}</StatusBadge>,
                    },
                    {
                      label: t('list.actions'),
                      render: (m) =>
                        m.hidden ? null : (
                          <div className="ops-row-actions">
                            <button type="button" className="button button--ghost button--compact" aria-label={`${tc('ops.hide')}: ${m.body}`} onClick={() => setDialog({ kind: 'hide', message: m })}>
                              <EyeOff aria-hidden size={16} />
                              {tc('ops.hide')}
                            </button>
                          </div>
                        ),
                    },
                  ]}
                />
                <Pager pageNum={page.pageNum} totalPages={page.totalPages} onPage={setPageNo} />
              </>
            )
          }
        </QueryView>
      </section>
      {dialog?.kind === 'model' && <ModelDialog model={dialog.model} rooms={roomList} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'hide' && <HideDialog message={dialog.message} onClose={() => setDialog(null)} />}
    </div>
  );
}
