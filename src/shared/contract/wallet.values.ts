/** The wallet area's plain values (see member.values.ts for why a `.values` file). */

/** The member's own wallet; every other wallet is a game vendor's, named by its vendor code. */
export const MAIN_WALLET = 'MAIN';
