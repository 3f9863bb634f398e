import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePlayMachine } from '@machines/auth/free-play.machine';
import { RecorderPanel } from '@client/dev/recorder-panel';
import { createSessionRecorder } from '@client/dev/session-recorder';
import { parseRecordedSession, RECORDER_HOOK, RECORDING_FLAG, type SessionRecorderHook } from '@client/dev/session-format';
import { loginResult } from '../../machines/support/fixtures';

afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

/** jsdom's Blob has no text(): read as a browser of its age would. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

/** The recorder on this page, as the development build installs it, with the reload and the inspector watched. */
const openPage = () => {
  const reload = vi.fn();
  const host: Record<string, unknown> = {};
  const recorder = createSessionRecorder({
    storage: window.sessionStorage,
    url: () => '/promotions',
    now: () => performance.now(),
    reload,
    viewport: () => ({ width: 390, height: 844 }),
    host,
  });
  const inspector = { inspect: { next: vi.fn() }, open: vi.fn() };
  render(<RecorderPanel recorder={recorder} inspector={inspector} />);
  return { recorder, reload, host, inspector, panel: within(screen.getByRole('complementary', { name: 'Session recorder' })) };
};

/** The free demo started on the page, its actor inspected as every app actor is in development. */
const playFreeDemo = async (options: { inspect: (event: InspectionEvent) => void }) => {
  const freePlay = createActor(
    freePlayMachine.provide({
      actors: { solveBotCheck: fromPromise(async () => 'proof'), startFreePlay: fromPromise(async () => loginResult({}, 4)) },
      actions: { startSession: () => undefined, navigateTo: () => undefined },
    }),
    options,
  ).start();
  await act(async () => {
    freePlay.send({ type: 'freePlay.start' });
    await waitFor(freePlay, (snapshot) => snapshot.status === 'done');
  });
};

describe('the session recorder panel (development builds)', () => {
  it('switches recording on by reloading the page with the recording flag set, so the session starts at its first actor', async () => {
    const user = userEvent.setup();
    const { panel, reload, host } = openPage();
    await user.click(panel.getByRole('button', { name: 'Dev' }));
    expect(panel.getByRole('status')).toHaveTextContent('Not recording.');
    expect(panel.queryByRole('button', { name: 'Download session' })).not.toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Start recording' }));
    expect(window.sessionStorage.getItem(RECORDING_FLAG)).toBe('on');
    expect(reload).toHaveBeenCalledOnce();
    // Nothing is offered to a replay until the page records.
    expect(host[RECORDER_HOOK]).toBeUndefined();
  });

  it('records the machine events and states as the tester uses the site, then downloads them as a session file', async () => {
    window.sessionStorage.setItem(RECORDING_FLAG, 'on');
    const user = userEvent.setup();
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:session';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { panel, recorder, host } = openPage();
    expect(panel.getByRole('button', { name: '● REC' })).toBeVisible();
    await playFreeDemo({ inspect: recorder.inspect });
    expect(panel.getByRole('status')).toHaveTextContent('Recording since the page loaded: 4 steps.');
    // While it records, the replay reads the page's steps through the hook.
    expect((host[RECORDER_HOOK] as SessionRecorderHook).steps(2).map((step) => step.event.type)).toEqual([
      'xstate.done.actor.solveBotCheck',
      'xstate.done.actor.startFreePlay',
    ]);

    await user.click(panel.getByRole('button', { name: 'Stop recording' }));
    expect(window.sessionStorage.getItem(RECORDING_FLAG)).toBeNull();
    expect(host[RECORDER_HOOK]).toBeUndefined();
    expect(panel.getByRole('status')).toHaveTextContent('Recording stopped: 4 steps.');
    await user.click(panel.getByRole('button', { name: 'Download session' }));

    expect(clicked).toHaveBeenCalledOnce();
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^session-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/);
    const session = parseRecordedSession(await textOf(saved[0]!));
    expect(session).toMatchObject({ startUrl: '/promotions', viewport: { width: 390, height: 844 } });
    expect(session.steps.map((step) => [step.actor, step.source, step.event.type, step.state])).toEqual([
      ['freePlay#1', 'start', 'xstate.init', 'idle'],
      ['freePlay#1', 'user', 'freePlay.start', 'checkingBot'],
      ['freePlay#1', 'actor', 'xstate.done.actor.solveBotCheck', 'starting'],
      ['freePlay#1', 'actor', 'xstate.done.actor.startFreePlay', 'started'],
    ]);
  });

  it('records nothing while it is off', async () => {
    const { recorder } = openPage();
    await playFreeDemo({ inspect: recorder.inspect });
    expect(recorder.session().steps).toEqual([]);
  });

  it('opens the Stately inspector when the tester asks', async () => {
    const user = userEvent.setup();
    const { panel, inspector } = openPage();
    await user.click(panel.getByRole('button', { name: 'Dev' }));
    await user.click(panel.getByRole('button', { name: 'Open inspector' }));
    expect(inspector.open).toHaveBeenCalledOnce();
  });
});
