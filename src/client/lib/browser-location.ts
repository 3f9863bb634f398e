/** Leaves the app for another site (a sign-in provider): the whole page goes, not a route change. */
export const leaveSiteFor = (url: string): void => window.location.assign(url);
