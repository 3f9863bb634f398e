import { useMemo, useRef, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DOWNLINE_KINDS, type DownlineKind, type DownlineMember } from '@shared/contract/agent';
import type { FieldRules } from '@shared/contract/system';
import type { RegistrationInput } from '@machines/registration/registration.types';
import type { registrationMachine } from '@machines/registration/registration.machine';
import { useApi } from '@client/state/api';
import { useApiQuery } from '@client/state/queries';
import { FormAlert } from '@client/components/form';
import { Spinner } from '@client/components/spinner';
import { agentPageHref } from '@client/config/paths';
import { QueryStates } from '@client/components/records/query-states';
import { createAgentRegistrationLogic } from '../agent-registration.actors';
import { usePermission } from '@client/state/app-actor';
import { ChoiceChips } from '../components/choice-chips';
import { ReferralCard } from '../components/referral-card';
import '../agent.css';

/** The register center's upline is the agent itself: the invitation-code field is left out and never required. */
const withoutInvitationCode = (rules: FieldRules): FieldRules => ({ ...rules, affiliateCode: { enabled: false, required: false } });

/**
 * The player registration's form, run on the flow given: the registration area's, which app/
 * composes into this page (features do not import each other). The invitation code is left out.
 */
export type RegistrationFormComponent = ComponentType<{ logic: typeof registrationMachine; input: RegistrationInput }>;

interface RegistrationProps {
  fieldRules: FieldRules;
  kind: DownlineKind;
  onRegistered: (member: DownlineMember) => void;
  form: RegistrationFormComponent;
}

function Registration({ fieldRules, kind, onRegistered, form: Form }: RegistrationProps) {
  const api = useApi();
  const permission = usePermission();
  const kindRef = useRef(kind);
  kindRef.current = kind;
  const [logic] = useState(() => createAgentRegistrationLogic({ api, accountKind: () => kindRef.current, onRegistered }));
  const [input] = useState<RegistrationInput>(() => ({
    // The register center registers by username (README, "The agent center").
    usernameRegistration: true,
    mobileRegistration: false,
    mobilePassword: false,
    smsVerification: permission?.flags.REGMOBVERF3 === true,
    fieldRules: withoutInvitationCode(fieldRules),
    referralCode: null,
    registerUrl: window.location.href,
    domain: window.location.hostname,
    // VAL-44: the agent confirms the new player's age as the player would.
    birthdayCheckAge: permission?.birthdayCheckAge,
  }));
  return <Form logic={logic} input={input} />;
}

function AgentReferral() {
  const { t } = useTranslation('agent');
  const referral = useApiQuery('agentReferral');
  return (
    <QueryStates query={referral}>
      {(data) => (
        <ReferralCard titleId="agent-referral-title" title={t('referral.agentTitle')} code={data.affiliateCode} link={data.link}>
          <p className="referral-card__stats">{t('referral.agentStats', { direct: data.directMembers, registered: data.registeredWithCode })}</p>
        </ReferralCard>
      )}
    </QueryStates>
  );
}

/** registerCenter (AGENT-09, AGENT-13): registers a direct member or a sub-agent with the player registration's rules, and the agent's referral link. */
export default function RegisterCenterPage({ registrationForm }: { registrationForm: RegistrationFormComponent }) {
  const { t } = useTranslation(['agent', 'registration']);
  const permission = usePermission();
  const queryClient = useQueryClient();
  const settings = useApiQuery('registerSettings');
  const [kind, setKind] = useState<DownlineKind>('MEMBER');
  const [registered, setRegistered] = useState<DownlineMember | null>(null);
  const [round, setRound] = useState(0);
  const onRegistered = useMemo(
    () => (member: DownlineMember) => {
      setRegistered(member);
      void queryClient.invalidateQueries({ queryKey: ['agentDownline'] });
      void queryClient.invalidateQueries({ queryKey: ['agentOverview'] });
      void queryClient.invalidateQueries({ queryKey: ['agentReferral'] });
    },
    [queryClient],
  );
  const fieldRules = settings.data ?? permission?.registrationFieldRules;
  return (
    <div className="agent-page register-center">
      <section className="agent-card" aria-labelledby="register-center-title">
        <h3 id="register-center-title" className="agent-card__title">
          <UserPlus aria-hidden size={18} />
          {t('agent:register.title')}
        </h3>
        {registered ? (
          <div className="register-center__done">
            <FormAlert tone="info">{t(`agent:register.done.${registered.kind}`, { account: registered.account })}</FormAlert>
            <div className="register-center__actions">
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  setRegistered(null);
                  setRound((r) => r + 1);
                }}
              >
                {t('agent:register.another')}
              </button>
              <Link to={agentPageHref('downlineManagmentView')} className="button button--outline">
                {t('agent:register.toDownline')}
              </Link>
            </div>
          </div>
        ) : (
          <>
            <ChoiceChips label={t('agent:register.kind')} options={DOWNLINE_KINDS} value={kind} optionLabel={(k) => t(`agent:register.kinds.${k}`)} onChange={setKind} />
            {settings.isPending ? (
              <Spinner label={t('registration:loading')} />
            ) : fieldRules ? (
              <Registration key={round} fieldRules={fieldRules} kind={kind} onRegistered={onRegistered} form={registrationForm} />
            ) : null}
          </>
        )}
      </section>
      <AgentReferral />
    </div>
  );
}
