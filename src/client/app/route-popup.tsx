import { useEffect } from 'react';
import { closePopup, openPopup } from './stores/popups';

/** /login and /register show the home lobby with their popup open (SHELL-02, SHELL-03). */
export function RoutePopup({ kind }: { kind: 'loginPopupModal' | 'registerModal' }) {
  useEffect(() => {
    openPopup(kind);
    return () => closePopup(kind);
  }, [kind]);
  return null;
}
