import { describe, expect, it, vi } from 'vitest';
import type { ConnectionState } from '@machines/app/bus-bridge';
import type { ServerEventPayload } from '@shared/contract/socket';
import { createEventBus, type EventBus } from '@client/lib/event-bus';
import { createLazyEventBus } from '@client/lib/lazy-event-bus';
import { createFakeSocket } from '../../helpers/fake-bus';

const status = (eventId: number): ServerEventPayload<'system:status'> => ({ maintenance: true, eventId, at: '2026-01-02T03:04:05.000Z' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A lazy bus over a fake socket whose loading the test releases. */
const lazyBus = () => {
  const fake = createFakeSocket();
  let release: () => void = () => {};
  const load = vi.fn(() => new Promise<EventBus>((resolve) => (release = () => resolve(createEventBus(fake.socket)))));
  return { fake, load, bus: createLazyEventBus(load), release: () => release() };
};

describe('lazy event bus', () => {
  it('loads no socket client for streams alone: a guest who never logs in never fetches it', async () => {
    const { bus, load } = lazyBus();
    const states: ConnectionState[] = [];
    bus.connection$.subscribe((s) => states.push(s));
    bus.on$('system:status').subscribe();
    bus.disconnect();
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(states).toEqual(['offline']);
    expect(bus.lastEventId).toBe(0);
  });

  it('loads on connect, says connecting meanwhile, then connects and delivers to streams subscribed before the load', async () => {
    const { bus, fake, load, release } = lazyBus();
    const states: ConnectionState[] = [];
    const statuses: unknown[] = [];
    bus.connection$.subscribe((s) => states.push(s));
    bus.on$('system:status').subscribe((p) => statuses.push(p));

    bus.connect();
    expect(load).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['offline', 'connecting']);
    release();
    await settle();
    expect(fake.connectCalls).toBe(1);
    fake.restore();
    fake.serverEmit('system:status', status(7));

    expect(states.at(-1)).toBe('online');
    expect(statuses).toEqual([status(7)]);
    expect(bus.lastEventId).toBe(7);
  });

  it('does not open the socket when the session ends while the client loads', async () => {
    const { bus, fake, release } = lazyBus();
    const states: ConnectionState[] = [];
    bus.connection$.subscribe((s) => states.push(s));
    bus.connect();
    bus.disconnect();
    release();
    await settle();
    expect(fake.connectCalls).toBe(0);
    expect(states.at(-1)).toBe('offline');
  });

  it('goes back offline when the socket client fails to load, and tries again on the next connect', async () => {
    const fake = createFakeSocket();
    const load = vi.fn<() => Promise<EventBus>>().mockRejectedValueOnce(new Error('Loading chunk failed')).mockResolvedValue(createEventBus(fake.socket));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bus = createLazyEventBus(load);
    const states: ConnectionState[] = [];
    bus.connection$.subscribe((s) => states.push(s));

    bus.connect();
    await settle();
    expect(states.at(-1)).toBe('offline');
    bus.connect();
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(fake.connectCalls).toBe(1);
    warn.mockRestore();
  });

  it('streams subscribed after the load follow the loaded bus at once; one unsubscribed before the load gets nothing', async () => {
    const { bus, fake, release } = lazyBus();
    const early: unknown[] = [];
    bus.on$('system:status').subscribe((p) => early.push(p)).unsubscribe();
    bus.connect();
    release();
    await settle();
    fake.restore();
    const states: ConnectionState[] = [];
    const late: unknown[] = [];
    bus.connection$.subscribe((s) => states.push(s));
    bus.on$('system:status').subscribe((p) => late.push(p));
    fake.serverEmit('system:status', status(8));
    expect(states).toEqual(['online']);
    expect(late).toEqual([status(8)]);
    expect(early).toEqual([]);
  });
});
