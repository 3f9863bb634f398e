import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Operator-authored HTML (help articles, announcements), sanitised before it reaches the page. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
