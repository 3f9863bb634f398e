import clsx from 'clsx';

/** Drawn digits as lottery balls; each digit keeps its colour everywhere. */
export function LotteryBalls({ numbers, size = 'normal', label }: { numbers: readonly string[]; size?: 'normal' | 'small'; label: string }) {
  return (
    <span className={clsx('lottery-balls', size === 'small' && 'lottery-balls--small')} role="img" aria-label={label}>
      {numbers.map((n, i) => (
        <span key={i} className="lottery-ball" data-digit={n} aria-hidden>
          {n}
        </span>
      ))}
    </span>
  );
}
