import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@shared/contract/wallet-payments';
import type { AppContext } from '../../app-context';
import { realAccount } from '../../auth/member-guards';
import type { AreaHandlers } from '../../http/register-contract';
import { mainBalance } from '../../services/ledger/ledger';
import { toCents, toMoney } from '../../services/ledger/money';
import { handleDepositWebhook, listDepositChannels, requestDeposit, verifyWebhookSignature } from '../../services/wallet/deposits';
import { paymentPasswordHash, setPaymentPassword } from '../../services/wallet/payment-password';
import { addBankAccount, listBankAccounts, removeBankAccount } from '../../services/wallet/bank-accounts';
import { confirmWithdrawal, readProofImage, requestWithdrawal } from '../../services/wallet/withdrawals';
import { claimRebate, rebateSummary } from '../../services/wallet/rebate';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

type PaymentKeys =
  | 'depositChannels'
  | 'depositRequest'
  | 'depositWebhook'
  | 'withdrawalSettings'
  | 'setPaymentPassword'
  | 'bankAccounts'
  | 'addBankAccount'
  | 'removeBankAccount'
  | 'withdrawalRequest'
  | 'withdrawalConfirm'
  | 'withdrawalProof'
  | 'rebateSummary'
  | 'claimRebate';

export const walletPaymentsHandlers = (ctx: AppContext): AreaHandlers<PaymentKeys> => ({
  depositChannels: async ({ member }) => {
    realAccount(member);
    return listDepositChannels(ctx.db);
  },
  depositRequest: async ({ member, body }) => requestDeposit(ctx.db, realAccount(member).id, body),
  depositWebhook: async ({ body, request }) => {
    verifyWebhookSignature(
      ctx.config.PAYMENT_WEBHOOK_SECRET,
      request.rawBody,
      header(request.headers[WEBHOOK_TIMESTAMP_HEADER]),
      header(request.headers[WEBHOOK_SIGNATURE_HEADER]),
    );
    return handleDepositWebhook(ctx, body);
  },
  withdrawalSettings: async ({ member }) => {
    const m = realAccount(member);
    const [hash, balance] = await Promise.all([paymentPasswordHash(ctx.db, m.id), mainBalance(ctx.db, m.id)]);
    return {
      minAmount: toMoney(toCents(ctx.config.WITHDRAWAL_MIN_AMOUNT)),
      maxAmount: toMoney(toCents(ctx.config.WITHDRAWAL_MAX_AMOUNT)),
      autoReceiveMinutes: ctx.config.WITHDRAWAL_AUTO_RECEIVE_MINUTES,
      paymentPasswordSet: hash !== null,
      withdrawableBalance: toMoney(balance),
    };
  },
  setPaymentPassword: async ({ member, body }) => {
    await setPaymentPassword(ctx, realAccount(member).id, body);
    return { paymentPasswordSet: true as const };
  },
  bankAccounts: async ({ member }) => listBankAccounts(ctx.db, realAccount(member).id),
  addBankAccount: async ({ member, body }) => addBankAccount(ctx.db, realAccount(member).id, body),
  removeBankAccount: async ({ member, query }) => removeBankAccount(ctx.db, realAccount(member).id, query.bankAccountId),
  withdrawalRequest: async ({ member, body }) => requestWithdrawal(ctx, realAccount(member).id, body),
  withdrawalConfirm: async ({ member, body }) => confirmWithdrawal(ctx, realAccount(member).id, body),
  withdrawalProof: async ({ member, query }) => readProofImage(ctx, query.proofId, realAccount(member).id),
  rebateSummary: async ({ member }) => rebateSummary(ctx, realAccount(member).id),
  claimRebate: async ({ member, body }) => claimRebate(ctx, realAccount(member).id, body.requestId),
});
