import type { Banner } from '@shared/contract/system';
import { Carousel } from '@client/components/carousel';
import { BannerSlide } from './banner-slide';

/** Banner carousel timing (LOBBY-10, LOBBY-11). */
export const BANNER_DELAY_MS = 5000;
export const BANNER_SPEED_MS = 1000;

export interface BannerCarouselProps {
  banners: readonly Banner[];
  label: string;
  onOpen: (banner: Banner) => void;
}

/** LOBBY-10 to LOBBY-13: autoplay when there is more than one slide, loop, 1000 ms transition, arrows and dots. */
export default function BannerCarousel({ banners, label, onOpen }: BannerCarouselProps) {
  return (
    <Carousel
      className="banner-carousel"
      label={label}
      items={banners}
      getKey={(b) => b.id}
      autoplayDelayMs={BANNER_DELAY_MS}
      speedMs={BANNER_SPEED_MS}
      loop
      navigation
      pagination
      renderItem={(banner, index) => <BannerSlide banner={banner} onOpen={onOpen} first={index === 0} />}
    />
  );
}
