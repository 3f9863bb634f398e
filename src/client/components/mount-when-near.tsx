import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Mounts its children, and so asks for their chunks and data, when the spot they take comes within a
 * screen's height of the viewport; until then an empty block (`placeholderClassName` gives its height)
 * holds the place. Without IntersectionObserver the children mount at once.
 */
export function MountWhenNear({ children, placeholderClassName }: { children: ReactNode; placeholderClassName: string }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = placeholder.current;
    if (near || !target) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '100% 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={placeholder} className={placeholderClassName} aria-hidden />;
}
