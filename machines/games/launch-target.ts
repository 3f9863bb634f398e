import type { GameCard } from '@shared/contract/games';
import { VASSALAGE } from '@shared/contract/games.values';

/**
 * Where starting a card leads (spec "Launching a game by type", GAMES-20 to GAMES-22):
 * - `vnLottery` / `seaLottery`: a lotto card of that area (lottoArea VN or SEA) opens its lottery page;
 * - `lottery`: other lottery and e-lottery cards (gameType LOTT or ELOTT) open the lottery page, a
 *   vendor entry without a game (the page plays its first one), an e-lottery game in the ELOTT
 *   prize mode, which the GAMES-24 rule alone would never pick for this catalogue;
 * - `rngVendor`: a slot (RNG) vendor entry opens the slot page filtered to that vendor;
 * - `vendorGames`: any other vendor entry (isGame VASSALAGE) lists the vendor's games in a popup;
 * - `game`: everything else is launched and played in the game popup.
 */
export type LaunchTarget =
  | { kind: 'vnLottery'; gameCode: string }
  | { kind: 'seaLottery'; gameCode: string }
  | { kind: 'lottery'; gameCode: string | null; prizeMode: 'ELOTT' | null }
  | { kind: 'rngVendor'; vassalage: string }
  | { kind: 'vendorGames'; vassalage: string; gameType: string; vendorName: string }
  | { kind: 'game' };

/** The targets that are a page of the site rather than a popup. */
export type PageTarget = Extract<LaunchTarget, { kind: 'vnLottery' | 'seaLottery' | 'lottery' | 'rngVendor' }>;

const LOTTERY_TYPES: readonly string[] = ['LOTT', 'ELOTT'];

export const isPageTarget = (target: LaunchTarget): target is PageTarget =>
  target.kind === 'vnLottery' || target.kind === 'seaLottery' || target.kind === 'lottery' || target.kind === 'rngVendor';

export const launchTarget = (card: GameCard): LaunchTarget => {
  if (card.lottoArea === 'VN') return { kind: 'vnLottery', gameCode: card.gameCode };
  if (card.lottoArea === 'SEA') return { kind: 'seaLottery', gameCode: card.gameCode };
  if (LOTTERY_TYPES.includes(card.gameType)) {
    const vendorLobby = card.isGame === VASSALAGE || card.gameCode === card.vassalage;
    return { kind: 'lottery', gameCode: vendorLobby ? null : card.gameCode, prizeMode: card.gameType === 'ELOTT' ? 'ELOTT' : null };
  }
  const vendorEntry = card.isGame === VASSALAGE;
  // "Slot (RNG) types go to the rng page" reads as the slot *vendor* entries: the rng page lists
  // a vendor's slots (/rng?vassalage=), so a single slot card sent there could never be played.
  // A slot game card itself (isGame GAME) launches like any other game.
  if (vendorEntry && card.gameType === 'RNG') return { kind: 'rngVendor', vassalage: card.vassalage };
  if (vendorEntry) return { kind: 'vendorGames', vassalage: card.vassalage, gameType: card.gameType, vendorName: card.gameName };
  return { kind: 'game' };
};
