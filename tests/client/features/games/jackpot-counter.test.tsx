import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '@client/state/api';
import { JackpotCounter } from '@client/features/games/components/jackpot-counter';
import { jackpotValueAfter } from '@client/features/games/jackpot';
import { initI18n } from '@client/lib/i18n';
import { createFakeApi, type FakeHandlers } from '../../../helpers/fake-api';

const JACKPOT = { value: 8_888_888.88, increment: 165.11, intervalMs: 3000, at: '2026-11-22T10:00:00.000Z' };

/** Lets the fake API answer and React Query hand the answer over, on fake time. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(1));

const renderCounter = async (jackpot: FakeHandlers['jackpot'] = () => JACKPOT) => {
  const api = createFakeApi({ jackpot });
  const view = render(
    <ApiProvider api={api}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <JackpotCounter />
      </QueryClientProvider>
    </ApiProvider>,
  );
  for (let i = 0; i < 5 && !screen.queryByTestId('jackpot-value'); i += 1) await settle();
  return view;
};

const shown = () => screen.getByTestId('jackpot-value').textContent;

beforeEach(async () => {
  await initI18n({ lng: 'cimode' });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:01.000Z'));
});

afterEach(() => vi.useRealTimers());

describe('jackpot counter', () => {
  it('[LOBBY-14] starts from the value of the jackpot call and adds 165.11 after 3 s', async () => {
    await renderCounter();
    expect(shown()).toBe('8,888,888.88');
    await act(() => vi.advanceTimersByTimeAsync(2990));
    expect(shown()).toBe('8,888,888.88');
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(shown()).toBe('8,889,053.99');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(shown()).toBe('8,889,219.10');
  });

  it('[LOBBY-14] counts from the elapsed time, so ten minutes are exactly 200 steps', async () => {
    await renderCounter();
    await act(() => vi.advanceTimersByTimeAsync(600_000));
    expect(shown()).toBe('8,921,910.88');
    expect(jackpotValueAfter(JACKPOT, 600_000)).toBe(8_921_910.88);
    expect(jackpotValueAfter(JACKPOT, -50)).toBe(8_888_888.88);
  });

  it('[LOBBY-15] draws every digit in a rolling cell of height 94', async () => {
    const { container } = await renderCounter();
    const cells = [...container.querySelectorAll<HTMLElement>('.jackpot__cell')];
    expect(cells.map((c) => c.dataset.digit).join('')).toBe('888888888');
    for (const cell of cells) expect(cell.style.height).toBe('94px');
    // The strip inside rolls to the digit: digit d sits d cells up.
    expect((cells[0]!.firstElementChild as HTMLElement).style.transform).toBe('translateY(-752px)');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    const after = [...container.querySelectorAll<HTMLElement>('.jackpot__cell')];
    expect(after.map((c) => c.dataset.digit).join('')).toBe('888905399');
    expect((after.at(-1)!.firstElementChild as HTMLElement).style.transform).toBe('translateY(-846px)');
  });

  it('[LOBBY-14] draws the sign while the jackpot loads, its row of cells as tall as the digits, so the board below stays put', async () => {
    const { container } = await renderCounter(() => new Promise(() => {}));
    const sign = screen.getByRole('region', { name: 'games:home.jackpot.title' });
    expect(sign).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('jackpot-value')).not.toBeInTheDocument();
    expect(container.querySelectorAll('.jackpot__cell')).toHaveLength(0);
    expect(container.querySelector<HTMLElement>('.jackpot__digits')!.style.minHeight).toBe('94px');
  });

  it('[LOBBY-14] a jackpot that cannot be read takes no room', async () => {
    const { container } = await renderCounter(() => Promise.reject(new Error('jackpot down')));
    for (let i = 0; i < 5 && container.querySelector('.jackpot'); i += 1) await settle();
    expect(container).toBeEmptyDOMElement();
  });
});
