import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ModalKind, ShownModal } from '@machines/app/popup-queue.types';
import { Modal } from '@client/components/modal';
import { NotBuilt } from '@client/components/not-built';
import { isAgentViewPath, isOpsPath, paths } from '@client/config/paths';
import { useGameLaunchRef, useOpenModals, usePopupQueueRef, type PopupContentProps } from '@client/state/app-actor';

const SIZES: Partial<Record<ModalKind, 'small' | 'medium' | 'large'>> = {
  helpModal: 'large',
  gamePopup: 'large',
  vendorGames: 'large',
  chatRoom: 'large',
  publicModal: 'large',
  noticeModal: 'large',
};

/** Popups opened by their own route: closing them leaves that route for home. */
const ROUTE_OF_POPUP: Partial<Record<ModalKind, string>> = {
  loginPopupModal: paths.login.path,
  registerModal: paths.register.path,
};

/** The content of each modal kind, or null while it is not built (app/router.tsx). */
export type PopupContentTable = { [K in ModalKind]: ComponentType<PopupContentProps<K>> | null };

function PopupFrame({ modal, layer, contents }: { modal: ShownModal; layer: number; contents: PopupContentTable }) {
  const { t } = useTranslation(['shell', 'common']);
  const location = useLocation();
  const navigate = useNavigate();
  const queue = usePopupQueueRef();
  const launcher = useGameLaunchRef();
  const close = () => {
    // Queued announcements are closed in the queue, which sets their session flag (MSG-09).
    if (modal.queued) queue.send({ type: 'popup.close', id: modal.queued.id });
    else queue.send({ type: 'modal.close', kind: modal.kind });
    // The game popup's frame closes the game it shows.
    if (modal.kind === 'gamePopup') launcher.send({ type: 'game.close' });
    const route = ROUTE_OF_POPUP[modal.kind];
    if (route && location.pathname.toLowerCase() === route.toLowerCase()) navigate(paths.root.getHref(), { replace: true });
  };
  const Content = contents[modal.kind] as ComponentType<PopupContentProps<ModalKind>> | null;
  return (
    <Modal title={t(`shell:popups.${modal.kind}`)} closeLabel={t('common:actions.close')} onClose={close} size={SIZES[modal.kind] ?? 'medium'} layer={layer}>
      {/* data-queued: a popup that opened by itself is shown once its content is in (components.css). */}
      <div className="popup-mount" data-popup={modal.kind} data-queued={modal.queued ? '' : undefined}>
        {Content ? <Content payload={modal.payload} close={close} queued={modal.queued} /> : <NotBuilt />}
      </div>
    </Modal>
  );
}

/**
 * Renders the open popups (SHELL-23), each in the shared modal frame, the newest on top. The site's
 * announcements that open by themselves (MSG-08) wait on the agent view and the operator console, which
 * show only themselves (SHELL-18): they open once the visitor is on the site.
 */
export function PopupHost({ contents }: { contents: PopupContentTable }) {
  const { pathname } = useLocation();
  const siteView = !isAgentViewPath(pathname) && !isOpsPath(pathname);
  const modals = useOpenModals().filter((modal) => siteView || !modal.queued);
  return (
    <>
      {modals.map((modal, layer) => (
        <PopupFrame key={modal.kind} modal={modal} layer={layer} contents={contents} />
      ))}
    </>
  );
}
