import clsx from 'clsx';

export type StatusTone = 'success' | 'danger' | 'pending' | 'neutral';

/** A record's status as a coloured tag. */
export function StatusTag({ tone, label }: { tone: StatusTone; label: string }) {
  return <span className={clsx('status-tag', `status-tag--${tone}`)}>{label}</span>;
}
