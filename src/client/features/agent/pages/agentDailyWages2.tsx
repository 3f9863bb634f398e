import { ContractRecords } from '../components/contract-records';

/** agentDailyWages2 (AGENT-05, AGENT-16, AGENT-22): the daily salary contract and its settlement per day. */
export default function ContractRecordsPage() {
  return <ContractRecords recordsKey="agentDailyWages" />;
}
