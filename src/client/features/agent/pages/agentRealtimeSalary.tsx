import { ContractPageNotice } from '../components/contract-page-notice';

/** agentRealtimeSalary (AGENT-05, AGENT-06): its records screen comes with the contracts' client; until then it says it is not available yet. */
export default ContractPageNotice;
