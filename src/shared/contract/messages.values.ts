/** The messages area's plain values (see member.values.ts for why a `.values` file). */

/** Announcement and notification lists show 9 per page (MSG-02, MSG-04). */
export const MESSAGE_PAGE_SIZE = 9;
