import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@shared/contract/chat';
import { CHAT_MESSAGE_MAX } from '@shared/contract/chat.values';
import type { ApiErrorCode } from '@shared/contract/errors';
import { useStore } from '@client/lib/create-store';
import type { ChatConnection } from '../chat-connection';
import '../chat.css';

/** The chat's own wording of a code where it has one, the platform's (errors:<code>) otherwise. */
const CHAT_ERROR_CODES = ['TOO_MANY_REQUESTS', 'TRIAL_ACCOUNT', 'VALIDATION', 'REQUEST_EXPIRED', 'SIGNATURE_INVALID', 'UNAUTHORIZED', 'NOT_FOUND', 'TIMEOUT'] as const;
type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];
const isChatErrorCode = (code: ApiErrorCode): code is ChatErrorCode => (CHAT_ERROR_CODES as readonly string[]).includes(code);

const useErrorText = () => {
  const { t } = useTranslation(['chat', 'errors']);
  return (code: ApiErrorCode, retryAfterMs?: number) =>
    isChatErrorCode(code) ? t(`chat:errors.${code}`, { seconds: Math.max(1, Math.ceil((retryAfterMs ?? 2_000) / 1000)) }) : t(`errors:${code}`);
};

function MessageItem({ message, language }: { message: ChatMessage; language: string }) {
  const time = new Date(message.createdAt);
  return (
    <li className="chat-message">
      <div className="chat-message__meta">
        <span className="chat-message__sender">{message.senderName}</span>
        <time className="chat-message__time" dateTime={message.createdAt}>
          {time.toLocaleTimeString(language === 'ty' ? 'vi' : language, { hour: '2-digit', minute: '2-digit' })}
        </time>
      </div>
      <p className="chat-message__body">{message.body}</p>
    </li>
  );
}

/**
 * The chat page at the launch chat call's chatUrl (MEMBER-25): the room's messages, live, scrolled to
 * the newest unless the reader has scrolled up; an input with a character counter; refusals in words.
 */
export function ChatPage({ connection }: { connection: ChatConnection }) {
  const { t, i18n } = useTranslation(['chat', 'errors']);
  const errorText = useErrorText();
  const state = useStore(connection.store);
  const [draft, setDraft] = useState('');
  const logRef = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();

  // Auto-scroll: DOM work after each render that changed the list, only while the reader is at the bottom.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stickToBottom.current) log.scrollTop = log.scrollHeight;
  }, [state.messages]);

  const onScroll = () => {
    const log = logRef.current;
    if (log) stickToBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  };

  const length = draft.trim().length;
  const tooLong = length > CHAT_MESSAGE_MAX;
  const canWrite = state.canSend && state.status === 'online';
  const disabled = !canWrite || state.sending || length === 0 || tooLong;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled) return;
    stickToBottom.current = true;
    if (await connection.send(draft)) setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const sendError = state.sendError ? errorText(state.sendError.code, state.sendError.retryAfterMs) : null;

  return (
    <main className="chat-page">
      <header className="chat-page__head">
        <h1 className="chat-page__title">{state.roomName ?? t('chat:page.title')}</h1>
        <p className={`chat-status chat-status--${state.status}`} role="status">
          <span className="chat-status__dot" aria-hidden />
          {t(`chat:page.status.${state.status}`)}
        </p>
      </header>

      {state.fatal && (
        <div className="chat-alert" role="alert">
          <p>{errorText(state.fatal)}</p>
          <p>{t('chat:page.reopen')}</p>
        </div>
      )}

      <ol ref={logRef} className="chat-log" role="log" aria-live="polite" aria-label={t('chat:page.log')} tabIndex={0} onScroll={onScroll}>
        {state.messages.map((message) => (
          <MessageItem key={message.messageId} message={message} language={i18n.language} />
        ))}
      </ol>
      {state.messages.length === 0 && state.status === 'online' && <p className="chat-empty">{t('chat:page.empty')}</p>}

      {state.status === 'online' && !state.canSend ? (
        <p className="chat-readonly">{t('chat:page.readOnly')}</p>
      ) : (
        <form className="chat-form" onSubmit={(e) => void submit(e)} noValidate>
          <label htmlFor={inputId} className="chat-form__label">
            {t('chat:page.input')}
          </label>
          <div className="chat-form__row">
            <textarea
              id={inputId}
              className="chat-form__input"
              rows={2}
              value={draft}
              disabled={!canWrite}
              aria-invalid={tooLong || undefined}
              aria-describedby={`${counterId}${sendError ? ` ${errorId}` : ''}`}
              onChange={(e) => {
                setDraft(e.target.value);
                if (state.sendError) connection.clearSendError();
              }}
              onKeyDown={onKeyDown}
            />
            <button type="submit" className="chat-form__send" disabled={disabled}>
              {t('chat:page.send')}
            </button>
          </div>
          <div className="chat-form__foot">
            <span id={counterId} className={`chat-form__counter${tooLong ? ' is-over' : ''}`}>
              <span aria-hidden>{t('chat:page.counter', { count: length, max: CHAT_MESSAGE_MAX })}</span>
              <span className="visually-hidden">{t('chat:page.counterLabel', { count: length, max: CHAT_MESSAGE_MAX })}</span>
            </span>
            {sendError && (
              <span id={errorId} className="chat-form__error" role="alert">
                {sendError}
              </span>
            )}
          </div>
        </form>
      )}
    </main>
  );
}
