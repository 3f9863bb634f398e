import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { toErrorCode } from '@shared/contract/errors';
import type { AppContext } from '../../app-context';
import { sessionFromToken } from './sessions';

/**
 * The house provider's own pages: one page per game, opened by the lobby's game popup (an iframe)
 * with the signed session of the launch, and a public verify page. Each page is a small HTML
 * shell with no inline script (the site's CSP allows scripts from 'self' only); its module under
 * /house/assets/ reads the session from the URL and talks to /house/api/*.
 */

const ASSETS_DIR = fileURLToPath(new URL('./assets/', import.meta.url));

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const LANGUAGES = ['en', 'ty'] as const;
const pageLanguage = (asked: unknown): string => (typeof asked === 'string' && (LANGUAGES as readonly string[]).includes(asked.toLowerCase()) ? asked.toLowerCase() : 'en');

const ERROR_TEXT: Record<string, Record<string, { title: string; body: string }>> = {
  en: {
    GAME_SESSION_EXPIRED: { title: 'Session expired', body: 'This game session has ended. Close the game and start it again from the lobby.' },
    GAME_MAINTENANCE: { title: 'Under maintenance', body: 'This game is under maintenance. Try one of our other hot games.' },
    default: { title: 'Cannot open the game', body: 'This game link is not valid. Start the game again from the lobby.' },
  },
  ty: {
    GAME_SESSION_EXPIRED: { title: 'Phiên đã hết hạn', body: 'Phiên trò chơi đã kết thúc. Hãy đóng trò chơi và mở lại từ sảnh.' },
    GAME_MAINTENANCE: { title: 'Đang bảo trì', body: 'Trò chơi đang bảo trì. Hãy thử các trò chơi nổi bật khác.' },
    default: { title: 'Không thể mở trò chơi', body: 'Liên kết trò chơi không hợp lệ. Hãy mở lại trò chơi từ sảnh.' },
  },
};

const page = (options: { lang: string; title: string; module: string | null; body: string; data?: Record<string, string> }): string => {
  const data = Object.entries(options.data ?? {})
    .map(([k, v]) => ` data-${k}="${escapeHtml(v)}"`)
    .join('');
  return `<!doctype html>
<html lang="${options.lang === 'ty' ? 'vi' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="/house/assets/house.css">
${options.module ? `<script type="module" src="/house/assets/${options.module}"></script>` : ''}
</head>
<body${data}>
${options.body}
</body>
</html>
`;
};

/** The game pages may be framed by the site itself and by its public address, nowhere else. */
const gamePageHeaders = (reply: FastifyReply, ctx: AppContext) => {
  const site = new URL(ctx.config.PUBLIC_BASE_URL).origin;
  reply.removeHeader('x-frame-options');
  reply.header(
    'content-security-policy',
    `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'self' ${site}`,
  );
  reply.header('cache-control', 'no-store');
};

export const registerHousePages = async (app: FastifyInstance, ctx: AppContext): Promise<void> => {
  // One route per asset file (wildcard off): nothing else under /house/assets/ answers.
  await app.register(fastifyStatic, { root: ASSETS_DIR, prefix: '/house/assets/', decorateReply: false, wildcard: false, maxAge: '1h' });

  app.get<{ Params: { gameCode: string }; Querystring: { session?: string; lang?: string } }>(
    '/house/play/:gameCode',
    { schema: { hide: true } },
    async (request, reply) => {
      const lang = pageLanguage(request.query.lang);
      gamePageHeaders(reply, ctx);
      reply.type('text/html; charset=utf-8');
      try {
        const session = await sessionFromToken(ctx, request.query.session ?? '');
        if (session.game.gameCode !== request.params.gameCode) throw Object.assign(new Error('game mismatch'), { code: 'SIGNATURE_INVALID' });
        return page({
          lang,
          title: session.game.gameName,
          module: `${session.game.engine}.js`,
          data: { engine: session.game.engine, lang },
          body: `<main id="app" class="house house--${session.game.engine}" aria-busy="true"><p class="house__loading">…</p></main>`,
        });
      } catch (error) {
        const code = toErrorCode(error);
        const text = ERROR_TEXT[lang]![code] ?? ERROR_TEXT[lang]!.default!;
        reply.status(code === 'INTERNAL' ? 500 : code === 'GAME_MAINTENANCE' ? 503 : 401);
        return page({
          lang,
          title: text.title,
          module: null,
          body: `<main class="house house--error"><section class="panel notice"><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.body)}</p><p class="muted">${code}</p></section></main>`,
        });
      }
    },
  );

  app.get<{ Querystring: { lang?: string } }>('/house/verify', { schema: { hide: true } }, async (request, reply) => {
    const lang = pageLanguage(request.query.lang);
    gamePageHeaders(reply, ctx);
    reply.type('text/html; charset=utf-8');
    return page({
      lang,
      title: lang === 'ty' ? 'Kiểm tra công bằng' : 'Provably fair verifier',
      module: 'verify.js',
      data: { lang },
      body: '<main id="app" class="house house--verify"></main>',
    });
  });
};
