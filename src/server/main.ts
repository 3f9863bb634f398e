import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const { app, ctx } = await buildApp({ config });

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after error');
  await app.close();
});

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  { database: ctx.dbKind === 'pglite' ? `PGlite in ${ctx.config.dataDir}` : 'PostgreSQL', redis: Boolean(config.REDIS_URL) },
  `platform ready on http://localhost:${config.PORT}`,
);
