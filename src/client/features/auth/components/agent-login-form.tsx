import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginInput } from '@machines/auth/login.types';
import { createLoginLogic } from '../auth.actors';
import { LoginProvider } from '../auth.context';
import { readRememberedLogin } from '../remember-me';
import { useFlowDeps } from '@client/state/flow-deps';
import { LoginFlow } from './login-flow';
import { usePermission } from '@client/state/app-actor';
import { actorOptions } from '@client/lib/actor-inspection';

const stayOnPage = () => {};

/**
 * The /agent login form (slot `agentLoginForm`, AGENT-01..AGENT-03): agents only, a non-agent is
 * refused with NOT_AGENT (ERR-05), success goes to /agentHome.
 */
export function AgentLoginForm() {
  const { t } = useTranslation('auth');
  const permission = usePermission();
  const deps = useFlowDeps(stayOnPage);
  const [logic] = useState(() => createLoginLogic(deps));
  const [input] = useState<LoginInput>(() => ({
    site: 'agent',
    smsLoginEnabled: false,
    remembered: readRememberedLogin(),
    passwordRule: permission?.registrationFieldRules.password,
  }));
  return (
    <LoginProvider logic={logic} options={{ ...actorOptions, input }}>
      <LoginFlow submitLabel={t('agent.submit')} close={stayOnPage} successPath="/agentHome" />
    </LoginProvider>
  );
}
