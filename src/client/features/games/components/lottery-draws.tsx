import { useEffect, useState } from 'react';
import { ShieldCheck, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DrawResult } from '@shared/contract/games';
import { formatDateTime } from '@client/lib/format';
import { drawVerifyUrl, nextDrawAt } from '../lottery-rules';
import { LotteryBalls } from './lottery-balls';

/** The current time, once a second, for a countdown. */
const useNow = (): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
};

const clock = (ms: number): string => {
  const seconds = Math.max(0, Math.ceil(ms / 1_000));
  const h = Math.floor(seconds / 3_600);
  const mm = String(Math.floor((seconds % 3_600) / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

function NextDrawCountdown({ draws }: { draws: readonly DrawResult[] }) {
  const { t } = useTranslation('games');
  const now = useNow();
  const due = nextDrawAt(draws, now);
  if (due === null) return null;
  return (
    <div className="lottery-board__countdown" role="timer" aria-label={t('lottery.nextDraw')}>
      <span className="lottery-board__label">
        <Timer size={14} aria-hidden /> {t('lottery.nextDraw')}
      </span>
      <span className="lottery-board__clock">{clock(due - now)}</span>
    </div>
  );
}

/** GAMES-26: the latest result of the selected game as balls, and the time to the next draw. */
export function LotteryBoard({ gameName, draws }: { gameName: string; draws: readonly DrawResult[] }) {
  const { t } = useTranslation('games');
  const latest = draws[0];
  return (
    <section className="lottery-board" aria-label={t('lottery.latest')}>
      <div className="lottery-board__result">
        <span className="lottery-board__label">{gameName}</span>
        {latest ? (
          <>
            <span className="lottery-board__issue">{t('lottery.issue', { issueNo: latest.issueNo })}</span>
            <LotteryBalls numbers={latest.numbers} label={t('lottery.numbers', { numbers: latest.numbers.join(' ') })} />
          </>
        ) : (
          <span className="lottery-board__issue">{t('lottery.noDraws')}</span>
        )}
      </div>
      <NextDrawCountdown draws={draws} />
    </section>
  );
}

/** The recent draws: issue, numbers, time, and the page that checks the draw against its revealed seed. */
export function LotteryDrawHistory({ draws }: { draws: readonly DrawResult[] }) {
  const { t, i18n } = useTranslation('games');
  return (
    <section className="lottery-history card">
      <h2 className="lottery-history__title">{t('lottery.recentDraws')}</h2>
      {draws.length === 0 ? (
        <p className="lottery-history__empty">{t('lottery.noDraws')}</p>
      ) : (
        <table className="lottery-history__table">
          <thead>
            <tr>
              <th scope="col">{t('lottery.issueColumn')}</th>
              <th scope="col">{t('lottery.numbersColumn')}</th>
              <th scope="col">{t('lottery.timeColumn')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('lottery.verifyColumn')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draws.map((draw) => (
              <tr key={draw.issueNo}>
                <td className="lottery-history__issue">{draw.issueNo}</td>
                <td>
                  <LotteryBalls numbers={draw.numbers} size="small" label={t('lottery.numbers', { numbers: draw.numbers.join(' ') })} />
                </td>
                <td className="lottery-history__time">{formatDateTime(draw.openedAt)}</td>
                <td>
                  <a
                    className="lottery-history__verify"
                    href={drawVerifyUrl(draw, i18n.language)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('lottery.verifyDraw', { issueNo: draw.issueNo })}
                  >
                    <ShieldCheck size={14} aria-hidden />
                    <span className="lottery-history__verify-text">{t('lottery.verify')}</span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
