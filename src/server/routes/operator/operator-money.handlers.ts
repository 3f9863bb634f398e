import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { AppContext } from '../../app-context';
import type { AuthedOperator } from '../../auth/operator-sessions';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { operatorActor, writeAudit } from '../../services/audit';
import { recordBalanceEvents } from '../../services/ledger/balance-events';
import { HOLD_WALLET, ledgerOf, memberBalances } from '../../services/ledger/ledger';
import { toCents, toMoney } from '../../services/ledger/money';
import { publishAnnouncement, toBanner, toOpsAnnouncement } from '../../services/messages/announcements';
import { sendMessage } from '../../services/messages/messages';
import { depositOrders, resolveDeposit, toDepositOrder } from '../../services/wallet/deposits';
import { formatAmount, orderIdOf } from '../../services/wallet/orders';
import { operateWithdrawal, readProofImage, toWithdrawalOrders, type OperatorWithdrawalAction, type WithdrawalRow } from '../../services/wallet/withdrawals';
import { subWallets } from '../../services/wallet/wallets';
import { visitorOf } from '../../http/visitor';
import { withEvents } from '../../socket/realtime';

type OperatorMoneyKeys =
  | 'opsDeposits'
  | 'opsApproveDeposit'
  | 'opsRejectDeposit'
  | 'opsWithdrawals'
  | 'opsApproveWithdrawal'
  | 'opsRejectWithdrawal'
  | 'opsDisburseWithdrawal'
  | 'opsWithdrawalProof'
  | 'opsMemberWallet'
  | 'opsAdjustBalance'
  | 'opsLedgerSummary'
  | 'opsAnnouncements'
  | 'opsPublishAnnouncement'
  | 'opsWithdrawAnnouncement'
  | 'opsPublishBanner'
  | 'opsRemoveBanner'
  | 'opsSendMessage';

const paged = <T>(list: T[], total: number, pageNo: number, pageSize: number) => ({
  list,
  pageNum: pageNo,
  totalPages: Math.ceil(total / pageSize),
  total,
});

const memberByAccount = async (db: Db, account: string) => {
  const row = await db.selectFrom('members').select(['id', 'account']).where('account', '=', account).executeTakeFirst();
  if (!row) throw new ApiError('USER_NOT_FOUND', `No member ${account}`);
  return row;
};

const opsDepositById = async (db: Db, id: number) => {
  const row = await depositOrders(db)
    .innerJoin('members', 'members.id', 'deposit_orders.member_id')
    .select('members.account')
    .where('deposit_orders.id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...toDepositOrder(row), memberId: row.member_id, account: row.account };
};

const toOpsWithdrawals = async (db: Db, rows: WithdrawalRow[]) => {
  const orders = await toWithdrawalOrders(db, rows);
  const accounts = rows.length
    ? new Map(
        (await db.selectFrom('members').select(['id', 'account']).where('id', 'in', [...new Set(rows.map((r) => r.member_id))]).execute()).map((m) => [
          m.id,
          m.account,
        ]),
      )
    : new Map<number, string>();
  return orders.map((order, i) => {
    const row = rows[i]!;
    return { ...order, memberId: row.member_id, account: accounts.get(row.member_id) ?? '', accountNo: row.account_no };
  });
};

/** Operator money and publishing calls; each change writes its audit row in its own transaction. */
export const operatorMoneyHandlers = (ctx: AppContext): AreaHandlers<OperatorMoneyKeys> => {
  const who = (operator: AuthedOperator | null, request: FastifyRequest) => {
    if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    return operatorActor(operator, visitorOf(request, ctx.config).ip);
  };

  const withdrawalStep = async (operator: AuthedOperator | null, request: FastifyRequest, withdrawalId: string, action: OperatorWithdrawalAction) => {
    const actor = who(operator, request);
    const row = await withEvents(ctx, async (trx, record) => {
      const updated = await operateWithdrawal(ctx, trx, record, withdrawalId, action);
      await writeAudit(trx, { ...actor, action: `withdrawal.${action.kind}`, detail: { withdrawalId: updated.id, amount: updated.amount, ...action } });
      return updated;
    });
    return (await toOpsWithdrawals(ctx.db, [row]))[0]!;
  };

  const depositStep = async (
    operator: AuthedOperator | null,
    request: FastifyRequest,
    orderId: string,
    outcome: { status: 'CREDITED'; note?: string | undefined } | { status: 'FAILED'; reason: string },
  ) => {
    const actor = who(operator, request);
    const id = orderIdOf(orderId, 'deposit order');
    await withEvents(ctx, async (trx, record) => {
      const order = await resolveDeposit(trx, record, ledgerOf(ctx), { orderId: id, outcome, resolvedBy: `operator:${actor.actorId}` });
      await writeAudit(trx, {
        ...actor,
        action: outcome.status === 'CREDITED' ? 'deposit.approve' : 'deposit.reject',
        detail: { orderId: order.id, memberId: order.member_id, amount: order.amount, ...outcome },
      });
    });
    return opsDepositById(ctx.db, id);
  };

  return {
    opsDeposits: async ({ query }) => {
      let base = depositOrders(ctx.db).innerJoin('members', 'members.id', 'deposit_orders.member_id');
      if (query.status) base = base.where('deposit_orders.status', '=', query.status);
      if (query.account) base = base.where('members.account', '=', query.account);
      const [{ total }, rows] = await Promise.all([
        base.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        base
          .select('members.account')
          .orderBy('deposit_orders.id', 'desc')
          .limit(query.pageSize)
          .offset((query.pageNo - 1) * query.pageSize)
          .execute(),
      ]);
      return paged(
        rows.map((r) => ({ ...toDepositOrder(r), memberId: r.member_id, account: r.account })),
        Number(total),
        query.pageNo,
        query.pageSize,
      );
    },
    opsApproveDeposit: async ({ operator, request, body }) => depositStep(operator, request, body.orderId, { status: 'CREDITED', note: body.note }),
    opsRejectDeposit: async ({ operator, request, body }) => depositStep(operator, request, body.orderId, { status: 'FAILED', reason: body.reason }),

    opsWithdrawals: async ({ query }) => {
      let base = ctx.db.selectFrom('withdrawal_orders').innerJoin('members', 'members.id', 'withdrawal_orders.member_id');
      if (query.status) base = base.where('withdrawal_orders.status', '=', query.status);
      if (query.account) base = base.where('members.account', '=', query.account);
      const [{ total }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        base
          .selectAll('withdrawal_orders')
          .orderBy('withdrawal_orders.id', 'desc')
          .limit(query.pageSize)
          .offset((query.pageNo - 1) * query.pageSize)
          .execute(),
      ]);
      return paged(await toOpsWithdrawals(ctx.db, rows), Number(total), query.pageNo, query.pageSize);
    },
    opsApproveWithdrawal: async ({ operator, request, body }) => withdrawalStep(operator, request, body.withdrawalId, { kind: 'approve' }),
    opsRejectWithdrawal: async ({ operator, request, body }) => withdrawalStep(operator, request, body.withdrawalId, { kind: 'reject', reason: body.reason }),
    opsDisburseWithdrawal: async ({ operator, request, body }) =>
      withdrawalStep(operator, request, body.withdrawalId, { kind: 'disburse', payoutReference: body.payoutReference ?? null }),
    opsWithdrawalProof: async ({ query }) => readProofImage(ctx, query.proofId),

    opsMemberWallet: async ({ query }) => {
      const member = await memberByAccount(ctx.db, query.account);
      const balances = await memberBalances(ctx.db, member.id);
      return {
        memberId: member.id,
        account: member.account,
        mainBalance: toMoney(balances.get(MAIN_WALLET) ?? 0),
        heldBalance: toMoney(balances.get(HOLD_WALLET) ?? 0),
        wallets: subWallets(ctx.config).map((wallet) => ({ wallet, balance: toMoney(balances.get(wallet) ?? 0) })),
      };
    },

    opsAdjustBalance: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      const member = await memberByAccount(ctx.db, body.account);
      const amount = toCents(body.amount);
      return withEvents(ctx, async (trx, record) => {
        const posted = await ledgerOf(ctx).post(trx, {
          entryType: 'OPERATOR_ADJUSTMENT',
          idempotencyKey: `adjustment:${body.requestId}`,
          reference: `operator:${actor.actorId}`,
          remark: body.reason,
          legs: [
            { account: { system: 'ADJUSTMENTS' }, amount: -amount },
            { account: { memberId: member.id, wallet: MAIN_WALLET }, amount },
          ],
        });
        const main = posted.postings.find((p) => p.memberId === member.id)!;
        if (!posted.replayed) {
          await recordBalanceEvents(trx, record, posted);
          await sendMessage(trx, record, { memberId: member.id, template: 'balance.adjusted', params: { amount: formatAmount(amount), reason: body.reason } });
          await writeAudit(trx, {
            ...actor,
            action: 'balance.adjust',
            detail: { memberId: member.id, account: member.account, amount, reason: body.reason, transactionId: posted.transactionId },
          });
        }
        return { transactionId: posted.transactionId, balance: toMoney(main.balanceAfter) };
      });
    },

    opsLedgerSummary: async () => {
      const [postings, transactions, members, systems] = await Promise.all([
        ctx.db.selectFrom('ledger_postings').select(sql<number>`coalesce(sum(amount), 0)`.as('sum')).executeTakeFirstOrThrow(),
        ctx.db.selectFrom('ledger_transactions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        ctx.db
          .selectFrom('ledger_accounts')
          .select(sql<number>`coalesce(sum(balance), 0)`.as('sum'))
          .where('member_id', 'is not', null)
          .executeTakeFirstOrThrow(),
        ctx.db
          .selectFrom('ledger_accounts')
          .select(['code', sql<number>`sum(balance)`.as('balance')])
          .where('member_id', 'is', null)
          .groupBy('code')
          .orderBy('code')
          .execute(),
      ]);
      return {
        postingSum: toMoney(Number(postings.sum)),
        transactionCount: Number(transactions.n),
        memberBalances: toMoney(Number(members.sum)),
        systemAccounts: systems.map((s) => ({ code: s.code, balance: toMoney(Number(s.balance)) })),
      };
    },

    opsAnnouncements: async () => {
      const rows = await ctx.db.selectFrom('announcements').selectAll().orderBy('id', 'desc').execute();
      return rows.map(toOpsAnnouncement);
    },
    opsPublishAnnouncement: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      const row = await withEvents(ctx, async (trx, record) => {
        const created = await publishAnnouncement(trx, record, body);
        await writeAudit(trx, { ...actor, action: 'announcement.publish', detail: { id: created.id, type: created.type, title: created.title } });
        return created;
      });
      return toOpsAnnouncement(row);
    },
    opsWithdrawAnnouncement: async ({ operator, request, query }) => {
      const actor = who(operator, request);
      return ctx.db.transaction().execute(async (trx) => {
        const row = await trx.updateTable('announcements').set({ active: false }).where('id', '=', query.id).returningAll().executeTakeFirst();
        if (!row) throw new ApiError('NOT_FOUND', `No announcement ${query.id}`);
        await writeAudit(trx, { ...actor, action: 'announcement.withdraw', detail: { id: row.id, title: row.title } });
        return toOpsAnnouncement(row);
      });
    },
    opsPublishBanner: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      return ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('banners')
          .values({ group_name: body.groupName, url: body.url, linkage_type: body.linkageType, link_target: body.linkTarget, title: body.title })
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, { ...actor, action: 'banner.publish', detail: { id: row.id, groupName: row.group_name, url: row.url } });
        return toBanner(row);
      });
    },
    opsRemoveBanner: async ({ operator, request, query }) => {
      const actor = who(operator, request);
      return ctx.db.transaction().execute(async (trx) => {
        const row = await trx.updateTable('banners').set({ active: false }).where('id', '=', query.id).where('active', '=', true).returningAll().executeTakeFirst();
        if (!row) throw new ApiError('NOT_FOUND', `No live banner ${query.id}`);
        await writeAudit(trx, { ...actor, action: 'banner.remove', detail: { id: row.id, groupName: row.group_name, url: row.url } });
        return toBanner(row);
      });
    },

    opsSendMessage: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      const accounts = [...new Set(body.accounts)];
      const members = await ctx.db.selectFrom('members').select(['id', 'account']).where('account', 'in', accounts).execute();
      const missing = accounts.filter((a) => !members.some((m) => m.account === a));
      if (missing.length) throw new ApiError('USER_NOT_FOUND', `No member ${missing.join(', ')}`, { missing });
      const sent = await withEvents(ctx, async (trx, record) => {
        const messages = [];
        for (const member of members) {
          const message = await sendMessage(trx, record, { memberId: member.id, type: body.type, title: body.title, content: body.content });
          messages.push({ ...message, account: member.account });
        }
        await writeAudit(trx, { ...actor, action: 'message.send', detail: { accounts, type: body.type, title: body.title } });
        return messages;
      });
      return { sent };
    },
  };
};
