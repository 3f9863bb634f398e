import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseCookies } from 'cookie';
import type { FastifyInstance } from 'fastify';
import {
  AGENT_LOGIN_PATH,
  AGENT_LOGIN_PERKS,
  AGENT_PAGE_PATHS,
  AGENT_SIGNED_IN_COOKIE,
  type AgentLoginPerk,
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
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE } from '@shared/i18n/languages';
import { imageUrl } from '@shared/image-url';
import { isTheme, THEME_COOKIE, type Theme } from '@shared/theme';

/** A JSON text safe inside a <script> element: no `</script>` or `<!--` can end or change it. */
const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** A text safe in an attribute's quotes or between tags. */
const escapeHtml = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

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
  `<img src="${escapeHtml(bannerSrc)}" alt="" class="banner-slide__image" fetchpriority="high">` +
  '</div></div></div></div></div>';

interface AgentLoginTexts {
  title: string;
  lead: string;
  formTitle: string;
  perks: Record<AgentLoginPerk, { title: string; text: string }>;
}

let agentLoginTexts: AgentLoginTexts | null = null;

/** The agent login's promotion texts in the language a first visit starts in, read once. */
const defaultAgentLoginTexts = (): AgentLoginTexts => {
  agentLoginTexts ??= JSON.parse(
    fs.readFileSync(fileURLToPath(new URL(`../../../locales/${DEFAULT_LANGUAGE}/agent-login.json`, import.meta.url)), 'utf8'),
  ) as AgentLoginTexts;
  return agentLoginTexts;
};

/**
 * What the agent login paints before its script has run (issue 15): its promotion (title, lead, perks) and the form's
 * card with its title, with the client's own classes (src/client/app/routes/agent-login.tsx), so the largest paint
 * there, the lead, needs only the stylesheet. The top bar's height is held by an empty icon button (the theme toggle's
 * size), and each perk keeps its icon's room. Inert and hidden, as the lobby's: the client's first render replaces it.
 */
const agentLoginFirstPaint = (texts: AgentLoginTexts): string =>
  '<div class="agent-site" aria-hidden="true" inert data-first-paint><div class="agent-login"><section class="agent-login__promo">' +
  '<div class="agent-login__top"><span></span><span class="icon-button"></span></div>' +
  `<h1 class="agent-login__title">${escapeHtml(texts.title)}</h1><p class="agent-login__lead">${escapeHtml(texts.lead)}</p>` +
  '<ul class="agent-login__perks">' +
  AGENT_LOGIN_PERKS.map(
    (id) =>
      '<li><svg width="22" height="22" aria-hidden="true"></svg>' +
      `<div><p class="agent-login__perk-title">${escapeHtml(texts.perks[id].title)}</p>` +
      `<p class="agent-login__perk-text">${escapeHtml(texts.perks[id].text)}</p></div></li>`,
  ).join('') +
  '</ul></section>' +
  `<section class="agent-login__form card"><h2>${escapeHtml(texts.formTitle)}</h2></section></div></div>`;

/**
 * The visitor's request as a page renders for it: its address (the reads are its own), the theme and the language
 * its browser last showed (null before its first visit), and whether an agent has signed in in this browser session
 * (AGENT_SIGNED_IN_COOKIE).
 */
export interface PageVisitor {
  ip: string;
  theme: Theme | null;
  language: string | null;
  agentSignedIn: boolean;
}

/**
 * What the request's cookies tell about the browser, as the client writes them: the theme (src/client/state/ui-state.ts),
 * the language (src/client/lib/i18n.ts) and the agent hint (src/client/features/auth/session-storage.ts).
 */
export const visitorOfCookies = (cookieHeader: string | undefined): Omit<PageVisitor, 'ip'> => {
  const cookies = cookieHeader ? parseCookies(cookieHeader) : {};
  const theme = cookies[THEME_COOKIE];
  return { theme: isTheme(theme) ? theme : null, language: cookies[LANGUAGE_COOKIE] ?? null, agentSignedIn: cookies[AGENT_SIGNED_IN_COOKIE] !== undefined };
};

/**
 * The markup #root comes with: on a lobby page its first home banner; on the agent login its promotion, and on the
 * agent center too unless an agent may be signed in (a visitor is sent to the login there). Texts only for a browser
 * in the default language: another's would read them in the wrong one until the client has run.
 */
const firstPaintOf = (pathname: string, visitor: PageVisitor, bannerSrc: string | null): string | null => {
  if (bannerSrc) return firstPaint(bannerSrc, !HOME_PAGE_PATHS.includes(pathname));
  const inDefaultLanguage = (visitor.language ?? DEFAULT_LANGUAGE) === DEFAULT_LANGUAGE;
  const onAgentLogin = pathname === AGENT_LOGIN_PATH || (AGENT_PAGE_PATHS.includes(pathname) && !visitor.agentSignedIn);
  return onAgentLogin && inDefaultLanguage ? agentLoginFirstPaint(defaultAgentLoginTexts()) : null;
};

/**
 * index.html for a page with reads (issue 15): the reads of `pageReads` answered in the page (the first render
 * draws the site, and on a lobby page the banner, the category bar and the jackpot, without waiting for calls),
 * a lobby's first home banner image asked for at once, at high priority, and painted with the page (`firstPaint`)
 * as its largest paint, in the visitor's theme; an agent page paints the agent login's promotion (`firstPaintOf`).
 * The client takes the answers only for a visitor without a session (src/client/app/boot-reads.ts). A read that
 * failed is left out: the client then asks for it.
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
    bannerSrc ? `<link rel="preload" as="image" href="${escapeHtml(bannerSrc)}" fetchpriority="high">` : '',
    reads.length > 0 ? `<script type="application/json" id="${BOOT_READS_ELEMENT_ID}">${scriptSafeJson(reads)}</script>` : '',
  ].join('');
  let html = visitor.theme ? indexHtml.replace(/(<html\b[^>]*\bdata-theme=")[^"]*"/, `$1${visitor.theme}"`) : indexHtml;
  // Before the entry script, so the browser asks for the image as early as for the script.
  const at = html.search(/<script type="module"|<\/head>/);
  if (at >= 0) html = `${html.slice(0, at)}${head}\n    ${html.slice(at)}`;
  const painted = firstPaintOf(pathname, visitor, bannerSrc);
  return painted ? startAfterPaint(html.replace('<div id="root"></div>', `<div id="root">${painted}</div>`)) : html;
};

const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * A painted page's first paint waits for no script (the entry, the app's boot, the texts): they are asked for by
 * public/static/start-after-paint.js once the painted image has come, so the stylesheet and the banner have the link
 * to themselves. A page without an entry script (not a build of the client) is left as it is.
 */
const startAfterPaint = (html: string): string => {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const loader = `<script defer src="/static/start-after-paint.js" data-entry="${entry[1]!}" data-preloads="${preloads.join(' ')}"></script>`;
  return html.replace(entry[0], loader).replace(MODULE_PRELOAD, '');
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
        .send(await renderPage(app, { ip: request.ip, ...visitorOfCookies(request.headers.cookie) }, url, indexHtml)),
    );
  }
};
