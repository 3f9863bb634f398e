import { useNavigate } from 'react-router-dom';
import type { FlowDeps } from '@client/lib/account-flows';
import { useApi } from './api';
import { useSessionRef } from './app-actor';

/** The app's API, session and router for a flow run in a popup (or page) that `closePopup` closes. */
export const useFlowDeps = (closePopup: () => void): FlowDeps => {
  const api = useApi();
  const session = useSessionRef();
  const navigate = useNavigate();
  return { api, session, navigate: (to) => void navigate(to), closePopup };
};

/** The same for a flow that runs in a page of its own: there is no popup to close. */
export const usePageFlowDeps = (): FlowDeps => useFlowDeps(() => undefined);
