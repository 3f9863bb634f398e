import { Bird, Cherry, Clover, Fish, Flame, Gamepad2, Gift, Grid3x3, Heart, House, Spade, Ticket, Trophy, Video, type LucideIcon } from 'lucide-react';
import type { GameType } from '@shared/contract/games';

export const CATEGORY_ICONS: Record<GameType, LucideIcon> = {
  HOME: House,
  HOT: Flame,
  FAV: Heart,
  RNG: Cherry,
  LIVE: Video,
  FISH: Fish,
  PVP: Spade,
  SPORTS: Trophy,
  ESPORTS: Gamepad2,
  COCKFIGHT: Bird,
  BINGO: Grid3x3,
  LOTT: Ticket,
  ELOTT: Clover,
  PROMO: Gift,
};
