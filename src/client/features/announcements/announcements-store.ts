import type { Announcement } from '@shared/contract/messages';
import type { ResponseOf } from '@shared/contract/http';
import { createStore, useStore } from '@client/lib/create-store';

type Loaded = ResponseOf<'announcements'>;

export interface AnnouncementsState {
  /** Player notices (PL) and home notices (H), newest first. */
  player: Announcement[];
  /** Promotion notices (PR): the notice bell counts them as the available promotions. */
  promotion: Announcement[];
  /** The popups the popup queue shows now in publicModal, and its queue entry (closing it sets the session flag). */
  queued: { entryId: string; items: Announcement[] } | null;
  /** The notice publicModal opens at when it shows the notices (a click in the lobby's notice marquee). */
  selectedId: number | null;
}

export const announcementsStore = createStore<AnnouncementsState>(() => ({ player: [], promotion: [], queued: null, selectedId: null }));

export const useAnnouncements = (): AnnouncementsState => useStore(announcementsStore);

/** The home notices of the lobby's notice marquee (type H). */
export const useNoticeMarquee = (): Announcement[] => useStore(announcementsStore, (s) => s.player).filter((a) => a.type === 'H');

const withoutIds = (list: Announcement[], ids: Set<number>) => list.filter((a) => !ids.has(a.id));

/** What the session loaded for its login state replaces the lists (pushed ones it already holds are not doubled). */
export const setLoadedAnnouncements = (loaded: Loaded | null): void =>
  announcementsStore.update((s) => ({ ...s, player: loaded?.player ?? [], promotion: loaded?.promotion ?? [] }));

/** A pushed `announcement:new` goes on top of its list at once. */
export const addPushedAnnouncement = (announcement: Announcement): void =>
  announcementsStore.update((s) => {
    const ids = new Set([announcement.id]);
    if (announcement.type === 'PR') return { ...s, promotion: [announcement, ...withoutIds(s.promotion, ids)] };
    if (announcement.type === 'PL' || announcement.type === 'H') return { ...s, player: [announcement, ...withoutIds(s.player, ids)] };
    return s;
  });

/** publicModal, when it next shows the notices, opens at this one. */
export const selectNotice = (selectedId: number | null): void => announcementsStore.update((s) => ({ ...s, selectedId }));

export const setQueuedPopups = (queued: AnnouncementsState['queued']): void => announcementsStore.update((s) => ({ ...s, queued }));
