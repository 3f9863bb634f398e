import { waitFor, type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { MemberInfo } from '@shared/contract/member';
import { favouritesMachine } from '@machines/games/favourites.machine';
import { selectFavouriteIds } from '@machines/games/favourites.selectors';
import type { FavouriteIdsReply, FavouriteRef, FavouritesEmitted } from '@machines/games/favourites.types';
import { sessionMachine } from '@machines/auth/session.machine';
import type { Announcements, AnnouncementsQuery, ConsolidatedFunds, FavouriteIds } from '@machines/auth/session.types';
import { SYSTEM_IDS } from '@machines/shared/ids';
import { startAppSystem } from '../support/app-system';
import { answeringActor } from '../support/fakes';
import { loginResult, memberInfo } from '../support/fixtures';

const start = async (type: number) => {
  const { actor, child } = await startAppSystem({
    actors: {
      session: sessionMachine.provide({
        actors: {
          loadMemberInfo: answeringActor<MemberInfo, { token: string; firstOfSession: boolean }>(() => memberInfo(type)).logic,
          endSession: answeringActor<null, { token: string }>(() => null).logic,
          loadFavouriteIds: answeringActor<FavouriteIds, { token: string }>(() => ({ nodeIds: [11, 12] })).logic,
          loadAnnouncements: answeringActor<Announcements, { token: string | null; query: AnnouncementsQuery }>(() => ({
            banners: [],
            player: [],
            popup: [],
            promotion: [],
          })).logic,
          loadConsolidatedFunds: answeringActor<ConsolidatedFunds, { token: string }>(() => ({ totalBalance: 0, mainBalance: 0, wallets: [] })).logic,
        },
        actions: { persistSession: () => {}, storePasswordChangePending: () => {}, clearSessionStorage: () => {} },
      }),
      favourites: favouritesMachine.provide({
        actors: {
          addFavourite: answeringActor<FavouriteIdsReply, FavouriteRef>(() => ({ nodeIds: [] })).logic,
          removeFavourite: answeringActor<FavouriteIdsReply, FavouriteRef>(() => ({ nodeIds: [] })).logic,
          readStoredFavouriteIds: answeringActor<string[], { userName: string }>(() => []).logic,
        },
      }),
    },
  });
  const session = child<ActorRefFrom<typeof sessionMachine>>(SYSTEM_IDS.session);
  const favourites = child<ActorRefFrom<typeof favouritesMachine>>(SYSTEM_IDS.favourites);
  const emitted: FavouritesEmitted[] = [];
  favourites.on('*', (event) => void emitted.push(event));
  return { actor, session, favourites, emitted };
};

describe('favourites in the app system', () => {
  it('[GAMES-33][AUTH-18] follow the session: the ids it loads at login, as strings, and none after logout', async () => {
    const { actor, session, favourites, emitted } = await start(0);
    try {
      session.send({ type: 'session.start', result: loginResult(), passwordChangePending: false });
      await waitFor(favourites, (s) => selectFavouriteIds(s).length > 0);
      expect(selectFavouriteIds(favourites.getSnapshot())).toEqual(['11', '12']);
      expect(emitted).toContainEqual({ type: 'favourites.synced', userName: 'player01', ids: ['11', '12'] });
      session.send({ type: 'session.logout' });
      await waitFor(favourites, (s) => s.matches('guest'));
      expect(selectFavouriteIds(favourites.getSnapshot())).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[GAMES-36] a trial login (type 4) makes toggles refused', async () => {
    const { actor, session, favourites, emitted } = await start(4);
    try {
      session.send({ type: 'session.start', result: loginResult({}, 4), passwordChangePending: false });
      await waitFor(favourites, (s) => s.matches('trial'));
      favourites.send({ type: 'favourite.toggle', card: { nodeId: 11, vassalage: 'PG', gameType: 'RNG', gameName: 'x', iconUrl: '', gameClassify: '', isGame: 'GAME', gameCode: 'x', isHot: 0, supportPlay: 1, lottoArea: null } });
      expect(emitted).toContainEqual({ type: 'favourites.refused', messageKey: 'in_need_true_account' });
    } finally {
      actor.stop();
    }
  });
});
