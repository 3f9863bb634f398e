/**
 * A vendor's logo among the site's static files (public/static/vendors/<code>.svg, the files the
 * footer shows too): neither the game card nor the permission carries a logo URL.
 */
/** The vendor logos' artwork size: given to the image, it keeps the badge's width while the logo loads. */
export const VENDOR_LOGO_SIZE = { width: 120, height: 48 } as const;

export const vendorLogoUrl = (vendorCode: string): string => `/static/vendors/${vendorCode.toLowerCase()}.svg`;

/** Shown in place of a game or vendor image that fails to load. */
export const GAME_ART_FALLBACK = '/static/games/fallback.svg';
