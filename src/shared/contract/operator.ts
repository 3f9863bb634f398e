import { z } from 'zod';
import { RowIdParam } from './envelope';
import { text } from './auth';
import { endpoint } from './endpoint';
import { pageQuery, TotalPages } from './paging';

/** Operator sessions last 12 hours. */
export const OPERATOR_SESSION_HOURS = 12;

export const OperatorLoginRequest = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'the 6-digit code of the authenticator app')
    .describe("the current 6-digit code of the operator's authenticator app (TOTP)"),
});

export const Operator = z.object({ id: z.number().int(), username: z.string(), role: z.string() });

export const OperatorSession = z.object({ token: z.string(), expiresAt: z.string(), operator: Operator });
export type OperatorSession = z.infer<typeof OperatorSession>;

export const OpsSystemStatus = z.object({
  maintenance: z.boolean(),
  regionBlockCount: z.number().int().nonnegative(),
});
export type OpsSystemStatus = z.infer<typeof OpsSystemStatus>;

export const RegionBlockInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cidr'),
    value: z.union([z.cidrv4(), z.cidrv6()]).describe('an IPv4 or IPv6 range, e.g. 203.0.113.0/24'),
    note: z.string().trim().max(200).default(''),
  }),
  z.object({
    kind: z.literal('country'),
    value: z.string().trim().regex(/^[A-Za-z]{2}$/, 'a 2-letter ISO country code').toUpperCase(),
    note: z.string().trim().max(200).default(''),
  }),
]);
export type RegionBlockInput = z.infer<typeof RegionBlockInput>;

export const RegionBlock = z.object({
  id: z.number().int(),
  kind: z.enum(['cidr', 'country']),
  value: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type RegionBlock = z.infer<typeof RegionBlock>;

export const AuditEntry = z.object({
  id: z.number().int(),
  actorKind: z.string(),
  actorId: z.string(),
  action: z.string(),
  detail: z.unknown(),
  ip: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const OutboxQuery = z.object({
  channel: z.enum(['sms', 'email']).optional(),
  recipient: text().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const AccessLock = z.object({
  subject: z.string().describe('account:<username>, ip:<address> or operator:<username>'),
  lockedUntil: z.string(),
  reason: z.string(),
});
export type AccessLock = z.infer<typeof AccessLock>;
export const AccessUnlockQuery = z.object({ subject: text().min(1).max(300) });

export const JobIncident = z.object({
  job: z.string().describe('the background job, e.g. lottery-draws'),
  subject: z.string().describe('the item it set aside, e.g. lottery-ticket:42'),
  problem: z.string(),
  occurrences: z.number().int().positive(),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type JobIncident = z.infer<typeof JobIncident>;

export const operatorEndpoints = {
  operatorLogin: endpoint({
    method: 'POST',
    path: '/ops/session',
    token: 'none',
    body: OperatorLoginRequest,
    response: OperatorSession,
    summary:
      'Operator sign-in with password and authenticator code; the token lasts 12 hours and ends sooner when idle; 5 failures lock the operator name for 30 minutes (also rate-limited per IP)',
  }),
  operatorLogout: endpoint({
    method: 'DELETE',
    path: '/ops/session',
    token: 'operator',
    response: z.null(),
    summary: "Ends the caller's operator session",
  }),
  opsSystemStatus: endpoint({
    method: 'GET',
    path: '/ops/system/status',
    token: 'operator',
    response: OpsSystemStatus,
    summary: 'Maintenance flag and number of region blocks',
    reqs: ['SHELL-46'],
  }),
  opsSetMaintenance: endpoint({
    method: 'PUT',
    path: '/ops/system/maintenance',
    token: 'operator',
    body: z.object({ on: z.boolean() }),
    response: OpsSystemStatus,
    summary: 'Turns maintenance on or off, at once, for every visitor',
    reqs: ['SHELL-46', 'SHELL-47', 'SHELL-48'],
  }),
  opsRegionBlocks: endpoint({
    method: 'GET',
    path: '/ops/region-blocks',
    token: 'operator',
    response: z.array(RegionBlock),
    summary: 'Region blocks (IP ranges and countries)',
    reqs: ['SHELL-49'],
  }),
  opsAddRegionBlock: endpoint({
    method: 'POST',
    path: '/ops/region-blocks',
    token: 'operator',
    body: RegionBlockInput,
    response: RegionBlock,
    summary: 'Blocks an IP range (CIDR) or a country (2-letter code)',
    reqs: ['SHELL-46', 'SHELL-49'],
  }),
  opsRemoveRegionBlock: endpoint({
    method: 'DELETE',
    path: '/ops/region-blocks',
    token: 'operator',
    query: z.object({ id: RowIdParam }),
    response: RegionBlock,
    summary: 'Removes a region block; returns the removed block',
    reqs: ['SHELL-49'],
  }),
  opsAuditLog: endpoint({
    method: 'GET',
    path: '/ops/audit-log',
    token: 'operator',
    query: z.object({ ...pageQuery(20, 100) }),
    response: z.object({
      list: z.array(AuditEntry),
      pageNum: z.number().int().positive(),
      totalPages: TotalPages,
      total: z.number().int().nonnegative(),
    }),
    summary: 'The append-only audit log, newest first',
  }),
  opsOutbox: endpoint({
    method: 'GET',
    path: '/ops/outbox',
    token: 'operator',
    query: OutboxQuery,
    response: z.array(OutboxMessage),
    summary: 'The dev outbox of SMS and email messages, newest first',
    reqs: [],
  }),
  opsAccessLocks: endpoint({
    method: 'GET',
    path: '/ops/access-locks',
    token: 'operator',
    response: z.array(AccessLock),
    summary: 'Accounts and IPs locked after failed logins, still in force',
    reqs: ['ERR-23'],
  }),
  opsAccessUnlock: endpoint({
    method: 'DELETE',
    path: '/ops/access-locks',
    token: 'operator',
    query: AccessUnlockQuery,
    response: z.null(),
    summary: 'Lift a lock (customer service unlocking a customer\'s IP or account) and forget its failures',
    reqs: ['ERR-23'],
  }),
  opsJobIncidents: endpoint({
    method: 'GET',
    path: '/ops/job-incidents',
    token: 'operator',
    response: z.array(JobIncident),
    summary: 'Items background jobs could not finish and set aside (the rest of each job went on), latest first',
  }),
} as const;
