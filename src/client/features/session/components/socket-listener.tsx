import { useActorRef } from '@xstate/react';
import { serverMachineEventType } from '@machines/app/bus-bridge';
import type { AppApi } from '@client/app/api';
import { applySystemStatus } from '@client/app/stores/system-store';
import { showToast } from '@client/app/stores/toasts';
import { i18next } from '@client/lib/i18n';
import type { EventBus } from '@client/lib/event-bus';
import { useAppActor } from '../session.context';
import { socketListenerLogic } from '../socket-listener';

/** A pushed status change carries only the site-wide flag; this visitor's own status is re-read. */
const refreshSystemStatus = async (api: AppApi): Promise<void> => {
  try {
    applySystemStatus((await api.call('systemStatus')).status);
  } catch {
    // The status stays as it was; the next push or page load reads it again.
  }
};

/**
 * The `socketListener` slot (SHELL-24): mounted only while logged in, it keeps the event bus
 * connected for the session, signs the user out when the server revokes the session, and applies
 * pushed system status changes.
 */
export function SocketListener({ bus, api }: { bus: EventBus; api: AppApi }) {
  const app = useAppActor();
  useActorRef(socketListenerLogic, {
    input: {
      bus,
      onSessionRevoked: (payload) => {
        // The user's own logout needs no notice; any other end of the session does.
        if (payload.reason !== 'logout') showToast(i18next.t('errors:SESSION_EXPIRED'), 'warning');
        app.send({ type: serverMachineEventType('session:revoked'), payload });
      },
      onSystemStatusChanged: () => void refreshSystemStatus(api),
    },
  });
  return null;
}
