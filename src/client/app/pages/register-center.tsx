import RegisterCenterPage, { type RegistrationFormComponent } from '@client/features/agent/pages/registerCenter';
import { actorOptions } from '@client/lib/actor-inspection';
import { RegisterForm } from '@client/features/registration/components/register-form';
import { RegistrationProvider } from '@client/features/registration/registration.context';

/** The player registration's form on the register center's flow; the agent is the upline, so no invitation code. */
const AgentRegistrationForm: RegistrationFormComponent = ({ logic, input }) => (
  <RegistrationProvider logic={logic} options={{ ...actorOptions, input }}>
    <RegisterForm affiliateCode={null} hiddenFields={['affiliateCode']} />
  </RegistrationProvider>
);

/** registerCenter (AGENT-09): the agent area's page with the registration area's form, composed here. */
export default function RegisterCenter() {
  return <RegisterCenterPage registrationForm={AgentRegistrationForm} />;
}
