import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { endpointRoutes } from './scripts/vite-endpoint-routes';
import { preloadModules } from './scripts/vite-preload-modules';
import { DEFAULT_STARTUP_TEXT_MODULES } from './src/client/lib/startup-texts';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const aliases = {
  '@shared': fromRoot('./src/shared'),
  '@machines': fromRoot('./machines'),
  '@client': fromRoot('./src/client'),
  '@server': fromRoot('./src/server'),
  '@locales': fromRoot('./locales'),
};

/** The app's boot, which the entry (src/client/main.tsx) imports in a later task: index.html asks for it beside the entry. */
export const BOOT_APP_MODULE = 'src/client/boot-app.tsx';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  plugins: [
    react(),
    endpointRoutes(fromRoot('./src/shared/contract')),
    preloadModules([...DEFAULT_STARTUP_TEXT_MODULES, BOOT_APP_MODULE]),
    // .br and .gz beside every compressible file, at their best levels: served as they are (@fastify/static preCompressed),
    // so no request pays for compressing a static file.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|html|json|svg|txt|xml|wasm)$/, threshold: 1024, logLevel: 'silent' }),
  ],
  // es2015: rxjs's ES2015 build (classes, fewer helpers) instead of its ES5 one: 1.4 kB gzip less on the first render.
  resolve: { alias: aliases, conditions: [...defaultClientConditions, 'es2015'] },
  // The texts as `JSON.parse` of one string, without a named export of each top-level key beside the default one (which
  // alone i18next reads): smaller, and quicker to parse (the startup texts then: 9.9 -> 8.9 KB gzip).
  json: { namedExports: false, stringify: true },
  // The manifest maps each entry and chunk to its imports: the weight budget test and the bench read it.
  build: {
    outDir: 'dist/client',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    // Terser, two passes, over esbuild's minifier: 2.4 % less gzip (the home's first render 185.2 -> 180.8 KB) for about
    // 25 s more build. Its riskier options (pure_getters, unsafe_arrows, three passes) saved 0.4 KB more: not worth them.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, module: true },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/wps': apiTarget,
      '/lgw': apiTarget,
      '/lotto': apiTarget,
      // With the slash: the console page /ops is the client's; the operator API lives under /ops/.
      '/ops/': apiTarget,
      '/house': apiTarget,
      '/openapi.json': apiTarget,
      '/docs': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: { name: 'machines', environment: 'node', include: ['tests/machines/**/*.test.ts', 'tests/shared/**/*.test.ts', 'tests/replay/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/client-setup.ts'],
        },
      },
    ],
  },
});
