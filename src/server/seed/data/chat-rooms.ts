import type { ChatRoom } from '@shared/contract/messages';

export const CHAT_ROOMS: ChatRoom[] = [
  { roomId: 'lobby', roomName: 'Lobby', description: 'Say hello and meet other players', iconUrl: '/static/rooms/lobby.svg' },
  { roomId: 'lottery', roomName: 'Lottery talk', description: 'Draw results and number picks', iconUrl: '/static/rooms/lottery.svg' },
  { roomId: 'sports', roomName: 'Sports corner', description: "Today's matches and odds", iconUrl: '/static/rooms/sports.svg' },
  { roomId: 'casino', roomName: 'Casino floor', description: 'Live tables and slots', iconUrl: '/static/rooms/casino.svg' },
];
