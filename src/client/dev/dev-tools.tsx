import { createRoot } from 'react-dom/client';
import type { InspectionEvent } from 'xstate';
import { setActorInspector } from '@client/lib/actor-inspection';
import { createInspector } from './inspector';
import { RecorderPanel } from './recorder-panel';
import { createSessionRecorder } from './session-recorder';
import './dev-tools.css';

/**
 * The development build's tools, installed before the app creates its first actor (main.tsx
 * imports this only when `import.meta.env.DEV`, so a production build has none of it): the
 * session recorder and the Stately inspector hear every actor through `actorOptions`, and the
 * recorder's panel sits in a root of its own beside the app.
 */
export const installDevTools = (): void => {
  const recorder = createSessionRecorder({
    storage: window.sessionStorage,
    url: () => `${window.location.pathname}${window.location.search}`,
    now: () => performance.now(),
    reload: () => window.location.reload(),
    viewport: () => ({ width: window.innerWidth, height: window.innerHeight }),
    host: window as unknown as Record<string, unknown>,
  });
  const inspector = createInspector();
  setActorInspector((event: InspectionEvent) => {
    recorder.inspect(event);
    inspector.inspect.next?.(event);
  });
  const container = document.createElement('div');
  container.id = 'dev-tools';
  document.body.append(container);
  createRoot(container).render(<RecorderPanel recorder={recorder} inspector={inspector} />);
};
