import type { WhitelabelFlag } from '@shared/contract/system';

export interface ModuleSeed {
  modId: string;
  enabled: boolean;
  children?: ModuleSeed[];
}

const flag = (modId: WhitelabelFlag, enabled = true): ModuleSeed => ({ modId, enabled });

/**
 * The whitelabel module tree. A flag is on only while its module and every ancestor are enabled,
 * so an operator can switch a whole group (all registration, say) off at its parent.
 */
export const WHITELABEL_TREE: ModuleSeed[] = [
  {
    modId: 'REGISTRATION',
    enabled: true,
    children: [
      flag('USERNAMEREG3'),
      { ...flag('MOBILENUMREG3'), children: [flag('MOBILENUMPASSREG3')] },
      flag('REGMOBVERF3'),
    ],
  },
  { modId: 'LOGIN', enabled: true, children: [flag('SMSLOGIN3'), flag('FREEPLAY3')] },
  { modId: 'PASSWORD', enabled: true, children: [flag('CHNGPASSVERIF3'), flag('CHNGPASSMAIL3'), flag('FORCECHNGPASS3')] },
  { modId: 'AGENT', enabled: true, children: [flag('AGENTPOLICY3')] },
];
