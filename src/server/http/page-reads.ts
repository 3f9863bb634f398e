import { parse as parseCookies } from 'cookie';
import type { FastifyInstance } from 'fastify';
import {
  AGENT_PAGE_PATHS,
  BANNER_READ,
  BOOT_READS_ELEMENT_ID,
  HOME_BANNER_GROUP,
  HOME_PAGE_PATHS,
  LOBBY_PAGE_PATHS,
  pageReads,
  type BootRead,
  type PageRead,
} from '@shared/boot-reads';
import { http, type EndpointKey, type ResponseOf } from '@shared/contract/http';
import { DEFAULT_LANGUAGE } from '@shared/i18n/languages';
import { imageUrl } from '@shared/image-url';
import { isTheme, THEME_COOKIE, type Theme } from '@shared/theme';

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
 * What a lobby page paints before its script has run (issue 15): the frame's header bar and the first home banner,
 * with the client's own classes, so they sit where and as large as the client draws them, and the page's largest
 * paint (the banner) needs only the stylesheet and the image. The side menu's room is kept (on a wide screen it
 * shows by default; on a narrow one the stylesheet gives it none). Inert and hidden from assistive technology: the
 * client's first render replaces it.
 */
const firstPaint = (bannerSrc: string, compact: boolean): string =>
  '<div class="site site--menu-shown" aria-hidden="true" inert data-first-paint>' +
  '<div class="site__body"><div class="site-header"></div>' +
  `<div class="banner-area${compact ? ' banner-area--compact' : ''}"><div class="banner-carousel"><div class="banner-slide">` +
  `<img src="${attribute(bannerSrc)}" alt="" class="banner-slide__image" fetchpriority="high">` +
  '</div></div></div></div></div>';

/** The visitor's request as a page renders for it: its address (the reads are its own) and the theme its browser last showed. */
export interface PageVisitor {
  ip: string;
  theme: Theme | null;
}

/** The theme of the request's theme cookie (written by the client, src/client/state/ui-state.ts), if any. */
export const themeOfCookies = (cookieHeader: string | undefined): Theme | null => {
  const value = cookieHeader ? parseCookies(cookieHeader)[THEME_COOKIE] : undefined;
  return isTheme(value) ? value : null;
};

/**
 * index.html for a page with reads (issue 15): the reads of `pageReads` answered in the page (the first render
 * draws the site, and on a lobby page the banner, the category bar and the jackpot, without waiting for calls),
 * a lobby's first home banner image asked for at once, at high priority, and painted with the page (`firstPaint`)
 * as its largest paint, in the visitor's theme. The client takes the answers only for a visitor without a session
 * (src/client/app/boot-reads.ts). A read that failed is left out: the client then asks for it.
 */
export const renderPage = async (app: FastifyInstance, visitor: PageVisitor, pathname: string, indexHtml: string): Promise<string> => {
  const answered = await Promise.all(pageReads(pathname, DEFAULT_LANGUAGE).map((read) => readInProcess(app, visitor.ip, read)));
  const reads = answered.filter((read) => read !== null);
  const answerOf = <K extends EndpointKey>(key: K, input: PageRead['input'] = null) =>
    reads.find((read) => read.key === key && read.input === input)?.value as ResponseOf<K> | undefined;
  const first = answerOf('announcements', BANNER_READ)?.banners.find((b) => b.groupName === HOME_BANNER_GROUP);
  // The client draws the first banner from the first CDN too (BannerSlide), so this is the URL it asks for.
  const bannerSrc = first ? imageUrl(first.url, answerOf('systemPermission')?.imageCDNs ?? [], () => 0) : null;
  const head = [
    bannerSrc ? `<link rel="preload" as="image" href="${attribute(bannerSrc)}" fetchpriority="high">` : '',
    reads.length > 0 ? `<script type="application/json" id="${BOOT_READS_ELEMENT_ID}">${scriptSafeJson(reads)}</script>` : '',
  ].join('');
  let html = visitor.theme ? indexHtml.replace(/(<html\b[^>]*\bdata-theme=")[^"]*"/, `$1${visitor.theme}"`) : indexHtml;
  if (bannerSrc) html = html.replace('<div id="root"></div>', `<div id="root">${firstPaint(bannerSrc, !HOME_PAGE_PATHS.includes(pathname))}</div>`);
  // Before the entry script, so the browser asks for the image as early as for the script.
  const at = html.search(/<script type="module"|<\/head>/);
  return at < 0 ? html : `${html.slice(0, at)}${head}\n    ${html.slice(at)}`;
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
        .header('vary', 'accept-encoding, cookie')
        .send(await renderPage(app, { ip: request.ip, theme: themeOfCookies(request.headers.cookie) }, url, indexHtml)),
    );
  }
};
