import { createEventBus, type EventBus } from '@client/lib/event-bus';
import { createSocketClient } from '@client/lib/socket-client';
import { readSessionToken } from './stores/session-info';

/**
 * The app's one event bus over its one socket. It stays disconnected until a session starts: the
 * session's socket listener connects it and disconnects it at logout (STYLE.md C5).
 */
export const bus: EventBus = createEventBus(createSocketClient({ getToken: readSessionToken }));
