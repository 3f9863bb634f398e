import type { ComponentType } from 'react';
import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/empty-state';
import { ScreenLoader } from '@client/components/spinner';
import { lazyScreen, type LazyScreen } from '@client/lib/lazy-screen';

function LoadingScreen() {
  const { t } = useTranslation('common');
  return <ScreenLoader label={t('loading')} />;
}

/** SHELL-51: what a screen shows when its chunk failed; Retry imports it again. */
export function ChunkFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <div className="chunk-failed">
      <EmptyState
        tone="warning"
        icon={RotateCcw}
        title={t('shell:chunk.failed')}
        text={t('shell:chunk.hint')}
        action={
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('common:actions.retry')}
          </button>
        }
      />
    </div>
  );
}

/** A route's screen as its own chunk, with the app's loading and failure views. */
export const screen = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> =>
  lazyScreen(load, { fallbacks: { loading: <LoadingScreen />, failed: (retry) => <ChunkFailed onRetry={retry} /> } });

/** A screen chunk whose component is a named export of its module: `lazyPage(() => import('x'), (m) => m.XPage)`. */
export const lazyPage = <M, P extends object = Record<string, never>>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyScreen<P> =>
  screen<P>(() => load().then((module) => ({ default: pick(module) })));
