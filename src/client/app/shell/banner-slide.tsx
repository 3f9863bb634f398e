import type { Banner } from '@shared/contract/system';
import { useImageUrl } from '@client/state/app-actor';

/** One banner, a button that opens its target (LOBBY-13). */
export function BannerSlide({ banner, onOpen, first = false }: { banner: Banner; onOpen: (banner: Banner) => void; first?: boolean }) {
  const imageUrl = useImageUrl();
  return (
    <button type="button" className="banner-slide" onClick={() => onOpen(banner)} aria-label={banner.title}>
      {/* The first banner is the home page's largest paint: fetched before anything else. */}
      <img src={imageUrl(banner.url)} alt="" className="banner-slide__image" fetchPriority={first ? 'high' : 'auto'} />
    </button>
  );
}
