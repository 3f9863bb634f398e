import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const { app, ctx, shutdown } = await buildApp({ config });

// SIGTERM/SIGINT: drain and close within the grace period; past it (or on a second signal) the process exits anyway.
closeWithGrace({ delay: config.SHUTDOWN_GRACE_SECONDS * 1000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after error');
  else app.log.info({ signal }, 'shutting down: draining requests, sockets and jobs');
  await shutdown();
  app.log.info('shutdown complete');
});

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  { database: ctx.dbKind === 'pglite' ? `PGlite in ${ctx.config.dataDir}` : 'PostgreSQL', redis: Boolean(config.REDIS_URL) },
  `platform ready on http://localhost:${config.PORT}`,
);
