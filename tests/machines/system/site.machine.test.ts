import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { SystemStatusCode } from '@shared/contract/system';
import { siteMachine, type SiteConfig } from '@machines/system/site.machine';
import { selectPermission, selectSitePhase, selectSystemStatus } from '@machines/system/site.selectors';
import { makePermission } from '../../helpers/permission-fixture';
import { apiError, controlledActor } from '../support/fakes';

const start = () => {
  const loadSite = controlledActor<SiteConfig, void>();
  const loadStatus = controlledActor<SystemStatusCode, void>();
  const actor = createActor(siteMachine.provide({ actors: { loadSite: loadSite.logic, loadStatus: loadStatus.logic } })).start();
  return { actor, loadSite, loadStatus };
};

describe('site machine', () => {
  it('[SHELL-46] loads the configuration and status once at start', async () => {
    const { actor, loadSite } = start();
    try {
      expect(selectSitePhase(actor.getSnapshot())).toBe('loading');
      loadSite.resolve({ permission: makePermission({ merchantCode: 'M42' }), status: 1 });
      await waitFor(actor, (s) => selectSitePhase(s) === 'ready');
      expect(selectPermission(actor.getSnapshot())?.merchantCode).toBe('M42');
      expect(selectSystemStatus(actor.getSnapshot())).toBe(1);
      expect(loadSite.calls).toHaveLength(1);
    } finally {
      actor.stop();
    }
  });

  it('[ERR-18] a failed load waits for a retry, which loads again', async () => {
    const { actor, loadSite } = start();
    try {
      loadSite.reject(apiError('NETWORK'));
      await waitFor(actor, (s) => selectSitePhase(s) === 'failed');
      expect(actor.getSnapshot().context.error?.code).toBe('NETWORK');
      actor.send({ type: 'site.retry' });
      loadSite.resolve({ permission: makePermission(), status: 0 });
      await waitFor(actor, (s) => selectSitePhase(s) === 'ready');
      expect(loadSite.calls).toHaveLength(2);
    } finally {
      actor.stop();
    }
  });

  it('[SHELL-46] a pushed status change reads this visitor\'s status again; a failed read keeps the last one', async () => {
    const { actor, loadSite, loadStatus } = start();
    try {
      loadSite.resolve({ permission: makePermission(), status: 0 });
      await waitFor(actor, (s) => selectSitePhase(s) === 'ready');
      actor.send({ type: 'server.systemStatus', payload: { maintenance: true, eventId: 1, at: '2026-11-22T00:00:00.000Z' } });
      loadStatus.resolve(1);
      await waitFor(actor, (s) => selectSystemStatus(s) === 1);
      actor.send({ type: 'server.systemStatus', payload: { maintenance: false, eventId: 2, at: '2026-11-22T00:00:00.000Z' } });
      loadStatus.reject(apiError('NETWORK'));
      await waitFor(actor, (s) => s.matches({ ready: 'current' }));
      expect(selectSystemStatus(actor.getSnapshot())).toBe(1);
    } finally {
      actor.stop();
    }
  });
});
