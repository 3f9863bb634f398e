import type { Plugin, Rollup } from 'vite';

/**
 * index.html asks for the chunks of `modules` (and the chunks they import, the entry's aside) beside the entry
 * script (modulepreload), instead of the entry asking for them once it has run: the first render needs them, and on
 * a phone the entry takes a second or more to come and run. Here: the default language's startup texts (a visitor in
 * another language fetches these few KB for nothing; the default language is the site's own) and the app's boot
 * (src/client/boot-app.tsx), which the entry imports in a later task.
 */
export const preloadModules = (modules: readonly string[]): Plugin => {
  let base = '/';
  return {
    name: 'preload-modules',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((out): out is Rollup.OutputChunk => out.type === 'chunk');
        const files = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk) => {
          if (chunk.isEntry || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const imported of chunk.imports) visit(chunks.find((c) => c.fileName === imported)!);
        };
        for (const module of modules) {
          // The chunk that holds the module (a dynamically imported module's chunk need not have it as its facade).
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${module}`)));
          if (!chunk) throw new Error(`the build has no chunk for ${module}`);
          visit(chunk);
        }
        return [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' }));
      },
    },
  };
};
