import type { ReactNode } from 'react';
import { Inbox, type LucideIcon } from 'lucide-react';

export interface EmptyStateProps {
  title: string;
  text?: string;
  icon?: LucideIcon;
  action?: ReactNode;
  tone?: 'neutral' | 'warning';
}

/** What a screen shows when it has nothing to list, or the visitor must act first. */
export function EmptyState({ title, text, icon: Icon = Inbox, action, tone = 'neutral' }: EmptyStateProps) {
  return (
    <div className={`empty-state empty-state--${tone}`} role="status">
      <span className="empty-state__icon" aria-hidden>
        <Icon size={36} strokeWidth={1.5} />
      </span>
      <p className="empty-state__title">{title}</p>
      {text && <p className="empty-state__text">{text}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
