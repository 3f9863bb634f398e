import type { WinnerRecord } from '@shared/contract/games';
import { Carousel } from '@client/components/carousel';
import { WinnerEntry } from './winner-entry';
import { WINNER_SLIDE_DELAY_MS, WINNER_SLIDE_SPEED_MS } from '@client/features/games/winners';

/** LOBBY-17, LOBBY-18: one pair of winners a slide, rising every 3 s in 1 s, only when there is more than one slide. */
export default function WinnerSlider({ slides, label }: { slides: WinnerRecord[][]; label: string }) {
  return (
    <Carousel
      className="winner-slider"
      label={label}
      items={slides}
      getKey={(pair) => pair.map((w) => w.recordId).join(':')}
      direction="vertical"
      autoplayDelayMs={WINNER_SLIDE_DELAY_MS}
      speedMs={WINNER_SLIDE_SPEED_MS}
      loop
      renderItem={(pair) => (
        <ul className="winner-slide">
          {pair.map((winner) => (
            <li key={winner.recordId}>
              <WinnerEntry winner={winner} />
            </li>
          ))}
        </ul>
      )}
    />
  );
}
