import type { GameCard } from '@shared/contract/games';
import type { BodyOf, ResponseOf } from '@shared/contract/http';
import type { FlowError } from '../shared/flow-error';
import type { LoginState, SessionChangedEvent } from '../auth/session.types';

/** What the add and remove calls take (API-42): the game's nodeId, its vendor and its game type. */
export type FavouriteRef = BodyOf<'addFavorite'>;
/** The favourite nodeIds the server answers with (the load, and every add or remove). */
export type FavouriteIdsReply = ResponseOf<'favoriteIds'>;

export interface FavouritesContext {
  /** Who toggles: a guest, a member or a trial account (type 4). */
  loginState: LoginState;
  /** The account name, which keys the ids kept on this device. */
  userName: string | null;
  /** Favourite game ids, as strings of nodeId (GAMES-33). */
  ids: string[];
  /** The list before the change being saved, restored if the server refuses it. */
  rollbackIds: string[] | null;
  /** The toggle being saved. */
  pending: FavouriteRef | null;
  error: FlowError | null;
}

export type FavouritesEvent =
  /** The session entered another login state (sent by the session machine). */
  | SessionChangedEvent
  /** The session loaded the favourite ids of the account (AUTH-18). */
  | { type: 'favourites.loaded'; nodeIds: readonly number[] }
  /** The heart of a game card was pressed. */
  | { type: 'favourite.toggle'; card: GameCard };

/** What the app does for the machine; non-UI code carries keys and codes only (STYLE lesson 9). */
export type FavouritesEmitted =
  /** A guest pressed a heart: offer the login (GAMES-34). */
  | { type: 'favourites.loginRequired' }
  /** A trial account pressed a heart: warn with `common:<messageKey>` (GAMES-36, ERR-06). */
  | { type: 'favourites.refused'; messageKey: 'in_need_true_account' }
  /** The server refused a change, which was rolled back. */
  | { type: 'favourites.failed'; error: FlowError }
  /** The server's list for this account: keep it on the device, so the next visit shows hearts at once. */
  | { type: 'favourites.synced'; userName: string; ids: string[] }
  /** A change was saved: lists of favourite games are out of date. */
  | { type: 'favourites.saved'; ids: string[] };

export type FavouritesTag = 'saving';
