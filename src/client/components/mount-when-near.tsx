import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How near the viewport a spot must come for its children to mount: within a screen's height. */
const WITHIN_A_SCREEN = '100% 0px';

/**
 * Mounts its children, and so asks for their chunks and data, when the spot they take comes within `rootMargin`
 * (IntersectionObserver's, a screen's height unless told) of the viewport; until then an empty block
 * (`placeholderClassName` gives its height) holds the place. Without IntersectionObserver the children mount at once.
 */
export function MountWhenNear({
  children,
  placeholderClassName,
  rootMargin = WITHIN_A_SCREEN,
}: {
  children: ReactNode;
  placeholderClassName: string;
  rootMargin?: string;
}) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = placeholder.current;
    if (near || !target) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin });
    observer.observe(target);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  return near ? children : <div ref={placeholder} className={placeholderClassName} aria-hidden />;
}
