import { useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { OperatorLoginRequest } from '@shared/contract/operator';
import { toErrorCode, type ApiErrorCode } from '@shared/contract/errors';
import { BrandLogo } from '@client/components/brand-logo';
import { paths } from '@client/config/paths';
import { ThemeToggle } from '@client/components/theme-toggle';
import { useOpsApi } from '../ops-api';
import { startOpsSession, useOpsSession } from '../ops-session';
import { Field, OpsError } from './ops-ui';

/** Refusals with an operator-specific wording: which factor was wrong is not told; a lock says how it ends. */
const LOGIN_ERRORS = ['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED'] as const;
const isLoginError = (code: ApiErrorCode): code is (typeof LOGIN_ERRORS)[number] => (LOGIN_ERRORS as readonly ApiErrorCode[]).includes(code);

/** The operator sign-in: username, password and authenticator code, its own page with no part of the player site. */
export function OpsLogin() {
  const { t } = useTranslation(['operator', 'common']);
  const api = useOpsApi();
  const navigate = useNavigate();
  const { endedBy } = useOpsSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<ApiErrorCode | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const credentials = OperatorLoginRequest.safeParse({ username, password, code });
    setMissing(!credentials.success);
    setError(null);
    if (!credentials.success) return;
    setBusy(true);
    try {
      const session = await api.call('operatorLogin', { body: credentials.data });
      startOpsSession(session);
      navigate(paths.ops.getHref(), { replace: true });
    } catch (failure) {
      setError(toErrorCode(failure));
      setBusy(false);
    }
  };

  return (
    <div className="ops-login">
      <div className="ops-login__top">
        <ThemeToggle />
      </div>
      <form className="ops-login__card card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="ops-login-title">
        <BrandLogo className="ops-login__logo" />
        <div className="ops-login__heading">
          <ShieldCheck aria-hidden size={22} />
          <h1 id="ops-login-title">{t('operator:login.title')}</h1>
        </div>
        <p className="ops-login__lead">{t('operator:login.lead')}</p>
        {endedBy === 'expired' && !error && <p className="ops-alert ops-alert--info">{t('operator:login.expired')}</p>}
        <Field label={t('operator:login.username')}>
          {(control) => (
            <input {...control} className="ops-input" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
          )}
        </Field>
        <Field label={t('operator:login.password')}>
          {(control) => (
            <input {...control} className="ops-input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
        <Field label={t('operator:login.code')} hint={t('operator:login.codeHint')}>
          {(control) => (
            <input
              {...control}
              className="ops-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          )}
        </Field>
        {missing && (
          <p className="ops-alert ops-alert--error" role="alert">
            {t('operator:login.missing')}
          </p>
        )}
        {error &&
          (isLoginError(error) ? (
            <p className="ops-alert ops-alert--error" role="alert">
              {t(`operator:login.errors.${error}`)}
            </p>
          ) : (
            <OpsError code={error} />
          ))}
        <button type="submit" className="button button--primary ops-login__submit" disabled={busy} aria-busy={busy}>
          {t('operator:login.submit')}
        </button>
      </form>
    </div>
  );
}
