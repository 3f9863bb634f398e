import { z } from 'zod';
import { endpoint } from './endpoint';
import { Money, RowIdParam } from './envelope';
import { Announcement, EXECUTION_CODES, Message, MessageType } from './messages';
import { Banner, BANNER_GROUPS, BANNER_LINKAGE_TYPES } from './system';
import { pagedOf, pageQuery } from './paging';
import { text } from './auth';
import { DepositOrder, DepositStatus, ProofImageFile, WithdrawalOrder, WithdrawalStatus } from './wallet-payments';
import { VendorWalletBalance } from './wallet';

const MemberRef = { memberId: z.number().int(), account: z.string() };

export const OpsDeposit = DepositOrder.extend(MemberRef);
export type OpsDeposit = z.infer<typeof OpsDeposit>;
export const OpsWithdrawal = WithdrawalOrder.extend({ ...MemberRef, accountNo: z.string().describe('full number, for paying out') });
export type OpsWithdrawal = z.infer<typeof OpsWithdrawal>;

const MemberAccount = text().trim().min(1).max(64).describe("the member's account name");
const Reason = text().trim().min(3).max(500);

/** The announcement types an operator publishes; banners (B) are published as banners. */
export const PUBLISHED_ANNOUNCEMENT_TYPES = ['PL', 'PU', 'PR', 'H'] as const;

/** Who sees an announcement: everyone (the player site) or agents only (agentAnnouncement, AGENT-11). */
export const ANNOUNCEMENT_AUDIENCES = ['ALL', 'AGENTS'] as const;
export const AnnouncementAudience = z.enum(ANNOUNCEMENT_AUDIENCES);
export type AnnouncementAudience = z.infer<typeof AnnouncementAudience>;

export const PublishAnnouncementRequest = z.object({
  type: z.enum(PUBLISHED_ANNOUNCEMENT_TYPES).describe('PL player notice, PU popup, PR promotion, H home notice'),
  title: text().trim().min(1).max(200),
  content: text().trim().min(1).max(20_000).describe('HTML (sanitised by the client before it is drawn)'),
  promotionType: text().trim().min(1).max(64).optional(),
  execution: z.enum(EXECUTION_CODES).optional().describe('popups: A logged in, B anonymous, F first login (required for PU)'),
  startsAt: z.iso.datetime({ offset: true }).optional(),
  endsAt: z.iso.datetime({ offset: true }).optional(),
  audience: AnnouncementAudience.default('ALL').describe('AGENTS: shown only in the agent center, pushed only to agents'),
});
export type PublishAnnouncementRequest = z.infer<typeof PublishAnnouncementRequest>;

export const OpsAnnouncement = Announcement.extend({
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  audience: AnnouncementAudience,
});

export const PublishBannerRequest = z.object({
  groupName: z.enum(BANNER_GROUPS),
  url: text().trim().min(1).max(2048),
  linkageType: z.enum(BANNER_LINKAGE_TYPES).default('NONE'),
  linkTarget: text().trim().max(2048).nullable().default(null),
  title: text().trim().max(200).default(''),
});

export const SendMessageRequest = z.object({
  accounts: z.array(MemberAccount).min(1).max(500),
  type: MessageType.extract(['INBOX', 'MANUAL_PROMO', 'ONLINE_MSG', 'PROMOTION_CLAIM', 'PAYMENT_CONFIRMATION']).default('INBOX'),
  title: text().trim().min(1).max(200),
  content: text().trim().min(1).max(5_000),
});

export const MemberWallet = z.object({
  memberId: z.number().int(),
  account: z.string(),
  mainBalance: Money,
  heldBalance: Money.describe('held by pending withdrawals'),
  wallets: z.array(VendorWalletBalance),
});

export const LedgerSummary = z.object({
  postingSum: Money.describe('sum of every posting ever made: always 0'),
  transactionCount: z.number().int().nonnegative(),
  memberBalances: Money.describe('everything members hold, held funds included'),
  systemAccounts: z.array(z.object({ code: z.string(), balance: Money })),
});

export const operatorMoneyEndpoints = {
  opsDeposits: endpoint({
    method: 'GET',
    path: '/ops/deposits',
    token: 'operator',
    query: z.object({ ...pageQuery(20, 100), status: DepositStatus.optional(), account: MemberAccount.optional() }),
    response: pagedOf(OpsDeposit),
    summary: 'Deposit orders, newest first',
  }),
  opsApproveDeposit: endpoint({
    method: 'POST',
    path: '/ops/deposits/approve',
    token: 'operator',
    body: z.object({ orderId: text().min(1).max(32), note: text().trim().max(500).optional() }),
    response: OpsDeposit,
    summary: 'Credits a pending deposit (the player is told at once)',
  }),
  opsRejectDeposit: endpoint({
    method: 'POST',
    path: '/ops/deposits/reject',
    token: 'operator',
    body: z.object({ orderId: text().min(1).max(32), reason: Reason }),
    response: OpsDeposit,
    summary: 'Fails a pending deposit with a reason',
  }),
  opsWithdrawals: endpoint({
    method: 'GET',
    path: '/ops/withdrawals',
    token: 'operator',
    query: z.object({ ...pageQuery(20, 100), status: WithdrawalStatus.optional(), account: MemberAccount.optional() }),
    response: pagedOf(OpsWithdrawal),
    summary: 'Withdrawal orders, newest first',
  }),
  opsApproveWithdrawal: endpoint({
    method: 'POST',
    path: '/ops/withdrawals/approve',
    token: 'operator',
    body: z.object({ withdrawalId: text().min(1).max(32), note: text().trim().max(500).optional() }),
    response: OpsWithdrawal,
    summary: 'Approves a pending withdrawal (funds stay held until disbursed)',
  }),
  opsRejectWithdrawal: endpoint({
    method: 'POST',
    path: '/ops/withdrawals/reject',
    token: 'operator',
    body: z.object({ withdrawalId: text().min(1).max(32), reason: Reason }),
    response: OpsWithdrawal,
    summary: 'Rejects a pending or approved withdrawal; the held funds return to the main wallet',
  }),
  opsDisburseWithdrawal: endpoint({
    method: 'POST',
    path: '/ops/withdrawals/disburse',
    token: 'operator',
    body: z.object({ withdrawalId: text().min(1).max(32), payoutReference: text().trim().max(100).optional() }),
    response: OpsWithdrawal,
    summary: 'Marks an approved withdrawal paid out; the player then confirms it (auto-received after the configured minutes)',
  }),
  opsWithdrawalProof: endpoint({
    method: 'GET',
    path: '/ops/withdrawals/proof',
    token: 'operator',
    query: z.object({ proofId: RowIdParam }),
    response: ProofImageFile,
    summary: 'A proof image a player uploaded with a not-received answer',
  }),
  opsMemberWallet: endpoint({
    method: 'GET',
    path: '/ops/members/wallet',
    token: 'operator',
    query: z.object({ account: MemberAccount }),
    response: MemberWallet,
    summary: "A member's wallets",
  }),
  opsAdjustBalance: endpoint({
    method: 'POST',
    path: '/ops/balance-adjustments',
    token: 'operator',
    body: z.object({
      account: MemberAccount,
      amount: Money.refine((v) => v !== 0, 'not zero').describe('signed: positive credits, negative debits the main wallet'),
      reason: Reason,
      requestId: z.uuid(),
    }),
    response: z.object({ transactionId: z.number().int(), balance: Money }),
    summary: "Adjusts a member's main wallet with a reason (operator adjustment entry)",
  }),
  opsLedgerSummary: endpoint({
    method: 'GET',
    path: '/ops/ledger/summary',
    token: 'operator',
    response: LedgerSummary,
    summary: 'Ledger totals: the posting sum (always 0), member funds and each system account',
  }),
  opsAnnouncements: endpoint({
    method: 'GET',
    path: '/ops/announcements',
    token: 'operator',
    response: z.array(OpsAnnouncement),
    summary: 'Every announcement and popup, active or not, newest first',
  }),
  opsPublishAnnouncement: endpoint({
    method: 'POST',
    path: '/ops/announcements',
    token: 'operator',
    body: PublishAnnouncementRequest,
    response: OpsAnnouncement,
    summary: 'Publishes an announcement or popup; open pages are told at once',
    reqs: ['MSG-01', 'MSG-08'],
  }),
  opsWithdrawAnnouncement: endpoint({
    method: 'DELETE',
    path: '/ops/announcements',
    token: 'operator',
    query: z.object({ id: RowIdParam }),
    response: OpsAnnouncement,
    summary: 'Takes an announcement down (kept, inactive)',
  }),
  opsPublishBanner: endpoint({
    method: 'POST',
    path: '/ops/banners',
    token: 'operator',
    body: PublishBannerRequest,
    response: Banner,
    summary: 'Publishes a banner in a group (w_home, w_leftmenu, w_reg)',
  }),
  opsRemoveBanner: endpoint({
    method: 'DELETE',
    path: '/ops/banners',
    token: 'operator',
    query: z.object({ id: RowIdParam }),
    response: Banner,
    summary: 'Takes a banner down',
  }),
  opsSendMessage: endpoint({
    method: 'POST',
    path: '/ops/messages',
    token: 'operator',
    body: SendMessageRequest,
    response: z.object({ sent: z.array(Message.extend({ account: z.string() })) }),
    summary: 'Sends a platform message to members (delivered live to their open pages)',
  }),
} as const;
