/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { sitePlugin, themeBootPlugin } from './scripts/vite-plugin-site';
import { THEME_BOOT_SCRIPT } from './src/lib/theme-boot';
import { manifest } from './scripts/manifest';
import { SITE_QUERY_PARAMS } from './src/site/content/contact-links';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// `npm run dev` answers /api from MSW in the browser; the worker script is served in dev only,
// so MSW never reaches the production bundle.
function devMockWorker(): Plugin {
  return {
    name: 'commonground:dev-mock-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync('node_modules/msw/lib/mockServiceWorker.js'));
      });
    },
  };
}

const apiTarget = process.env.API_TARGET;

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  plugins: [
    react(),
    tailwindcss(),
    devMockWorker(),
    themeBootPlugin(THEME_BOOT_SCRIPT),
    sitePlugin(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      // A broken worker can be retired by building with PWA_SELF_DESTROY=1 (README, "Service worker").
      selfDestroying: process.env.PWA_SELF_DESTROY === '1',
      manifest,
      includeAssets: ['favicon.svg', 'robots.txt', 'sitemap.xml'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2,txt,xml}'],
        // The SPA shell is app.html: index.html is the prerendered landing page.
        navigateFallback: '/app.html',
        navigateFallbackDenylist: [/^\/api\//],
        // /contact?plan=professional and /blog?q=… still open their prerendered page offline.
        ignoreURLParametersMatching: [
          /^utm_/,
          /^fbclid$/,
          ...SITE_QUERY_PARAMS.map((name) => new RegExp(`^${name}$`)),
        ],
        cleanupOutdatedCaches: true,
        // Data belongs to the query persister, never to a runtime cache.
        runtimeCaching: [],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: apiTarget ? { proxy: { '/api': { target: apiTarget, changeOrigin: false } } } : {},
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-ui.ts'],
          restoreMocks: true,
          environmentOptions: { jsdom: { url: 'http://localhost:4173/' } },
          alias: {
            'virtual:pwa-register/react': new URL(
              './tests/stubs/pwa-register-react.ts',
              import.meta.url,
            ).pathname,
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
