import { BONUS_ENTRY_TYPES } from '@shared/contract/records';
import type { AppContext } from '../../app-context';
import { realAccount } from '../../auth/member-guards';
import type { AreaHandlers } from '../../http/register-contract';
import {
  accountRecord,
  bettingRecord,
  creditRecord,
  depositRecord,
  profitLoss,
  rangeOf,
  withdrawalRecord,
} from '../../services/records/records';

type RecordKeys = 'accountRecord' | 'bettingRecord' | 'profitLoss' | 'depositRecord' | 'withdrawalRecord' | 'bonusDetails' | 'manualRebateRecord';

export const recordsHandlers = (ctx: AppContext): AreaHandlers<RecordKeys> => ({
  accountRecord: async ({ member, query }) => accountRecord(ctx.db, realAccount(member).id, query, rangeOf(query)),
  bettingRecord: async ({ member, query }) => bettingRecord(ctx.db, realAccount(member).id, query, rangeOf(query)),
  profitLoss: async ({ member, query }) => profitLoss(ctx.db, realAccount(member).id, rangeOf(query)),
  depositRecord: async ({ member, query }) => depositRecord(ctx.db, realAccount(member).id, query, rangeOf(query)),
  withdrawalRecord: async ({ member, query }) => withdrawalRecord(ctx.db, realAccount(member).id, query, rangeOf(query)),
  bonusDetails: async ({ member, query }) =>
    creditRecord(ctx.db, realAccount(member).id, query.type ? [query.type] : BONUS_ENTRY_TYPES, query, rangeOf(query)),
  manualRebateRecord: async ({ member, query }) => creditRecord(ctx.db, realAccount(member).id, ['REBATE'], query, rangeOf(query)),
});
