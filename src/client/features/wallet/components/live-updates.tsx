import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { waitFor } from 'xstate';
import type { BusStreams } from '@machines/app/bus-bridge';
import { useApi } from '@client/app/api-context';
import { updatePublicState } from '@client/app/stores/public-state';
import { provideSessionControls } from '@client/app/stores/session-controls';
import { useSessionInfo } from '@client/app/stores/session-info';
import { liveCacheLogic } from '../live-cache';
import { createBalanceLogic, createUnreadCountLogic } from '../wallet.actors';

function LiveAccount({ bus, trial }: { bus: BusStreams; trial: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const balanceLogic = useMemo(() => createBalanceLogic(api), [api]);
  const unreadLogic = useMemo(() => createUnreadCountLogic(api), [api]);
  const balance = useActorRef(balanceLogic, { input: { bus } });
  useActorRef(unreadLogic, { input: { bus, trial } });
  useActorRef(liveCacheLogic, { input: { bus, queryClient } });

  // Hands the header its refresh action (WALLET-03) for as long as this session's balance lives.
  useEffect(() => {
    provideSessionControls({
      refreshBalance: async () => {
        balance.send({ type: 'balance.refresh' });
        await waitFor(balance, (snapshot) => !snapshot.hasTag('loading'));
      },
    });
    return () => {
      provideSessionControls({ refreshBalance: null });
      updatePublicState({ balance: null, unreadMessage: 0 });
    };
  }, [balance]);
  return null;
}

/**
 * The `liveUpdates` mount (SHELL-24, beside the socket listener): while a session lives, the
 * header balance and the unread count follow the bus, and cached pages stay current.
 */
export function LiveUpdates({ bus }: { bus: BusStreams }) {
  const { member, status } = useSessionInfo();
  if (!member) return null;
  return <LiveAccount key={member.id} bus={bus} trial={status === 'trial'} />;
}
