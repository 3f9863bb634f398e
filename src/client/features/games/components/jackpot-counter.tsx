import { useEffect, useState } from 'react';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@client/state/queries';
import { formatMoney } from '@client/lib/money';
import { JACKPOT_DIGIT_HEIGHT, jackpotValueAfter, msUntilNextStep } from '@client/features/games/jackpot';

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** One digit as a strip of 0–9 in a window one cell tall; a new digit rolls the strip to it. */
function RollingDigit({ digit }: { digit: number }) {
  return (
    <span className="jackpot__cell" style={{ height: JACKPOT_DIGIT_HEIGHT }} data-digit={digit}>
      <span className="jackpot__strip" style={{ transform: `translateY(${-digit * JACKPOT_DIGIT_HEIGHT}px)` }}>
        {DIGITS.map((d) => (
          <span key={d} className="jackpot__glyph" style={{ height: JACKPOT_DIGIT_HEIGHT, lineHeight: `${JACKPOT_DIGIT_HEIGHT}px` }}>
            {d}
          </span>
        ))}
      </span>
    </span>
  );
}

/** Re-renders when the jackpot steps: a timer set to each step's moment, the value itself from the elapsed time. */
const useJackpotValue = (): { value: number | null; failed: boolean } => {
  const jackpot = useApiQuery('jackpot');
  const { data, dataUpdatedAt, isError } = jackpot;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!data) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setNow(Date.now());
        schedule();
      }, msUntilNextStep(data, Date.now() - dataUpdatedAt));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [data, dataUpdatedAt]);
  return { value: data ? jackpotValueAfter(data, Math.max(now, dataUpdatedAt) - dataUpdatedAt) : null, failed: isError && !data };
};

/**
 * LOBBY-14, LOBBY-15: the progressive jackpot, every digit rolling in its own cell. The sign is
 * drawn while the value loads (its row of cells empty), so the board below does not move when the
 * value arrives; a jackpot that cannot be read takes no room.
 */
export function JackpotCounter() {
  const { t, i18n } = useTranslation('games');
  const { value, failed } = useJackpotValue();
  if (failed) return null;
  const text = value === null ? null : formatMoney(value, i18n.language);
  // Cells are keyed from the right, so a carry into a new leading digit leaves the others in place.
  const chars = text === null ? [] : [...text];
  return (
    <section className="jackpot" aria-labelledby="jackpot-title" aria-busy={text === null}>
      <div className="jackpot__head">
        <Crown aria-hidden size={22} className="jackpot__crown" />
        <h2 id="jackpot-title" className="jackpot__title">
          {t('home.jackpot.title')}
        </h2>
      </div>
      <p className="jackpot__amount">
        {text !== null && (
          <span className="visually-hidden" data-testid="jackpot-value">
            {text}
          </span>
        )}
        <span className="jackpot__digits" style={{ minHeight: JACKPOT_DIGIT_HEIGHT }} aria-hidden>
          {chars.map((char, index) => {
            const key = chars.length - index;
            return /\d/.test(char) ? (
              <RollingDigit key={key} digit={Number(char)} />
            ) : (
              <span key={key} className="jackpot__separator" style={{ height: JACKPOT_DIGIT_HEIGHT, lineHeight: `${JACKPOT_DIGIT_HEIGHT}px` }}>
                {char}
              </span>
            );
          })}
        </span>
      </p>
      <p className="jackpot__caption">{t('home.jackpot.caption')}</p>
    </section>
  );
}
