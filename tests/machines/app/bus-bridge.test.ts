import { assign, createActor, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  connectionEvents,
  resyncEvents,
  serverMachineEventType,
  sessionRevokedEvents,
  systemStatusEvents,
  type BusInput,
  type ConnectionChangedEvent,
  type ServerMachineEvent,
} from '@machines/app/bus-bridge';
import { createFakeBus } from '../../helpers/fake-bus';

type ListenerEvent =
  | ServerMachineEvent<'system:status'>
  | ServerMachineEvent<'session:revoked'>
  | ConnectionChangedEvent
  | { type: 'server.busResynced' };

/** A machine that listens to the bus while `listening`, the way app machines invoke the bridge. */
const listener = setup({
  types: {
    context: {} as { bus: BusInput['bus']; log: string[] },
    input: {} as BusInput,
    events: {} as ListenerEvent | { type: 'listening.stop' },
  },
  actors: { systemStatusEvents, sessionRevokedEvents, connectionEvents, resyncEvents },
}).createMachine({
  context: ({ input }) => ({ bus: input.bus, log: [] }),
  initial: 'listening',
  states: {
    listening: {
      invoke: [
        { src: 'systemStatusEvents', input: ({ context }) => ({ bus: context.bus }) },
        { src: 'sessionRevokedEvents', input: ({ context }) => ({ bus: context.bus }) },
        { src: 'connectionEvents', input: ({ context }) => ({ bus: context.bus }) },
        { src: 'resyncEvents', input: ({ context }) => ({ bus: context.bus }) },
      ],
      on: {
        'server.systemStatus': { actions: assign({ log: ({ context, event }) => [...context.log, `maintenance=${event.payload.maintenance}`] }) },
        'server.sessionRevoked': { target: 'signedOut', actions: assign({ log: ({ context, event }) => [...context.log, `revoked:${event.payload.reason}`] }) },
        'server.connectionChanged': { actions: assign({ log: ({ context, event }) => [...context.log, event.state] }) },
        'server.busResynced': { actions: assign({ log: ({ context }) => [...context.log, 'resynced'] }) },
        'listening.stop': 'idle',
      },
    },
    idle: {},
    signedOut: { type: 'final' },
  },
});

const at = '2026-01-02T03:04:05.000Z';

describe('bus bridge', () => {
  it('names machine events server.<noun><Verb> after the wire name noun:verb', () => {
    expect(serverMachineEventType('system:status')).toBe('server.systemStatus');
    expect(serverMachineEventType('session:revoked')).toBe('server.sessionRevoked');
  });

  it('turns bus streams into events of the machine that invokes the bridge', () => {
    const bus = createFakeBus();
    const actor = createActor(listener, { input: { bus } }).start();
    try {
      bus.connection.next('online');
      bus.push('system:status', { maintenance: true, eventId: 0, at });
      bus.resynced.next();
      bus.push('session:revoked', { reason: 'operator', eventId: 0, at });

      expect(actor.getSnapshot().context.log).toEqual(['offline', 'online', 'maintenance=true', 'resynced', 'revoked:operator']);
      expect(actor.getSnapshot().status).toBe('done');
    } finally {
      actor.stop();
    }
  });

  it('stops listening when the invoking state is left', () => {
    const bus = createFakeBus();
    const actor = createActor(listener, { input: { bus } }).start();
    try {
      actor.send({ type: 'listening.stop' });
      bus.push('system:status', { maintenance: true, eventId: 0, at });
      bus.connection.next('online');
      expect(actor.getSnapshot().context.log).toEqual(['offline']);
      expect(bus.connection.observed).toBe(false);
    } finally {
      actor.stop();
    }
  });
});
