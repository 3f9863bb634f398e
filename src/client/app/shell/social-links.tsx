import { Link2 } from 'lucide-react';
import type { Resource } from '@shared/contract/system';
import { SOCIAL_RESOURCE_TYPES, type SocialResourceType } from '@client/config/resources';
import { safeExternalUrl } from '@client/lib/links';

const iconOf = (resourceType: string): string | null => {
  const type = resourceType.toUpperCase() as SocialResourceType;
  return SOCIAL_RESOURCE_TYPES.includes(type) ? `/static/social/${type.toLowerCase()}.svg` : null;
};

/** Social links from the configured resources (resourceType, url, labelNameEn), opened in a new tab. */
export function SocialLinks({ resources, showLabels = false }: { resources: readonly Resource[]; showLabels?: boolean }) {
  return (
    <ul className={showLabels ? 'social-links social-links--labelled' : 'social-links'}>
      {resources.map((resource) => {
        const href = safeExternalUrl(resource.url);
        if (!href) return null;
        const icon = iconOf(resource.resourceType);
        return (
          <li key={`${resource.resourceType}:${resource.url}`}>
            <a href={href} target="_blank" rel="noopener noreferrer" className="social-links__link" aria-label={resource.labelNameEn} title={resource.labelNameEn}>
              {icon ? <img src={icon} alt="" width={28} height={28} loading="lazy" /> : <Link2 aria-hidden size={20} />}
              {showLabels && <span>{resource.labelNameEn}</span>}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
