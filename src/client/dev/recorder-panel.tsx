import { useState, useSyncExternalStore } from 'react';
import type { Inspector } from './inspector';
import type { SessionRecorder } from './session-recorder';

/** Saves the recorded session as a JSON file, named by when it began. */
const download = (recorder: SessionRecorder) => {
  const session = recorder.session();
  const url = URL.createObjectURL(new Blob([JSON.stringify(session, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `session-${session.recordedAt.replace(/[:.]/g, '-')}.json`;
  link.click();
  URL.revokeObjectURL(url);
};

/**
 * The testers' panel of development builds (never in a production build, so its words are not in
 * the locales): record a session and download it for `npm run replay -- --file`, and open the
 * Stately inspector.
 */
export const RecorderPanel = ({ recorder, inspector }: { recorder: SessionRecorder; inspector: Inspector }) => {
  const status = useSyncExternalStore(recorder.subscribe, recorder.status);
  const steps = useSyncExternalStore(recorder.subscribe, recorder.stepCount);
  const [open, setOpen] = useState(status !== 'off');
  return (
    <aside className="dev-panel" aria-label="Session recorder" data-status={status}>
      <button type="button" className="dev-panel__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {status === 'recording' ? '● REC' : 'Dev'}
      </button>
      {open && (
        <div className="dev-panel__body">
          <p className="dev-panel__status" role="status">
            {status === 'off' && 'Not recording.'}
            {status === 'recording' && `Recording since the page loaded: ${steps} steps.`}
            {status === 'stopped' && `Recording stopped: ${steps} steps.`}
          </p>
          {status === 'recording' ? (
            <button type="button" onClick={recorder.stop}>
              Stop recording
            </button>
          ) : (
            <button type="button" onClick={recorder.start} title="Reloads the page and records from its first state">
              {status === 'stopped' ? 'Record again' : 'Start recording'}
            </button>
          )}
          {status === 'stopped' && (
            <button type="button" onClick={() => download(recorder)}>
              Download session
            </button>
          )}
          <button type="button" onClick={inspector.open}>
            Open inspector
          </button>
        </div>
      )}
    </aside>
  );
};
