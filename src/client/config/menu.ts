import type { GameType } from '@shared/contract/games';

/** Vendor categories in the header bar and the side-menu tree, in display order. */
export const MENU_CATEGORIES: readonly GameType[] = ['LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT'];

/** A vendor drop-down with more vendors than this uses the large layout (SHELL-29). */
export const DROPDOWN_NORMAL_MAX_VENDORS = 10;

/** Help-centre anchors the footer links to (`/help#<anchor>`); `term` is the terms (SHELL-07). */
export const FOOTER_HELP_ANCHORS = ['about', 'term', 'privacy', 'responsible-gaming', 'deposit', 'withdraw'] as const;
/** The help-centre article shown by the legal licence modal. */
export const LEGAL_LICENSE_ANCHOR = 'license';

/** Vendor logos in the footer (SHELL-44), drawn from public/static/vendors/<code>.svg. */
export const FOOTER_VENDORS = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;

/** Customer-service windows open at this size (SHELL-40). */
export const CUSTOMER_SERVICE_WINDOW = { name: 'cs', features: 'width=440,height=750' } as const;

/** Download QR codes in the side menu are drawn at this size (SHELL-38). */
export const DOWNLOAD_QR_SIZE = 107;
