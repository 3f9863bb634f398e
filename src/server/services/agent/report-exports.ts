import type { CsvExport } from '@shared/contract/agent';
import type { Db } from '../../db/create-db';
import type { Range } from '../records/records';
import { ALL_ROWS, csvExport, csvTime } from './csv';
import { agentIncome, teamBets, teamTransactions, userProfitLoss, type IncomeType, type TeamBetsFilters, type TransactionsFilters } from './reports';
import type { ScopeFilters } from './team-query';

/** The four reports as CSV files: the same queries as their pages, every row, then a totals line. */

type Rows<F extends (...args: never[]) => Promise<{ list: unknown[] }>> = Awaited<ReturnType<F>>['list'][number];

export const teamBetsCsv = async (db: Db, agentId: number, filters: TeamBetsFilters, range: Range, offset: number): Promise<CsvExport> => {
  const page = await teamBets(db, agentId, filters, range, ALL_ROWS);
  return csvExport<Rows<typeof teamBets>>(
    'team-bets',
    range,
    offset,
    [
      { header: 'Account', cell: (r) => r.account },
      { header: 'Level', cell: (r) => r.level },
      { header: 'Bet ID', cell: (r) => r.betId },
      { header: 'Vendor', cell: (r) => r.vendor },
      { header: 'Game', cell: (r) => r.gameName },
      { header: 'Stake', cell: (r) => r.stake },
      { header: 'Payout', cell: (r) => r.payout },
      { header: 'Profit/loss', cell: (r) => r.profitLoss },
      { header: 'Status', cell: (r) => r.status },
      { header: 'Placed at', cell: (r) => csvTime(r.placedAt, offset) },
      { header: 'Settled at', cell: (r) => csvTime(r.settledAt, offset) },
    ],
    page,
    ['Total', '', '', '', '', page.totalStake, page.totalPayout, page.totalProfitLoss, '', '', ''],
  );
};

export const userProfitLossCsv = async (db: Db, agentId: number, filters: ScopeFilters, range: Range, offset: number): Promise<CsvExport> => {
  const page = await userProfitLoss(db, agentId, filters, range, ALL_ROWS);
  const t = page.totals;
  return csvExport<Rows<typeof userProfitLoss>>(
    'user-profit-loss',
    range,
    offset,
    [
      { header: 'Account', cell: (r) => r.account },
      { header: 'Level', cell: (r) => r.level },
      { header: 'Bets', cell: (r) => r.betCount },
      { header: 'Valid bets', cell: (r) => r.validBets },
      { header: 'Payout', cell: (r) => r.payout },
      { header: 'Profit/loss', cell: (r) => r.profitLoss },
      { header: 'Deposits', cell: (r) => r.deposits },
      { header: 'Withdrawals', cell: (r) => r.withdrawals },
    ],
    page,
    [`Total (${t.members} members)`, '', t.betCount, t.validBets, t.payout, t.profitLoss, t.deposits, t.withdrawals],
  );
};

export const incomeCsv = async (db: Db, agentId: number, types: readonly IncomeType[], range: Range, offset: number): Promise<CsvExport> => {
  const page = await agentIncome(db, agentId, types, range, ALL_ROWS);
  return csvExport<Rows<typeof agentIncome>>(
    'my-income',
    range,
    offset,
    [
      { header: 'Time', cell: (r) => csvTime(r.time, offset) },
      { header: 'Type', cell: (r) => r.type },
      { header: 'Counterparty', cell: (r) => r.counterparty },
      { header: 'Amount', cell: (r) => r.amount },
      { header: 'Balance after', cell: (r) => r.balanceAfter },
      { header: 'Remark', cell: (r) => r.remark },
    ],
    page,
    ['Total', '', '', page.net, '', `in ${page.totalIn}, out ${page.totalOut}`],
  );
};

export const transactionsCsv = async (db: Db, agentId: number, filters: TransactionsFilters, range: Range, offset: number): Promise<CsvExport> => {
  const page = await teamTransactions(db, agentId, filters, range, ALL_ROWS);
  return csvExport<Rows<typeof teamTransactions>>(
    'account-details',
    range,
    offset,
    [
      { header: 'Time', cell: (r) => csvTime(r.time, offset) },
      { header: 'Account', cell: (r) => r.account },
      { header: 'Level', cell: (r) => r.level },
      { header: 'Type', cell: (r) => r.type },
      { header: 'Wallet', cell: (r) => r.wallet },
      { header: 'Amount', cell: (r) => r.amount },
      { header: 'Balance after', cell: (r) => r.balanceAfter },
      { header: 'Remark', cell: (r) => r.remark },
    ],
    page,
    ['Total', '', '', '', '', page.net, '', `in ${page.totalIn}, out ${page.totalOut}`],
  );
};
