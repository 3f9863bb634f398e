import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@client/state/queries';
import { byWinAmountDescending, WINNER_BOARD_LIMIT } from './winners';

/** The winner rank list call (API-50) for a game category, biggest win first (LOBBY-16, LOBBY-20). */
export const useWinners = (gameCategory = 'ALL') => {
  const { i18n } = useTranslation();
  const query = useApiQuery('winnerRankList', { query: { gameCategory, language: i18n.language, limitNum: WINNER_BOARD_LIMIT } });
  const winners = byWinAmountDescending((query.data?.list ?? []).map((entry) => entry.vo)).slice(0, WINNER_BOARD_LIMIT);
  return { query, winners };
};
