import { Component, Suspense, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/** A screen chunk that has not loaded in this time counts as failed (spec section 9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Vite dispatches this on window when a chunk's script or CSS preload fails. */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError';

export type ChunkFailure = 'error' | 'timeout' | 'preload';

/** 'Loading chunk failed' (SHELL-51): the screen's script or style chunk errored or timed out. */
export class ChunkLoadError extends Error {
  constructor(
    readonly failure: ChunkFailure,
    options?: { cause?: unknown },
  ) {
    super('Loading chunk failed', options);
    this.name = 'ChunkLoadError';
  }
}

type ScreenModule<P> = { default: ComponentType<P> };

/**
 * One load attempt: settles with the module, or fails on an import error, on a preload error
 * reported while it runs (a style chunk, even when someone else prevented Vite's default), or on timeout.
 */
const loadAttempt = <P,>(load: () => Promise<ScreenModule<P>>, timeoutMs: number): Promise<ScreenModule<P>> =>
  new Promise((resolve, reject) => {
    let settled = false;
    // A signal rather than removeEventListener: a load may settle after its page has gone (a test's
    // window is torn down with its methods), and the controller still stops the listening then.
    const listening = new AbortController();
    const finish = () => {
      settled = true;
      clearTimeout(timer);
      listening.abort();
    };
    const fail = (error: ChunkLoadError) => {
      if (settled) return;
      finish();
      reject(error);
    };
    const onPreloadError = (event: Event) => fail(new ChunkLoadError('preload', { cause: (event as Event & { payload?: unknown }).payload }));
    const timer = setTimeout(() => fail(new ChunkLoadError('timeout')), timeoutMs);
    window.addEventListener(PRELOAD_ERROR_EVENT, onPreloadError, { signal: listening.signal });
    load().then(
      (module) => {
        if (settled) return;
        finish();
        resolve(module);
      },
      (error: unknown) => fail(error instanceof ChunkLoadError ? error : new ChunkLoadError('error', { cause: error })),
    );
  });

export interface ChunkFallbacks {
  loading: ReactNode;
  failed: (retry: () => void) => ReactNode;
}

interface ChunkBoundaryProps {
  fallbacks: ChunkFallbacks;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches only chunk failures; any other error goes on to the route's error boundary. */
class ChunkBoundary extends Component<ChunkBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof ChunkLoadError) console.warn(`screen chunk failed (${error.failure})`, error.cause, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof ChunkLoadError) return this.props.fallbacks.failed(this.props.onRetry);
    throw error;
  }
}

export interface LazyScreenOptions {
  timeoutMs?: number;
  fallbacks: ChunkFallbacks;
}

/** A code-split screen: a component, plus `preload` to fetch its chunk before it is shown. */
export type LazyScreen<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A code-split screen that shows `fallbacks.loading` while its chunk loads and
 * `fallbacks.failed(retry)` when it fails; retry imports the chunk again. The chunk is loaded once
 * for every mount; once it is in, a new mount renders at once. The element tree is the same
 * before and after the chunk arrives, so a mounted screen keeps its state.
 */
export const lazyScreen = <P extends object>(load: () => Promise<ScreenModule<P>>, options: LazyScreenOptions): LazyScreen<P> => {
  const timeoutMs = options.timeoutMs ?? CHUNK_LOAD_TIMEOUT_MS;
  let pending: Promise<void> | null = null;
  let loaded: ScreenModule<P> | null = null;
  let failure: unknown = null;
  const fetchChunk = (): Promise<void> =>
    (pending ??= loadAttempt(load, timeoutMs).then(
      (module) => {
        loaded = module;
      },
      (error: unknown) => {
        failure = error;
      },
    ));

  function Loaded(props: P) {
    if (failure !== null) throw failure;
    // Suspends (Suspense's promise protocol) until the chunk is in; its rendering then resumes here.
    if (!loaded) throw fetchChunk();
    const { default: Screen } = loaded;
    return <Screen {...props} />;
  }

  function LazyScreen(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      // The failed attempt is forgotten, so the chunk is imported again.
      failure = null;
      pending = null;
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkBoundary key={attempt} fallbacks={options.fallbacks} onRetry={retry}>
        <Suspense fallback={options.fallbacks.loading}>
          <Loaded {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  return Object.assign(LazyScreen, { preload: fetchChunk });
};
