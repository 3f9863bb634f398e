import type { FastifyInstance } from 'fastify';
import { AGENT_PAGE_PATHS, BANNER_READ, BOOT_READS_ELEMENT_ID, HOME_BANNER_GROUP, LOBBY_PAGE_PATHS, pageReads, type BootRead, type PageRead } from '@shared/boot-reads';
import { http, type EndpointKey, type ResponseOf } from '@shared/contract/http';
import { DEFAULT_LANGUAGE } from '@shared/i18n/languages';
import { imageUrl } from '@shared/image-url';

/** A JSON text safe inside a <script> element: no `</script>` or `<!--` can end or change it. */
const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

interface Envelope {
  success: boolean;
  value?: unknown;
}

/**
 * Asks this server's own API as the visitor at `ip` would: the answer is the one the client would get over the
 * wire, through the same routes, hooks, serializers and the visitor's own rate limits. Null when it did not succeed.
 */
const readInProcess = async (app: FastifyInstance, ip: string, { key, input }: PageRead): Promise<BootRead | null> => {
  const readAt = Date.now();
  const search = new URLSearchParams(input?.query).toString();
  const url = `${http[key].path}${search ? `?${search}` : ''}`;
  const res = await app.inject({ method: 'GET', url, remoteAddress: ip, headers: { accept: 'application/json' } });
  if (res.statusCode !== 200) return null;
  const body = res.json<Envelope>();
  return body.success ? { key, input, value: body.value, readAt } : null;
};

/**
 * index.html for a page with reads (issue 15): the reads of `pageReads` answered in the page (the first render
 * draws the site, and on a lobby page the banner, the category bar and the jackpot, without waiting for calls) and
 * a lobby's first home banner image asked for at once, at high priority, as the page's largest paint. The client
 * takes the answers only for a visitor without a session (src/client/app/boot-reads.ts). A read that failed is left
 * out: the client then asks for it.
 */
export const renderPage = async (app: FastifyInstance, ip: string, pathname: string, indexHtml: string): Promise<string> => {
  const answered = await Promise.all(pageReads(pathname, DEFAULT_LANGUAGE).map((read) => readInProcess(app, ip, read)));
  const reads = answered.filter((read) => read !== null);
  const answerOf = <K extends EndpointKey>(key: K, input: PageRead['input'] = null) =>
    reads.find((read) => read.key === key && read.input === input)?.value as ResponseOf<K> | undefined;
  const first = answerOf('announcements', BANNER_READ)?.banners.find((b) => b.groupName === HOME_BANNER_GROUP);
  const cdns = answerOf('systemPermission')?.imageCDNs ?? [];
  const head = [
    // The client draws the first banner from the first CDN too (BannerSlide), so this is the URL it asks for.
    first ? `<link rel="preload" as="image" href="${attribute(imageUrl(first.url, cdns, () => 0))}" fetchpriority="high">` : '',
    reads.length > 0 ? `<script type="application/json" id="${BOOT_READS_ELEMENT_ID}">${scriptSafeJson(reads)}</script>` : '',
  ].join('');
  // Before the entry script, so the browser asks for the image as early as for the script.
  const at = indexHtml.search(/<script type="module"|<\/head>/);
  return at < 0 ? indexHtml : `${indexHtml.slice(0, at)}${head}\n    ${indexHtml.slice(at)}`;
};

/**
 * The pages with reads answer with `renderPage` (compressed as any answer); a path another route serves already
 * (/index.html, a file of the build) keeps it. Other pages get index.html as built, from the not-found handler.
 */
export const registerPagesWithReads = (app: FastifyInstance, indexHtml: string, cacheControl: string): void => {
  for (const url of [...LOBBY_PAGE_PATHS, ...AGENT_PAGE_PATHS].filter((path) => !app.hasRoute({ method: 'GET', url: path }))) {
    app.get(url, { schema: { hide: true } }, async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', cacheControl)
        .header('vary', 'accept-encoding')
        .send(await renderPage(app, request.ip, url, indexHtml)),
    );
  }
};
