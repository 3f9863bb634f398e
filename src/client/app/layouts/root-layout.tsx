import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { selectIsModalOpen } from '@machines/app/popup-queue.selectors';
import { selectIsPasswordChangeRequired } from '@machines/auth/session.selectors';
import { selectPopupOpen } from '@machines/contracts/contract-popup.selectors';
import { Modal } from '@client/components/modal';
import { paths } from '@client/config/paths';
import { PopupHost } from '@client/app/shell/popup-host';
import { Toaster } from '@client/app/shell/toaster';
import { useContractPopupRef, usePopupQueueRef, useSessionSelector, type ContractPopupRef } from '@client/state/app-actor';
import type { PopupContents } from '../router';

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

/**
 * Where a gate's texts are still loading: nothing yet. Without it the gate would suspend up to the app's
 * outermost boundary, and the whole page would give way to the splash until its namespace came in.
 */
function TextsLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * What the session demands before anything else (AUTH-07, AUTH-08): while it waits for a new
 * password, the forced change opens by itself and cannot be dismissed. A login popup or the
 * /agent form in view shows the change themselves.
 */
function SessionGate({ form }: { form: ComponentType }) {
  const required = useSessionSelector(selectIsPasswordChangeRequired);
  const loginPopupOpen = useSelector(usePopupQueueRef(), (snapshot) => selectIsModalOpen(snapshot, 'loginPopupModal'));
  const onAgentLogin = useLocation().pathname.toLowerCase() === paths.agent.path.toLowerCase();
  if (!required || loginPopupOpen || onAgentLogin) return null;
  return (
    <TextsLoading>
      <ForcedPasswordChangeModal form={form} />
    </TextsLoading>
  );
}

/** Its own component, so the auth texts load when the change is demanded, not with every page. */
function ForcedPasswordChangeModal({ form: Form }: { form: ComponentType }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Modal title={t('auth:passwordChange.forcedTitle')} closeLabel={t('common:actions.close')} size="small" layer={40}>
      <Form />
    </Modal>
  );
}

/**
 * The contract popup (SHELL-24, AGENT-20): on screen while the live machine's contract popup asks
 * the member to answer a contract, whatever the route; closing it asks again at the next login or
 * the next offer. Its content is its own chunk.
 */
function ContractGate({ content }: { content: ComponentType<{ popup: ContractPopupRef }> }) {
  const popup = useContractPopupRef();
  const open = useSelector(popup, (snapshot) => (snapshot ? selectPopupOpen(snapshot) : false));
  if (!popup || !open) return null;
  return (
    <TextsLoading>
      <ContractModal popup={popup} content={content} />
    </TextsLoading>
  );
}

/** Its own component, so the agent texts load when a contract waits for an answer, not with every page. */
function ContractModal({ popup, content: Content }: { popup: ContractPopupRef; content: ComponentType<{ popup: ContractPopupRef }> }) {
  const { t } = useTranslation(['agent', 'common']);
  return (
    <Modal title={t('agent:contracts.popup.title')} closeLabel={t('common:actions.close')} onClose={() => popup.send({ type: 'popup.dismiss' })} size="medium" layer={30}>
      <Content popup={popup} />
    </Modal>
  );
}

/** Around every route: scrolling, the popups, the session's demands and notifications. */
export function RootLayout({
  popups,
  forcedPasswordChange,
  contractPopup,
}: {
  popups: PopupContents;
  forcedPasswordChange: ComponentType;
  contractPopup: ComponentType<{ popup: ContractPopupRef }>;
}) {
  return (
    <>
      <ScrollOnNavigate />
      <Outlet />
      <PopupHost contents={popups} />
      <ContractGate content={contractPopup} />
      <SessionGate form={forcedPasswordChange} />
      <Toaster />
    </>
  );
}
