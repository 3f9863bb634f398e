import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { format } from 'date-fns';
import '../agent.css';

/** The menu clock refreshes every second (AGENT-08, spec section 9). */
export const CLOCK_REFRESH_MS = 1000;

/** The viewer's offset from UTC, as GMT+7 or GMT-3:30 (AGENT-08). */
export const gmtOffsetLabel = (date: Date = new Date()): string => {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `GMT${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
};

// One ticker for every clock on the page, running only while a clock is shown.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let now = Date.now();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, CLOCK_REFRESH_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
};
const readNow = () => now;

/** The time now, from the one ticker, re-rendering every second while shown (clocks and countdowns). */
export const useNow = (): number => useSyncExternalStore(subscribe, readNow);

/** The agent menu's time zone and a clock that ticks every second, as yyyy-MM-dd HH:mm:ss. */
export function AgentClock() {
  const { t } = useTranslation('agent');
  const time = new Date(useNow());
  return (
    <p className="agent-clock">
      <span className="agent-clock__zone">{gmtOffsetLabel(time)}</span>
      <time className="agent-clock__time" dateTime={time.toISOString()} aria-label={t('menu.clock')}>
        {format(time, 'yyyy-MM-dd HH:mm:ss')}
      </time>
    </p>
  );
}
