import { ContractRecords } from '../components/contract-records';

/** agentHourSalary (AGENT-05, AGENT-16): the hourly salary contract and its settlement per hour. */
export default function ContractRecordsPage() {
  return <ContractRecords recordsKey="agentHourlySalary" />;
}
