import { firstValueFrom, take, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from '@client/lib/event-bus';
import type { ConnectionState } from '@machines/app/bus-bridge';
import type { ServerEventPayload } from '@shared/contract/socket';
import { createFakeSocket } from '../../helpers/fake-bus';

const status = (eventId: number, maintenance = false): ServerEventPayload<'system:status'> => ({
  maintenance,
  eventId,
  at: '2026-01-02T03:04:05.000Z',
});

const revoked = (eventId: number): ServerEventPayload<'session:revoked'> => ({ reason: 'operator', eventId, at: '2026-01-02T03:04:05.000Z' });

const collect = <T>(source: { subscribe: (fn: (v: T) => void) => { unsubscribe(): void } }) => {
  const seen: T[] = [];
  const sub = source.subscribe((v) => seen.push(v));
  return { seen, stop: () => sub.unsubscribe() };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('client event bus', () => {
  it('delivers a payload that matches the contract and drops one that does not', () => {
    const fake = createFakeSocket();
    const onInvalidEvent = vi.fn();
    const bus = createEventBus(fake.socket, { onInvalidEvent });
    const statuses = collect(bus.on$('system:status'));

    fake.serverEmit('system:status', { ...status(1), maintenance: 'yes' });
    fake.serverEmit('system:status', { eventId: 2 });
    fake.serverEmit('system:status', status(3, true));

    expect(statuses.seen).toEqual([status(3, true)]);
    expect(onInvalidEvent).toHaveBeenCalledTimes(2);
    expect(onInvalidEvent).toHaveBeenCalledWith('system:status', expect.any(Array));
  });

  it('delivers an event id once, but every transient (id 0) event', () => {
    const fake = createFakeSocket();
    const bus = createEventBus(fake.socket);
    const revocations = collect(bus.on$('session:revoked'));
    const statuses = collect(bus.on$('system:status'));

    fake.serverEmit('session:revoked', revoked(41));
    fake.serverEmit('session:revoked', revoked(41));
    fake.serverEmit('system:status', status(0));
    fake.serverEmit('system:status', status(0, true));

    expect(revocations.seen).toEqual([revoked(41)]);
    expect(statuses.seen).toEqual([status(0), status(0, true)]);
    expect(bus.lastEventId).toBe(41);
  });

  it('shares one socket listener per event and removes it when the last subscriber leaves', () => {
    const fake = createFakeSocket();
    const bus = createEventBus(fake.socket);
    const a = collect(bus.on$('system:status'));
    const b = collect(bus.on$('system:status'));
    expect(fake.listenerCount('system:status')).toBe(1);

    fake.serverEmit('system:status', status(5));
    expect(a.seen).toEqual([status(5)]);
    expect(b.seen).toEqual([status(5)]);

    a.stop();
    expect(fake.listenerCount('system:status')).toBe(1);
    b.stop();
    expect(fake.listenerCount('system:status')).toBe(0);
  });

  it('after a reconnect replays missed events in order, holds live ones until then, and signals resynced$', async () => {
    const fake = createFakeSocket();
    const onInvalidEvent = vi.fn();
    const bus = createEventBus(fake.socket, { onInvalidEvent });
    const statuses = collect(bus.on$('system:status'));
    const revocations = collect(bus.on$('session:revoked'));
    const resynced = collect(bus.resynced$);

    bus.connect();
    fake.restore();
    fake.serverEmit('system:status', status(10));
    fake.drop();

    const firstPage = { release: () => {} };
    const pages = [
      [
        { name: 'system:status', payload: status(11, true) },
        { name: 'system:status', payload: { broken: true } },
        { name: 'session:revoked', payload: revoked(12) },
      ],
      [
        { name: 'constructor', payload: { eventId: 13, at: '2026-01-02T03:04:05.000Z' } },
        { name: 'system:status', payload: status(13) },
      ],
      [],
    ];
    fake.answerAcks(async () => {
      const page = pages.shift();
      if (page?.length === 3) await new Promise<void>((resolve) => (firstPage.release = resolve));
      return { ok: true, data: page };
    });

    fake.restore();
    // A live event arrives while the first page is still on its way.
    fake.serverEmit('system:status', status(14));
    fake.serverEmit('system:status', status(13));
    expect(statuses.seen).toEqual([status(10)]);

    await settle();
    firstPage.release();
    await settle();

    expect(fake.acked.map((a) => a.args[0])).toEqual([10, 12, 13]);
    expect(statuses.seen).toEqual([status(10), status(11, true), status(13), status(14)]);
    expect(revocations.seen).toEqual([revoked(12)]);
    // One after the first connect, one after the reconnect.
    expect(resynced.seen).toHaveLength(2);
    expect(onInvalidEvent).toHaveBeenCalledTimes(1);
    expect(bus.lastEventId).toBe(14);
  });

  it('still signals resynced$ when recovery gets no answer, so views re-fetch anyway', async () => {
    const fake = createFakeSocket();
    const bus = createEventBus(fake.socket, { ackTimeoutMs: 5 });
    const statuses = collect(bus.on$('system:status'));
    // The first connect's, then the reconnect's.
    const resynced = firstValueFrom(bus.resynced$.pipe(take(2), toArray()));

    bus.connect();
    fake.restore();
    fake.serverEmit('system:status', status(3));
    fake.drop();
    fake.answerAcks(() => Promise.reject(new Error('operation has timed out')));
    fake.restore();
    fake.serverEmit('system:status', status(4));

    await resynced;
    expect(statuses.seen).toEqual([status(3), status(4)]);
  });

  it('asks for no missed events on the first connection of a session, but signals resynced$: reads made before the socket joined may have missed a push', async () => {
    const fake = createFakeSocket();
    const bus = createEventBus(fake.socket);
    const resynced = collect(bus.resynced$);
    bus.connect();
    fake.restore();
    await settle();
    expect(fake.acked).toEqual([]);
    expect(resynced.seen).toHaveLength(1);
  });

  it('reports connecting, online, reconnecting and offline on connection$', async () => {
    const fake = createFakeSocket();
    const bus = createEventBus(fake.socket);
    const states = firstValueFrom(bus.connection$.pipe(take(6), toArray()));

    bus.connect();
    expect(fake.connectCalls).toBe(1);
    fake.restore();
    fake.drop();
    fake.restore();
    bus.disconnect();

    expect(await states).toEqual<ConnectionState[]>(['offline', 'connecting', 'online', 'connecting', 'online', 'offline']);
  });

  it('goes offline and signals unauthorized$ when the server refuses the token', async () => {
    const fake = createFakeSocket();
    const bus = createEventBus(fake.socket);
    const states = collect(bus.connection$);
    const unauthorized = collect(bus.unauthorized$);

    bus.connect();
    fake.refuse('UNAUTHORIZED');

    expect(states.seen).toEqual(['offline', 'connecting', 'offline']);
    expect(unauthorized.seen).toHaveLength(1);
  });

  it('answers an acknowledged emit that times out with code TIMEOUT', async () => {
    const fake = createFakeSocket();
    const bus = createEventBus(fake.socket);
    fake.answerAcks(() => Promise.reject(new Error('operation has timed out')));
    expect(await bus.emitWithAck('events:since', 0)).toEqual({ ok: false, code: 'TIMEOUT' });

    fake.answerAcks(() => ({ ok: true, data: [] }));
    expect(await bus.emitWithAck('events:since', 0)).toEqual({ ok: true, data: [] });
  });
});
