import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Shapes the build output before the service worker is generated (order 'pre' runs ahead of
 * vite-plugin-pwa's closeBundle): the SPA shell built from index.html becomes app.html, so that
 * index.html can be the prerendered landing page.
 */
export function sitePlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'commonground:site',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      handler() {
        if (config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const spa = path.join(outDir, 'index.html');
        if (existsSync(spa)) renameSync(spa, path.join(outDir, 'app.html'));
      },
    },
  };
}

/** Puts the theme boot script inline in the <head> of index.html (dev and build). */
export function themeBootPlugin(script: string): Plugin {
  return {
    name: 'commonground:theme-boot',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('<!--theme-boot-->', `<script>${script}</script>`),
    },
  };
}
