import { hashKey, type QueryClient } from '@tanstack/react-query';
import { BANNER_READ, BOOT_READS_ELEMENT_ID, type BootRead } from '@shared/boot-reads';
import type { EndpointKey, ResponseOf } from '@shared/contract/http';
import { readSessionToken } from '@client/features/auth/session-storage';
import { apiQueryKey } from '@client/state/queries';

type Announcements = ResponseOf<'announcements'>;

let paintedBanners: Announcements | undefined;

/**
 * The visitor's banners a signed-in player's page came with (and painted before its script ran): shown until the
 * player's own come, so the tab shows one banner throughout rather than the page's, an empty placeholder, then its own.
 */
export const bannersThePagePainted = (): Announcements | undefined => paintedBanners;

/**
 * Puts the reads a page came with (src/server/http/page-reads.ts) into the query cache, as answered when the
 * server read them, so the first render draws from them instead of asking again. A visitor's only: the server
 * answers as a visitor, and a signed-in player's reads go to the server as theirs (only the banners are kept aside
 * for them, see bannersThePagePainted). A missing or unreadable block changes nothing (the screens then ask, as on
 * any other page).
 */
export const takeBootReads = (queryClient: QueryClient, doc: Document = document): void => {
  paintedBanners = undefined;
  const element = doc.getElementById(BOOT_READS_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let reads: BootRead[];
  try {
    reads = JSON.parse(element.textContent ?? '') as BootRead[];
  } catch {
    return;
  }
  if (!Array.isArray(reads)) return;
  const queryKeyOf = (read: BootRead) => apiQueryKey(read.key as EndpointKey, read.input as never);
  if (readSessionToken() !== null) {
    // Found as the cache finds a read: by its query key's hash.
    const bannerReadHash = hashKey(apiQueryKey('announcements', BANNER_READ));
    paintedBanners = reads.find((read) => hashKey(queryKeyOf(read)) === bannerReadHash)?.value as Announcements | undefined;
    return;
  }
  for (const read of reads) queryClient.setQueryData(queryKeyOf(read), read.value, { updatedAt: read.readAt });
};
