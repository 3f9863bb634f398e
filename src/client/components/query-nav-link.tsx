import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/**
 * A navigation link that is current only when both path and query match its target. NavLink compares
 * paths alone, so every `/member?page=…` or `/rng?vassalage=…` link would be marked current at once.
 */
export function QueryNavLink({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const current = `${pathname}${search}` === to;
  return (
    <Link to={to} className={clsx(className, current && 'active')} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}
