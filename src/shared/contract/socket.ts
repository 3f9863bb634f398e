import { z } from 'zod';
import { Money } from './envelope';
import type { ApiErrorCode } from './errors';
import { Announcement, Message } from './messages';
import { DepositStatus, WithdrawalStatus } from './wallet-payments';
import { EntryType } from './records';
import { Contract, ContractBill, RunningWindow } from './contracts';
import { PromotionStatus } from './promotions';

/** Every pushed event carries an id (outbox row id; 0 for transient events) and a timestamp. */
export const EventMeta = z.object({ eventId: z.number().int().nonnegative(), at: z.string() });
export type EventMeta = z.infer<typeof EventMeta>;

/**
 * Pushed to every socket when an operator turns maintenance on or off or changes the region blocks.
 * Region restriction depends on each visitor's address, so the push carries only the site-wide
 * flag; on this event a client re-reads GET /wps/system/status for its own status.
 */
export const SystemStatusChanged = z.object({ maintenance: z.boolean() });

export const SessionRevoked = z.object({ reason: z.enum(['logout', 'password_changed', 'operator', 'expired']) });

/**
 * This server node is shutting down: it closes the socket right after this event, and the client
 * reconnects (to another node behind the load balancer) and recovers what it missed with events:since.
 */
export const ServerShutdown = z.object({ reconnectAfterMs: z.number().int().nonnegative() });

/** A ledger transaction changed the member's wallets: the main balance and every wallet it touched. */
export const BalanceUpdated = z.object({
  balance: Money.describe('main wallet'),
  wallets: z.array(z.object({ wallet: z.string(), balance: Money })),
  entryType: EntryType,
  transactionId: z.number().int(),
});

export const UnreadCount = z.object({ unreadMessage: z.number().int().nonnegative() });

export const DepositResult = z.object({
  orderId: z.string(),
  status: DepositStatus.exclude(['PENDING']),
  amount: Money,
  failureReason: z.string().nullable(),
});

export const WithdrawalResult = z.object({
  withdrawalId: z.string(),
  status: WithdrawalStatus,
  amount: Money,
  rejectReason: z.string().nullable(),
});

/**
 * A contract bill was settled (docs/contracts.md, Bills): sent to the holder and, when an upline pays,
 * to that upline, once per window (every real-time window, even one with nothing bet). `role` says
 * whether the recipient is the one paid or the one paying; the money itself arrives as balance:updated.
 */
export const SalarySettled = ContractBill.extend({ role: z.enum(['HOLDER', 'PAYER']) });

/**
 * A bet counted in a real-time salary window still running (docs/contracts.md, The running window):
 * the window's figures so far and the pay they would earn, to the paying upline and to a holder that
 * is an agent (those who watch it on agentRealtimeSalary), at most once a second per agreement.
 */
export const SalaryRunning = RunningWindow.extend({ role: z.enum(['HOLDER', 'PAYER']) });

/**
 * A contract was offered or changed: sent to both parties, each with the contract as it sees it
 * (`action`: what it now waits for from the recipient).
 */
export const ContractChanged = z.object({ contract: Contract });

/**
 * An operator answered the member's promotion application (approved: ISSUED or SIGNED; REJECTED):
 * the promotion lists and the reward centre's count (its badge, the bell) read again.
 */
export const PromotionChanged = z.object({ promotionId: z.number().int(), status: PromotionStatus });

/**
 * An operator added or changed a live model (its online mark, its room, its order): the chat room's
 * model list (API-52) reads again. Sent to every socket; the list itself is public.
 */
export const LiveModelsChanged = z.object({});

/** Payload schemas of server→client events; the client's bus safeParses each against these. */
export const serverEvents = {
  'system:status': SystemStatusChanged.extend(EventMeta.shape),
  'session:revoked': SessionRevoked.extend(EventMeta.shape),
  'server:shutdown': ServerShutdown.extend(EventMeta.shape),
  'balance:updated': BalanceUpdated.extend(EventMeta.shape),
  'message:new': Message.extend(EventMeta.shape),
  'unread:count': UnreadCount.extend(EventMeta.shape),
  'deposit:result': DepositResult.extend(EventMeta.shape),
  'withdrawal:result': WithdrawalResult.extend(EventMeta.shape),
  'announcement:new': Announcement.extend(EventMeta.shape),
  /** An announcement for agents only (agentAnnouncement); sent to the agents' sockets. */
  'agentAnnouncement:new': Announcement.extend(EventMeta.shape),
  'salary:settled': SalarySettled.extend(EventMeta.shape),
  'salary:running': SalaryRunning.extend(EventMeta.shape),
  'contract:changed': ContractChanged.extend(EventMeta.shape),
  'promotion:changed': PromotionChanged.extend(EventMeta.shape),
  'liveModels:changed': LiveModelsChanged.extend(EventMeta.shape),
} as const;

export type ServerEventName = keyof typeof serverEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]>;

export type Ack<T> = { ok: true; data: T } | { ok: false; code: ApiErrorCode };

export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};

export interface ClientToServerEvents {
  /** Events of the caller's rooms with an id above `afterId`, for recovery after a reconnect. */
  'events:since': (afterId: number, ack: (res: Ack<{ name: ServerEventName; payload: unknown }[]>) => void) => void;
}

/** What a server node keeps of a member between calls (its sessions, GET /wps/member/info, its main balance). */
export type CachedMemberRead = 'sessions' | 'memberInfo' | 'balance';

/** Between server nodes (through Redis): drop what this node keeps of the member. */
export interface InterServerEvents {
  'member:forget': (read: CachedMemberRead, memberId: number) => void;
}

export interface SocketData {
  memberId: number;
  account: string;
  isAgent: boolean;
}

export { AGENT_TYPES, TRIAL_TYPE, isAgentType } from './member.values';

export const memberRoom = (id: number) => `member:${id}`;
export const agentRoom = (id: number) => `agent:${id}`;
/** Every agent's sockets: announcements for agents. */
export const AGENTS_ROOM = 'agents';
