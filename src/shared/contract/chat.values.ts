/** Chat room constants without zod, for the light chat page (issue 15: the first scripts carry no zod). */

/** The socket.io namespace of the chat rooms. */
export const CHAT_NAMESPACE = '/chat';
/** A message is 1 to this many characters once trimmed. */
export const CHAT_MESSAGE_MAX = 200;
/** A member sends at most one message per this many milliseconds (on every node: the database keeps the count). */
export const CHAT_SEND_INTERVAL_MS = 2_000;
/** How many of the room's last messages a member gets on joining. */
export const CHAT_HISTORY_SIZE = 50;

/** The chat page's path: the launch chat call's chatUrl is this with `?ticket=…`. */
export const chatRoomPath = (roomId: string) => `/chat/${encodeURIComponent(roomId)}`;
