import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export interface ScreenHeaderProps {
  title: string;
  subtitle?: string;
  icon?: LucideIcon;
  actions?: ReactNode;
}

/** A screen's heading row: icon, level-1 title, optional subtitle and actions. */
export function ScreenHeader({ title, subtitle, icon: Icon, actions }: ScreenHeaderProps) {
  return (
    <div className="screen-header">
      {Icon && (
        <span className="screen-header__icon" aria-hidden>
          <Icon size={24} />
        </span>
      )}
      <div className="screen-header__text">
        <h1 className="screen-header__title">{title}</h1>
        {subtitle && <p className="screen-header__subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="screen-header__actions">{actions}</div>}
    </div>
  );
}
