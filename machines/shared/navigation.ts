import { mustProvideAction } from './placeholders';

/** Where flows send the user after they finish (spec sections 2 and 4). */
export type AppPath = '/' | '/agentHome';

/** Navigation is the app's: the router's navigate, provided to each flow (STYLE.md C9). */
export const navigateTo = mustProvideAction<{ to: AppPath }>('navigateTo');

/** Closes the popup (modal) the flow runs in. */
export const closePopup = mustProvideAction('closePopup');
