import type { Plugin, Rollup } from 'vite';

/**
 * index.html asks for the default language's startup texts beside the entry script (modulepreload), instead of
 * the entry asking for them once it has run: the first render waits for them, and on a phone the entry takes
 * a second or more to run. A visitor in another language fetches these few KB for nothing; the default
 * language is the site's own.
 */
export const preloadStartupTexts = (modules: readonly string[]): Plugin => {
  let base = '/';
  return {
    name: 'preload-startup-texts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((out): out is Rollup.OutputChunk => out.type === 'chunk');
        const texts = modules.map((module) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
          if (!chunk) throw new Error(`the build has no chunk for ${module}`);
          if (chunk.imports.length > 0) throw new Error(`${module} imports other chunks; preload them too`);
          return chunk;
        });
        return texts.map((chunk) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` }, injectTo: 'head' }));
      },
    },
  };
};
