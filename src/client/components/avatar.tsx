import { useState } from 'react';

/** Shown in place of a person's image that fails to load (ERR-25). */
export const DEFAULT_AVATAR = '/static/avatars/default.svg';

export interface AvatarProps {
  name: string;
  /** The person's own image; without one the avatar is their initial. */
  imageUrl?: string | null;
  className?: string;
}

/**
 * A person's image, or their initial in a coloured disc. The letter is drawn by CSS (`data-initial`),
 * not as text, so a button holding it is named by its visible name alone (axe's
 * label-content-name-mismatch). An image that fails to load gives way to the default avatar (ERR-25).
 */
export function Avatar({ name, imageUrl, className }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const classes = className ? `avatar ${className}` : 'avatar';
  if (!imageUrl) return <span className={classes} aria-hidden data-initial={name.slice(0, 1).toUpperCase() || '?'} />;
  const failed = failedUrl === imageUrl;
  return (
    <span className={`${classes} avatar--image`} aria-hidden>
      <img
        src={failed ? DEFAULT_AVATAR : imageUrl}
        alt=""
        width={40}
        height={40}
        data-fallback={failed || undefined}
        onError={() => {
          if (!failed) setFailedUrl(imageUrl);
        }}
      />
    </span>
  );
}
