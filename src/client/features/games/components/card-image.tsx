import { useState } from 'react';

export interface CardImageProps {
  src: string;
  alt: string;
  className?: string;
  /** Shown instead when `src` fails to load; without one, a failed image is hidden. */
  fallback?: string;
  /** The artwork's own size, for its aspect ratio before it loads (CSS sets the drawn size). */
  width?: number;
  height?: number;
}

/** A lazily loaded card image that gives way to its fallback (or disappears) when it cannot load. */
export function CardImage({ src, alt, className, fallback, width, height }: CardImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  if (failed && !fallback) return null;
  return (
    <img
      src={failed ? fallback : src}
      alt={alt}
      className={className}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      data-fallback={failed || undefined}
      onError={() => {
        if (!failed) setFailedSrc(src);
      }}
    />
  );
}
