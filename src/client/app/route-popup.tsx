import { useEffect } from 'react';
import { usePopups } from '@client/state/app-actor';

/** /login and /register show the home lobby with their popup open (SHELL-02, SHELL-03). */
export function RoutePopup({ kind }: { kind: 'loginPopupModal' | 'registerModal' }) {
  const popups = usePopups();
  useEffect(() => {
    popups.open(kind);
    return () => popups.close(kind);
  }, [kind, popups]);
  return null;
}
