import { z } from 'zod';
import { endpoint } from './endpoint';
import { Money, RowId, RowIdParam } from './envelope';
import { text } from './auth';

/** Deposit channel kinds; the channels themselves are merchant configuration. */
export const DEPOSIT_CHANNEL_TYPES = ['BANK_TRANSFER', 'E_WALLET', 'QR'] as const;
export const DepositChannelType = z.enum(DEPOSIT_CHANNEL_TYPES);

export const DepositChannel = z.object({
  channelId: z.string(),
  name: z.string(),
  type: DepositChannelType,
  minAmount: Money,
  maxAmount: Money,
  /** Where the player sends the money (bank transfer, e-wallet) or what to scan (QR). */
  payeeBank: z.string().nullable(),
  payeeAccountName: z.string().nullable(),
  payeeAccountNo: z.string().nullable(),
  qrCodeUrl: z.string().nullable().describe('data: URL of the QR code to scan'),
  note: z.string(),
});
export type DepositChannel = z.infer<typeof DepositChannel>;

export const DEPOSIT_STATUSES = ['PENDING', 'CREDITED', 'FAILED'] as const;
export const DepositStatus = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof DepositStatus>;

export const DepositOrder = z.object({
  orderId: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  amount: Money,
  status: DepositStatus,
  payerName: z.string().nullable(),
  reference: z.string().nullable().describe("the player's own transfer note"),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof DepositOrder>;

const RequestId = z.uuid().describe('idempotency key: the same id and body return the first result; another body is 409');

export const DepositRequest = z.object({
  channelId: text().min(1).max(32),
  amount: Money.positive(),
  payerName: text().trim().min(1).max(100).optional(),
  reference: text().trim().min(1).max(64).optional(),
  requestId: RequestId,
});
export type DepositRequest = z.infer<typeof DepositRequest>;

/**
 * A payment provider's notice about a deposit order. The raw body is signed: header
 * `X-Webhook-Timestamp` (unix seconds) and `X-Webhook-Signature` = hex HMAC-SHA256 with the
 * configured secret over `<timestamp>.<raw body>`. Each eventId is accepted once.
 */
export const DepositWebhook = z.object({
  eventId: text().min(1).max(128),
  orderId: text().min(1).max(32),
  status: z.enum(['SUCCESS', 'FAILED']),
  amount: Money.positive(),
  reason: text().max(200).optional(),
});
export type DepositWebhook = z.infer<typeof DepositWebhook>;
export const WEBHOOK_TIMESTAMP_HEADER = 'x-webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';
/** A signed notice older or newer than this is refused (REQUEST_EXPIRED). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The withdrawal (payment, transaction) password: 6 digits. */
export const PaymentPassword = z.string().regex(/^\d{6}$/, 'six digits');

export const SetPaymentPasswordRequest = z.object({
  oldPaymentPassword: text().max(64).optional().describe('required when a payment password is already set'),
  newPaymentPassword: PaymentPassword,
  confirmPaymentPassword: PaymentPassword,
});
export type SetPaymentPasswordRequest = z.infer<typeof SetPaymentPasswordRequest>;

export const MAX_BANK_ACCOUNTS = 5;
export const BankAccount = z.object({
  bankAccountId: z.number().int(),
  bankName: z.string(),
  accountName: z.string(),
  accountNoMasked: z.string().describe('last 4 digits only, e.g. ****1234'),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof BankAccount>;

export const AddBankAccountRequest = z.object({
  bankName: text().trim().min(2).max(100),
  accountName: text().trim().min(2).max(100),
  accountNo: text().trim().regex(/^[0-9]{6,30}$/, '6 to 30 digits'),
  paymentPassword: text().min(1).max(64),
});
export type AddBankAccountRequest = z.infer<typeof AddBankAccountRequest>;

/**
 * PENDING: funds held. APPROVED: an operator accepted it. DISBURSED: paid out, waiting for the
 * player to confirm. RECEIVED: confirmed (or auto-received). NOT_RECEIVED: disputed with proof.
 * REJECTED: refused, hold released.
 */
export const WITHDRAWAL_STATUSES = ['PENDING', 'APPROVED', 'DISBURSED', 'RECEIVED', 'NOT_RECEIVED', 'REJECTED'] as const;
export const WithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

export const WithdrawalOrder = z.object({
  withdrawalId: z.string(),
  amount: Money,
  status: WithdrawalStatus,
  bankName: z.string(),
  accountName: z.string(),
  accountNoMasked: z.string(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  disbursedAt: z.string().nullable(),
  /** Confirmation (WALLET-12..16); null until the player answers or the auto-receive runs. */
  confirmation: z
    .object({
      receivedAmount: Money,
      remainingAmount: Money,
      remark: z.string().nullable(),
      proofIds: z.array(z.number().int()),
      confirmedAt: z.string(),
      forced: z.boolean().describe('auto-received after the configured minutes: final, nothing is refunded'),
    })
    .nullable(),
  /** When an unanswered DISBURSED withdrawal counts as received. */
  autoReceiveAt: z.string().nullable(),
});
export type WithdrawalOrder = z.infer<typeof WithdrawalOrder>;

export const WithdrawalRequest = z.object({
  bankAccountId: RowId,
  amount: Money.positive(),
  paymentPassword: text().min(1).max(64),
  requestId: RequestId,
});
export type WithdrawalRequest = z.infer<typeof WithdrawalRequest>;

/** Proof images: png or jpg (checked by their magic bytes), at most 5 MB each, at most 3. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_MAX_COUNT = 3;
const ProofImage = z
  .string()
  .max(Math.ceil((PROOF_MAX_BYTES * 4) / 3) + 64)
  .describe('base64 of the png or jpg file (a data: URL prefix is accepted)');

export const WithdrawalConfirmRequest = z.object({
  withdrawalId: text().min(1).max(32),
  outcome: z.enum(['RECEIVED', 'NOT_RECEIVED']),
  receivedAmount: Money.nonnegative().optional().describe('NOT_RECEIVED: what did arrive (default 0)'),
  remark: text().trim().max(140).optional(),
  proofImages: z.array(ProofImage).max(PROOF_MAX_COUNT).default([]).describe('NOT_RECEIVED needs at least one'),
});
export type WithdrawalConfirmRequest = z.input<typeof WithdrawalConfirmRequest>;
/** The confirm call carries up to 3 images of 5 MB as base64. */
export const WITHDRAWAL_CONFIRM_BODY_LIMIT = PROOF_MAX_COUNT * (Math.ceil((PROOF_MAX_BYTES * 4) / 3) + 64) + 64 * 1024;

export const ProofImageFile = z.object({
  proofId: z.number().int(),
  contentType: z.enum(['image/png', 'image/jpeg']),
  data: z.string().describe('base64'),
});

export const WithdrawalSettings = z.object({
  minAmount: Money,
  maxAmount: Money,
  autoReceiveMinutes: z.number().int().positive(),
  paymentPasswordSet: z.boolean(),
  withdrawableBalance: Money,
});

export const RebateSummary = z.object({
  claimableAmount: Money,
  validBetAmount: Money.describe('settled stakes not yet rebated'),
  ratePercent: z.number().nonnegative(),
});

export const walletPaymentsEndpoints = {
  depositChannels: endpoint({
    method: 'GET',
    path: '/wps/relay/PAY_depositChannels',
    token: 'member',
    audience: 'real',
    response: z.array(DepositChannel),
    summary: 'Deposit channels open to the caller, with their amount bounds',
    reqs: ['WALLET-04'],
  }),
  depositRequest: endpoint({
    method: 'POST',
    path: '/wps/relay/PAY_deposit',
    token: 'member',
    audience: 'real',
    body: DepositRequest,
    response: DepositOrder,
    summary: 'Asks to deposit through a channel; PENDING until an operator or the provider confirms it',
    reqs: ['WALLET-04', 'WALLET-09'],
  }),
  depositWebhook: endpoint({
    method: 'POST',
    path: '/wps/payments/webhook',
    token: 'none',
    rawBody: true,
    body: DepositWebhook,
    response: z.object({ orderId: z.string(), status: DepositStatus, duplicate: z.boolean() }),
    summary: 'Payment-provider notice (HMAC-SHA256 signed, timestamped, each eventId once): credits or fails a deposit',
  }),
  withdrawalSettings: endpoint({
    method: 'GET',
    path: '/wps/relay/PAY_withdrawalSettings',
    token: 'member',
    audience: 'real',
    response: WithdrawalSettings,
    summary: 'Withdrawal bounds, auto-receive minutes, whether a payment password is set, and what can be withdrawn',
    reqs: ['WALLET-15'],
  }),
  setPaymentPassword: endpoint({
    method: 'POST',
    path: '/wps/relay/PAY_paymentPassword',
    token: 'member',
    audience: 'real',
    body: SetPaymentPasswordRequest,
    response: z.object({ paymentPasswordSet: z.literal(true) }),
    summary: 'Sets the withdrawal password, or changes it with the old one',
  }),
  bankAccounts: endpoint({
    method: 'GET',
    path: '/wps/relay/PAY_bankAccounts',
    token: 'member',
    audience: 'real',
    response: z.array(BankAccount),
    summary: "The caller's bound bank accounts",
  }),
  addBankAccount: endpoint({
    method: 'POST',
    path: '/wps/relay/PAY_bankAccounts',
    token: 'member',
    audience: 'real',
    body: AddBankAccountRequest,
    response: BankAccount,
    summary: `Binds a bank account (withdrawal password checked; at most ${MAX_BANK_ACCOUNTS})`,
  }),
  removeBankAccount: endpoint({
    method: 'DELETE',
    path: '/wps/relay/PAY_bankAccounts',
    token: 'member',
    audience: 'real',
    query: z.object({ bankAccountId: RowIdParam }),
    response: BankAccount,
    summary: 'Unbinds a bank account; returns the removed account',
  }),
  withdrawalRequest: endpoint({
    method: 'POST',
    path: '/wps/relay/PAY_withdraw',
    token: 'member',
    audience: 'real',
    body: WithdrawalRequest,
    response: WithdrawalOrder,
    summary: 'Asks to withdraw to a bound bank account; the amount is held at once',
  }),
  withdrawalConfirm: endpoint({
    method: 'POST',
    path: '/wps/relay/PAY_withdrawalConfirm',
    token: 'member',
    audience: 'real',
    bodyLimit: WITHDRAWAL_CONFIRM_BODY_LIMIT,
    body: WithdrawalConfirmRequest,
    response: WithdrawalOrder,
    summary: 'Confirms a disbursed withdrawal as received, or not received with proof images',
    reqs: ['WALLET-12', 'WALLET-13', 'WALLET-14'],
  }),
  withdrawalProof: endpoint({
    method: 'GET',
    path: '/wps/relay/PAY_withdrawalProof',
    token: 'member',
    audience: 'real',
    query: z.object({ proofId: RowIdParam }),
    response: ProofImageFile,
    summary: 'One proof image the caller uploaded',
    reqs: ['WALLET-14'],
  }),
  rebateSummary: endpoint({
    method: 'GET',
    path: '/wps/relay/PAY_rebateSummary',
    token: 'member',
    audience: 'real',
    response: RebateSummary,
    summary: 'The rebate the caller can claim now from settled bets',
    reqs: ['MEMBER-03'],
  }),
  claimRebate: endpoint({
    method: 'POST',
    path: '/wps/relay/PAY_claimRebate',
    token: 'member',
    audience: 'real',
    body: z.object({ requestId: RequestId }),
    response: z.object({ amount: Money, balance: Money }),
    summary: 'Claims the manual rebate of settled bets into the main wallet',
    reqs: ['MEMBER-03'],
  }),
} as const;
