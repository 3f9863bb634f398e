import { useEffect, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen as appScreen } from '@client/app/screen';
import { initI18n } from '@client/lib/i18n';
import { CHUNK_LOAD_TIMEOUT_MS, PRELOAD_ERROR_EVENT } from '@client/lib/lazy-screen';
import { ErrorBoundaryProbe } from './error-boundary-probe';

function Promotions() {
  return <h1>Promotions screen</h1>;
}
const loaded = { default: Promotions };

/** An import() whose outcome the test decides. */
const controlledImport = () => {
  const attempts: { resolve: (m: typeof loaded) => void; reject: (e: unknown) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<typeof loaded>((resolve, reject) => {
        attempts.push({ resolve, reject });
      }),
  );
  return { load, attempts };
};

beforeAll(() => initI18n({ lng: 'en' }));
beforeEach(() => {
  // React and the boundary report each caught failure; the assertions look at the page instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('screen chunks', () => {
  it('[SHELL-51] shows a loader, then the screen once its chunk has loaded', async () => {
    const { load, attempts } = controlledImport();
    const Screen = appScreen(load);
    render(<Screen />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    await act(async () => attempts[0]!.resolve(loaded));
    expect(await screen.findByRole('heading', { name: 'Promotions screen' })).toBeInTheDocument();
  });

  it('[SHELL-51] a chunk that errors shows "Loading chunk failed", and Retry imports it again', async () => {
    const { load, attempts } = controlledImport();
    const Screen = appScreen(load);
    render(<Screen />);
    await act(async () => attempts[0]!.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByText('Loading chunk failed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => attempts[1]!.resolve(loaded));
    expect(await screen.findByRole('heading', { name: 'Promotions screen' })).toBeInTheDocument();
    expect(screen.queryByText('Loading chunk failed')).not.toBeInTheDocument();
  });

  it('[SHELL-51] a chunk that has not loaded within 120000 ms fails', async () => {
    vi.useFakeTimers();
    const { load } = controlledImport();
    const Screen = appScreen(load);
    render(<Screen />);
    await act(async () => vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1));
    expect(screen.queryByText('Loading chunk failed')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByText('Loading chunk failed')).toBeInTheDocument();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('[SHELL-51] a style chunk that fails to preload (vite:preloadError) fails the screen too', async () => {
    const { load, attempts } = controlledImport();
    const Screen = appScreen(load);
    render(<Screen />);
    await act(async () => {
      const event = Object.assign(new Event(PRELOAD_ERROR_EVENT, { cancelable: true }), { payload: new Error('Unable to preload CSS for /assets/promotions.css') });
      // Someone else prevented Vite's default, so the import itself would still resolve.
      event.preventDefault();
      window.dispatchEvent(event);
      attempts[0]!.resolve(loaded);
    });
    expect(await screen.findByText('Loading chunk failed')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Promotions screen' })).not.toBeInTheDocument();
  });

  it('a chunk that fails after its page has gone (a torn-down test window) still settles, with no stray error', async () => {
    const { load, attempts } = controlledImport();
    const Screen = appScreen(load);
    const preloaded = Screen.preload();
    // What a test environment's teardown does to the window a late import settles on (CI, stop 35).
    vi.stubGlobal('removeEventListener', undefined);
    attempts[0]!.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(preloaded).resolves.toBeUndefined();
  });

  it('[SHELL-51] a screen that throws for another reason is left to the route error boundary', async () => {
    function Broken(): never {
      throw new Error('render bug');
    }
    const Screen = appScreen(async () => ({ default: Broken }));
    const caught = vi.fn();
    render(
      <ErrorBoundaryProbe onError={caught}>
        <Screen />
      </ErrorBoundaryProbe>,
    );
    await vi.waitFor(() => expect(caught).toHaveBeenCalledWith(expect.objectContaining({ message: 'render bug' })));
    expect(screen.queryByText('Loading chunk failed')).not.toBeInTheDocument();
  });
});

describe('a screen whose chunk resolves while it is mounted', () => {
  /** A screen with state of its own (as a popup's running flow has), counting its mounts. */
  const mounts = { count: 0 };
  function Counter() {
    const [clicks, setClicks] = useState(0);
    useEffect(() => {
      mounts.count += 1;
    }, []);
    return (
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        clicked {clicks}
      </button>
    );
  }

  it('keeps its element tree: it is mounted once and keeps its state, when re-rendered and when another mount of it starts', async () => {
    mounts.count = 0;
    const { load, attempts } = controlledImport();
    const Screen = appScreen(load as unknown as () => Promise<{ default: typeof Counter }>);
    const user = userEvent.setup();
    const { rerender } = render(
      <div>
        <Screen />
      </div>,
    );
    await act(async () => attempts[0]!.resolve({ default: Counter } as unknown as typeof loaded));
    await user.click(await screen.findByRole('button', { name: 'clicked 0' }));
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeInTheDocument();
    // The parent renders again, now beside a second mount started after the chunk is in.
    rerender(
      <div>
        <Screen />
        <Screen />
      </div>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['clicked 1', 'clicked 0']);
    expect(mounts.count).toBe(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload fetches the chunk once, and a screen mounted after it renders at once', async () => {
    const { load, attempts } = controlledImport();
    const Screen = appScreen(load);
    const preloaded = Screen.preload();
    await act(async () => attempts[0]!.resolve(loaded));
    await preloaded;
    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Promotions screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
