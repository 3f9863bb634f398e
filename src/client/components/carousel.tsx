// The only importer of swiper (STYLE C4): features hand it data and get slide changes back.
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import type { ReactNode } from 'react';

export interface CarouselProps<T> {
  items: readonly T[];
  getKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  /** Accessible name of the carousel region. */
  label: string;
  slidesPerView?: number;
  /** Slides per view from a minimum carousel width up, e.g. `{ 0: 3, 720: 6 }`; slidesPerView applies where none matches. */
  breakpoints?: Readonly<Record<number, number>>;
  /** Autoplay delay; autoplay runs only when there is more than one slide. */
  autoplayDelayMs?: number;
  /** Transition duration. */
  speedMs?: number;
  loop?: boolean;
  navigation?: boolean;
  pagination?: boolean;
  spaceBetween?: number;
  /** Vertical carousels need a height on `.swiper` (set by the feature's CSS). */
  direction?: 'horizontal' | 'vertical';
  /** The slide shown first (its group, when slides move in groups). */
  initialIndex?: number;
  onSlideChange?: (index: number) => void;
  className?: string;
}

export function Carousel<T>({
  items,
  getKey,
  renderItem,
  label,
  slidesPerView = 1,
  breakpoints,
  autoplayDelayMs,
  speedMs = 300,
  loop = false,
  navigation = false,
  pagination = false,
  spaceBetween = 0,
  direction = 'horizontal',
  initialIndex = 0,
  onSlideChange,
  className,
}: CarouselProps<T>) {
  const slideCount = Math.ceil(items.length / slidesPerView);
  const moving = slideCount > 1;
  return (
    <section className={className} aria-roledescription="carousel" aria-label={label} data-slides-per-view={slidesPerView}>
      <Swiper
        modules={[A11y, Autoplay, Navigation, Pagination]}
        direction={direction}
        slidesPerView={slidesPerView}
        slidesPerGroup={slidesPerView}
        // Measured on the carousel itself: it lays out by the room it has, whatever the side menu takes.
        breakpointsBase="container"
        breakpoints={
          breakpoints &&
          Object.fromEntries(Object.entries(breakpoints).map(([width, perView]) => [width, { slidesPerView: perView, slidesPerGroup: perView }]))
        }
        spaceBetween={spaceBetween}
        initialSlide={initialIndex}
        speed={speedMs}
        loop={loop && moving}
        autoplay={moving && autoplayDelayMs ? { delay: autoplayDelayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
        navigation={navigation && moving}
        pagination={pagination && moving ? { clickable: true } : false}
        onSlideChange={(swiper) => onSlideChange?.(swiper.realIndex)}
      >
        {items.map((item, index) => (
          <SwiperSlide key={getKey(item)}>{renderItem(item, index)}</SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
