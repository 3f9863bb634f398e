import { z } from 'zod';
import { text } from './auth';
import { endpoint } from './endpoint';
import { Money, RowId, RowIdParam } from './envelope';
import { pagedOf, pageQuery } from './paging';

/**
 * A red envelope campaign's state for the caller (MEMBER-15). COMING_SOON before its start,
 * CLOSED after its end, SOLD_OUT once every envelope is taken, GRABBED once the caller has taken
 * one, NOT_ELIGIBLE while the caller's deposits in the campaign fall short of its minimum, OPEN
 * when the caller may take one now (guests see OPEN and are asked to log in).
 */
export const RED_ENVELOPE_STATUSES = ['OPEN', 'GRABBED', 'NOT_ELIGIBLE', 'SOLD_OUT', 'COMING_SOON', 'CLOSED'] as const;
export const RedEnvelopeStatus = z.enum(RED_ENVELOPE_STATUSES);
export type RedEnvelopeStatus = z.infer<typeof RedEnvelopeStatus>;

export const RedEnvelopeCampaign = z.object({
  campaignId: z.number().int(),
  title: z.string(),
  rules: z.string().describe('HTML rules'),
  startTime: z.string(),
  endTime: z.string(),
  envelopeCount: z.number().int().positive(),
  remainingCount: z.number().int().nonnegative(),
  minDeposit: Money.describe('credited deposits since the start that a member needs to take part (0: none)'),
  deposited: Money.nullable().describe("the caller's credited deposits since the start (null for guests)"),
  status: RedEnvelopeStatus,
  grabbed: z.object({ amount: Money, grabbedAt: z.string() }).nullable().describe("the caller's envelope, once taken"),
});
export type RedEnvelopeCampaign = z.infer<typeof RedEnvelopeCampaign>;

/** Red envelopes for players (MEMBER-15). */
export const redEnvelopesEndpoints = {
  redEnvelopeList: endpoint({
    method: 'GET',
    path: '/wps/relay/RED_list',
    token: 'optional',
    response: z.object({ list: z.array(RedEnvelopeCampaign) }),
    summary: "Red envelope campaigns on show (running, coming, or ended within a day), with the signed-in caller's status in each",
    reqs: ['MEMBER-15'],
  }),
  redEnvelopeGrab: endpoint({
    method: 'POST',
    path: '/wps/relay/RED_grab',
    token: 'member',
    audience: 'real',
    body: z.object({ campaignId: RowId }),
    response: z.object({ amount: Money, balance: Money }),
    summary: 'Takes one envelope of a running campaign into the main wallet, once per member (a repeat returns the first)',
    reqs: ['MEMBER-15'],
  }),
} as const;

export const OpsRedEnvelopeCampaign = z.object({
  campaignId: z.number().int(),
  title: z.string(),
  rules: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  totalAmount: Money,
  envelopeCount: z.number().int().positive(),
  minAmount: Money,
  minDeposit: Money,
  active: z.boolean().describe('shown to players'),
  grabbedCount: z.number().int().nonnegative(),
  grabbedAmount: Money,
});
export type OpsRedEnvelopeCampaign = z.infer<typeof OpsRedEnvelopeCampaign>;

/** At most this many envelopes in one campaign. */
export const RED_ENVELOPE_MAX_COUNT = 100_000;

export const SaveRedEnvelopeRequest = z
  .object({
    campaignId: RowId.optional().describe('absent: a new campaign'),
    title: text().trim().min(1).max(120),
    rules: text().trim().max(20_000).default('').describe('HTML rules (sanitised by the client)'),
    startTime: z.iso.datetime({ offset: true }),
    endTime: z.iso.datetime({ offset: true }),
    totalAmount: Money.min(0.01).max(10_000_000).describe('shared out among the envelopes at random'),
    envelopeCount: z.number().int().min(1).max(RED_ENVELOPE_MAX_COUNT),
    minAmount: Money.min(0.01).max(1_000_000).default(0.01).describe('the least one envelope holds'),
    minDeposit: Money.min(0).max(10_000_000).default(0),
    active: z.boolean().default(true),
  })
  .refine((c) => new Date(c.endTime) > new Date(c.startTime), { message: 'endTime must be after startTime', path: ['endTime'] })
  .refine((c) => Math.round(c.totalAmount * 100) >= c.envelopeCount * Math.round(c.minAmount * 100), {
    message: 'the total must give every envelope at least the minimum amount',
    path: ['totalAmount'],
  });
export type SaveRedEnvelopeRequest = z.input<typeof SaveRedEnvelopeRequest>;

export const OpsRedEnvelopeGrab = z.object({
  grabId: z.number().int(),
  memberId: z.number().int(),
  account: z.string(),
  amount: Money,
  grabbedAt: z.string(),
});

/** The operators' side: campaigns defined and changed, and who took what. */
export const operatorRedEnvelopesEndpoints = {
  opsRedEnvelopes: endpoint({
    method: 'GET',
    path: '/ops/red-envelopes',
    token: 'operator',
    response: z.array(OpsRedEnvelopeCampaign),
    summary: 'Every red envelope campaign with what has been taken of it',
    reqs: ['MEMBER-15'],
  }),
  opsSaveRedEnvelope: endpoint({
    method: 'POST',
    path: '/ops/red-envelopes',
    token: 'operator',
    body: SaveRedEnvelopeRequest,
    response: OpsRedEnvelopeCampaign,
    summary: 'Adds a campaign or changes one (its amounts and count only until the first envelope is taken)',
    reqs: ['MEMBER-15'],
  }),
  opsRedEnvelopeGrabs: endpoint({
    method: 'GET',
    path: '/ops/red-envelopes/grabs',
    token: 'operator',
    query: z.object({ campaignId: RowIdParam, ...pageQuery(20, 100) }),
    response: pagedOf(OpsRedEnvelopeGrab),
    summary: "A campaign's envelopes taken, newest first",
    reqs: ['MEMBER-15'],
  }),
} as const;
