import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Modal } from '@client/components/modal';
import { usePopupSlot } from '@client/app/slots';
import { closePopup, useOpenPopups, type OpenPopup, type PopupKind } from '@client/app/stores/popups';
import { LEGAL_LICENSE_ANCHOR } from '@client/config/menu';
import { paths } from '@client/config/paths';
import { GamePopup } from '@client/features/games/components/game-popup';
import { VendorGamesPopup } from '@client/features/games/components/vendor-games-popup';
import { HelpModalContent, LegalLicenseContent } from './help-modal-content';

const SIZES: Partial<Record<PopupKind, 'small' | 'medium' | 'large'>> = { helpModal: 'large', gamePopup: 'large', vendorGames: 'large', chatRoom: 'large', publicModal: 'large', noticeModal: 'large' };

/** Popups opened by their own route: closing them leaves that route for home. */
const ROUTE_OF_POPUP: Partial<Record<PopupKind, string>> = {
  loginPopupModal: paths.login.path,
  registerModal: paths.register.path,
};

/** What a popup shows until its feature fills the mount point `popup:<kind>`. */
const defaultContent = (popup: OpenPopup, close: () => void): ReactNode => {
  switch (popup.kind) {
    case 'helpModal':
      return <HelpModalContent payload={(popup as OpenPopup<'helpModal'>).payload} close={close} />;
    case 'legalLicense':
      return <LegalLicenseContent anchor={LEGAL_LICENSE_ANCHOR} />;
    case 'gamePopup':
      return <GamePopup />;
    case 'vendorGames':
      return <VendorGamesPopup payload={(popup as OpenPopup<'vendorGames'>).payload} close={close} />;
    default:
      return undefined;
  }
};

function PopupFrame({ popup, layer }: { popup: OpenPopup; layer: number }) {
  const { t } = useTranslation(['shell', 'common']);
  const location = useLocation();
  const navigate = useNavigate();
  const Content = usePopupSlot(popup.kind);
  const close = () => {
    closePopup(popup.kind);
    const route = ROUTE_OF_POPUP[popup.kind];
    if (route && location.pathname.toLowerCase() === route.toLowerCase()) navigate(paths.root.getHref(), { replace: true });
  };
  return (
    <Modal title={t(`shell:popups.${popup.kind}`)} closeLabel={t('common:actions.close')} onClose={close} size={SIZES[popup.kind] ?? 'medium'} layer={layer}>
      <div className="popup-mount" data-popup={popup.kind}>
        {Content ? <Content payload={popup.payload} close={close} /> : defaultContent(popup, close)}
      </div>
    </Modal>
  );
}

/** Renders the open popups (SHELL-23), each in the shared modal frame, the newest on top. */
export function PopupHost() {
  const popups = useOpenPopups();
  return (
    <>
      {popups.map((popup, layer) => (
        <PopupFrame key={popup.kind} popup={popup} layer={layer} />
      ))}
    </>
  );
}
