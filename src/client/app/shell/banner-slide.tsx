import type { Banner } from '@shared/contract/system';
import { imageUrl } from '@shared/image-url';
import { useImageUrl, usePermission } from '@client/state/app-actor';

/** The first banner's image comes from the first image CDN: the URL the server preloads with a lobby page (src/server/http/page-reads.ts). */
const FIRST_CDN = () => 0;

/** One banner, a button that opens its target (LOBBY-13). */
export function BannerSlide({ banner, onOpen, first = false }: { banner: Banner; onOpen: (banner: Banner) => void; first?: boolean }) {
  const randomCdnUrl = useImageUrl();
  const cdns = usePermission()?.imageCDNs ?? [];
  const src = first ? imageUrl(banner.url, cdns, FIRST_CDN) : randomCdnUrl(banner.url);
  return (
    <button type="button" className="banner-slide" onClick={() => onOpen(banner)} aria-label={banner.title}>
      {/* The first banner is the home page's largest paint: fetched before anything else. */}
      <img src={src} alt="" className="banner-slide__image" fetchPriority={first ? 'high' : 'auto'} />
    </button>
  );
}
