import { useState } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FlowError } from '@machines/shared/flow-error';
import type { SmsCountdownMachine } from '@machines/shared/sms-countdown.machine';
import { selectCanRequestCode, selectIsRequesting, selectSecondsLeft, selectSmsError } from '@machines/shared/sms-countdown.selectors';
import { Modal } from './modal';

type CountdownSnapshot = SnapshotFrom<SmsCountdownMachine>;

const selectButton = (snapshot: CountdownSnapshot) => ({
  secondsLeft: selectSecondsLeft(snapshot),
  canRequest: selectCanRequestCode(snapshot),
  requesting: selectIsRequesting(snapshot),
});

/** ERR-17: a failed SMS request is a warning dialog with the server's message and a submit button. */
function SmsFailureDialog({ error, onClose }: { error: FlowError; onClose: () => void }) {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  return (
    <Modal
      title={t('auth:sms.failedTitle')}
      closeLabel={t('common:actions.close')}
      onClose={onClose}
      size="small"
      layer={60}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('auth:sms.submit')}
        </button>
      }
    >
      <div className="sms-failure" role="alert">
        <p>{t(`errors:${error.code}`)}</p>
        {error.message && <p className="sms-failure__server">{t('auth:sms.serverSaid', { message: error.message })}</p>}
      </div>
    </Modal>
  );
}

/**
 * The send-code button of an SMS form, driven by the flow's countdown child: disabled while a
 * request runs and until the countdown reaches zero (AUTH-30, AUTH-31).
 */
export function SmsCodeButton({ countdownRef, onRequest }: { countdownRef: ActorRefFrom<SmsCountdownMachine>; onRequest: () => void }) {
  const { t } = useTranslation('auth');
  const { secondsLeft, canRequest, requesting } = useSelector(countdownRef, selectButton, shallowEqual);
  const error = useSelector(countdownRef, selectSmsError);
  // The dialog is closed by the user; the next request brings a new error object.
  const [dismissed, setDismissed] = useState<FlowError | null>(null);
  const label = requesting ? t('sms.sending') : secondsLeft > 0 ? t('sms.resendIn', { seconds: secondsLeft }) : t('sms.send');
  return (
    <>
      <button type="button" className="button button--outline button--compact sms-code-button" disabled={!canRequest} aria-busy={requesting} onClick={onRequest}>
        {label}
      </button>
      {error && error !== dismissed && <SmsFailureDialog error={error} onClose={() => setDismissed(error)} />}
    </>
  );
}
