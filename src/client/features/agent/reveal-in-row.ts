/**
 * Scrolls a sideways-scrolling menu row (the agent menu on phones) so that `item` is in view,
 * without moving the page up or down as scrollIntoView would.
 */
export const revealInRow = (item: HTMLElement | null): void => {
  const row = item?.closest('ul');
  if (!item || !row || row.scrollWidth <= row.clientWidth) return;
  const start = item.offsetLeft - row.offsetLeft;
  const end = start + item.offsetWidth;
  if (start < row.scrollLeft) row.scrollLeft = start;
  else if (end > row.scrollLeft + row.clientWidth) row.scrollLeft = end - row.clientWidth;
};
