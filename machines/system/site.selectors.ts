import type { SnapshotFrom } from 'xstate';
import type { Permission, SystemStatusCode } from '@shared/contract/system';
import type { FlowError } from '../shared/flow-error';
import type { SiteMachine } from './site.machine';

type Snapshot = SnapshotFrom<SiteMachine>;

export type SitePhase = 'loading' | 'ready' | 'failed';

export const selectSitePhase = (snapshot: Snapshot): SitePhase =>
  snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading';

export const selectPermission = (snapshot: Snapshot): Permission | null => snapshot.context.permission;

export const selectSystemStatus = (snapshot: Snapshot): SystemStatusCode => snapshot.context.status;

export const selectSiteError = (snapshot: Snapshot): FlowError | null => snapshot.context.error;

/** AGENTPOLICY3 (AUTH-18): the session loads consolidated funds under it. */
export const selectAgentPolicy = (snapshot: Snapshot): boolean => snapshot.context.permission?.flags.AGENTPOLICY3 === true;
