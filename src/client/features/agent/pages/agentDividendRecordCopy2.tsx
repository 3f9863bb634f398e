import { ContractRecords } from '../components/contract-records';

/** agentDividendRecordCopy2 (AGENT-05, AGENT-15, AGENT-17): the dividend contract and its settlement per period. */
export default function ContractRecordsPage() {
  return <ContractRecords recordsKey="agentDividendRecords" />;
}
