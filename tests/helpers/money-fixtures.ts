import type { Announcement, Message } from '@shared/contract/messages';
import type { ResponseOf } from '@shared/contract/http';
import type { BankAccount, DepositChannel, DepositOrder, WithdrawalOrder } from '@shared/contract/wallet-payments';
import type { ServerEventPayload } from '@shared/contract/socket';

/** Payloads shaped by the contract, for the wallet, records, messages and announcements tests. */

const AT = '2026-11-20T08:30:05.000Z';
let nextEventId = 1;
const meta = () => ({ eventId: nextEventId++, at: AT });

export const bankChannel = (over: Partial<DepositChannel> = {}): DepositChannel => ({
  channelId: 'BANK1',
  name: 'Vietcombank transfer',
  type: 'BANK_TRANSFER',
  minAmount: 100,
  maxAmount: 50_000,
  payeeBank: 'Vietcombank',
  payeeAccountName: 'RoyalWin Ltd',
  payeeAccountNo: '0011002233',
  qrCodeUrl: null,
  note: 'Put your order id in the transfer note.',
  ...over,
});

export const depositOrder = (over: Partial<DepositOrder> = {}): DepositOrder => ({
  orderId: 'D1001',
  channelId: 'BANK1',
  channelName: 'Vietcombank transfer',
  amount: 500,
  status: 'PENDING',
  payerName: null,
  reference: null,
  failureReason: null,
  createdAt: AT,
  resolvedAt: null,
  ...over,
});

export const withdrawalOrder = (over: Partial<WithdrawalOrder> = {}): WithdrawalOrder => ({
  withdrawalId: 'W2001',
  amount: 300,
  status: 'DISBURSED',
  bankName: 'ACB',
  accountName: 'Lucky Seven',
  accountNoMasked: '****4321',
  rejectReason: null,
  createdAt: AT,
  disbursedAt: AT,
  confirmation: null,
  autoReceiveAt: '2026-11-20T08:45:05.000Z',
  ...over,
});

export const bankAccount = (over: Partial<BankAccount> = {}): BankAccount => ({
  bankAccountId: 1,
  bankName: 'ACB',
  accountName: 'Lucky Seven',
  accountNoMasked: '****4321',
  createdAt: AT,
  ...over,
});

export const message = (over: Partial<Message> = {}): Message => ({
  messageId: 1,
  type: 'INBOX',
  title: 'Welcome aboard',
  content: 'Thanks for joining.',
  template: null,
  params: {},
  read: false,
  createdAt: AT,
  ...over,
});

export const messagePage = (list: Message[], over: Partial<ResponseOf<'messageList'>> = {}): ResponseOf<'messageList'> => ({
  list,
  pageNum: 1,
  totalPages: 1,
  total: list.length,
  unreadMessage: list.filter((m) => !m.read).length,
  ...over,
});

export const announcement = (over: Partial<Announcement> = {}): Announcement => ({
  id: 1,
  type: 'PU',
  title: 'Weekend reload',
  content: '<p>Deposit on Saturday, get <b>10%</b> more.</p>',
  promotionType: null,
  execution: 'A',
  createdAt: AT,
  ...over,
});

export const balanceUpdated = (balance: number, over: Partial<ServerEventPayload<'balance:updated'>> = {}): ServerEventPayload<'balance:updated'> => ({
  balance,
  wallets: [{ wallet: 'MAIN', balance }],
  entryType: 'DEPOSIT',
  transactionId: 90,
  ...meta(),
  ...over,
});

export const depositResult = (over: Partial<ServerEventPayload<'deposit:result'>> = {}): ServerEventPayload<'deposit:result'> => ({
  orderId: 'D1001',
  status: 'CREDITED',
  amount: 500,
  failureReason: null,
  ...meta(),
  ...over,
});

export const withdrawalResult = (over: Partial<ServerEventPayload<'withdrawal:result'>> = {}): ServerEventPayload<'withdrawal:result'> => ({
  withdrawalId: 'W2001',
  status: 'RECEIVED',
  amount: 300,
  rejectReason: null,
  ...meta(),
  ...over,
});

export const messageNew = (over: Partial<Message> = {}): ServerEventPayload<'message:new'> => ({ ...message(over), ...meta() });

export const unreadCountEvent = (unreadMessage: number): ServerEventPayload<'unread:count'> => ({ unreadMessage, ...meta() });
