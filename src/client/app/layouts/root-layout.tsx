import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { GameLaunchProvider } from '@client/features/games/game-launch.context';
import { PopupHost } from '@client/features/shell/components/popup-host';
import { Toaster } from '@client/features/shell/components/toaster';
import { Slot } from '../slots';
import { hasSession, useSessionInfo } from '../stores/session-info';

/** SHELL-16: after each navigation, scroll to the element named by the hash, else to the top. */
function ScrollOnNavigate() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else window.scrollTo(0, 0);
  }, [pathname, search, hash]);
  return null;
}

/** SHELL-24: the contract popup and the socket listener live only while a session does. */
function SessionMounts() {
  const session = useSessionInfo();
  if (!hasSession(session)) return null;
  return (
    <>
      <Slot name="contractPopup" />
      <Slot name="socketListener" />
      <Slot name="liveUpdates" />
    </>
  );
}

/** Around every route: scrolling, the game launcher, popups, notifications and the logged-in mounts. */
export function RootLayout() {
  return (
    <GameLaunchProvider>
      <ScrollOnNavigate />
      <Outlet />
      <PopupHost />
      <SessionMounts />
      <Slot name="sessionGate" />
      <Toaster />
    </GameLaunchProvider>
  );
}
