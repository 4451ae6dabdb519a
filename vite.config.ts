/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import MagicString from 'magic-string';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHintPlugin } from './scripts/vite-plugin-compile-hint';
import { inlineScriptPlugin, sitePlugin } from './scripts/vite-plugin-site';
import { EARLY_INPUT_SCRIPT } from './src/lib/early-input';
import { INTL_WARM_UP_SCRIPT } from './src/lib/intl-warm-up';
import { THEME_BOOT_SCRIPT } from './src/lib/theme-boot';
import { AMENITY_PHOTO_CACHE } from './src/lib/photo-cache';
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

// Unit tests of code that needs a browser (relative fetch through MSW, navigator.onLine,
// IndexedDB, Blob URLs) run in jsdom with the UI tests; every other unit test runs in Node.
const UNIT_TESTS_IN_BROWSER = [
  'tests/unit/connectivity.test.ts',
  'tests/unit/persist.test.ts',
  'tests/unit/query-fn.test.ts',
  'tests/unit/sign-out.test.ts',
  'tests/unit/snapshot.test.ts',
];

// Unit and UI test files run in worker threads, one per core: Vitest's default leaves a core to
// its main process, which idles once the modules are transformed (on 2 cores, half the speed),
// and a thread starts faster than a forked process. Every file still runs isolated.
const UNIT_WORKERS = {
  pool: 'threads',
  maxWorkers: availableParallelism(),
  // Projects that run in one group must agree on maxWorkers: the unit projects get their own.
  sequence: { groupOrder: 1 },
} as const;

// react-router's package exports only its development build (warnings, checks); the production
// build ships in the same package. Built bundles take it: ~2.5 KB gzip off every app page.
const REACT_ROUTER_PRODUCTION = new URL(
  './node_modules/react-router/dist/production/index.mjs',
  import.meta.url,
).pathname;

/**
 * Lets the bundler drop the parts of react-router the app does not use (Form, ScrollRestoration,
 * HistoryRouter and what only they need): its production build creates its contexts and
 * components with unannotated top-level calls (React.createContext, React.forwardRef) and names
 * them with top-level `X.displayName = …` writes, which a bundler must keep as possible side
 * effects. Marking those calls pure and dropping the names (development aids) changes nothing
 * the app runs; about 2.5 KB gzip off every app page. `<Link prefetch>` (framework mode's
 * prefetching, which the app never asks for: eslint refuses the prop) is cut out of Link too:
 * with prefetch="none" its hook returned nothing, but kept its machinery reachable; 1.8 KB gzip.
 *
 * The app routes with the declarative router (`<BrowserRouter>` and `<Routes>`, never
 * `createBrowserRouter`), so the data router's state is always absent where the two share code:
 * DECLARATIVE_ONLY says so where the bundler cannot see it, which drops the data router's
 * error boundaries, hydrate fallbacks, stable navigate and view transitions; about 0.8 KB gzip.
 * A react-router upgrade that changes one of these lines fails the build here, not silently.
 */
const DECLARATIVE_ONLY: readonly (readonly [string, string])[] = [
  [
    'function useRoutesImpl(routes, locationArg, dataRouterOpts) {',
    'function useRoutesImpl(routes, locationArg) {\n  const dataRouterOpts = void 0;',
  ],
  [
    'function _renderMatches(matches, parentMatches = [], dataRouterOpts) {\n  let dataRouterState = dataRouterOpts?.state;',
    'function _renderMatches(matches, parentMatches = []) {\n  const dataRouterOpts = void 0, dataRouterState = void 0;',
  ],
  [
    'return isDataRoute ? useNavigateStable() : useNavigateUnstable();',
    'return useNavigateUnstable();',
  ],
  ['let routerState = React10.useContext(DataRouterStateContext);', 'let routerState = null;'],
  // A top-level write that kept the data router's error boundary (unused once the above hold).
  ['RenderErrorBoundary.contextType = RSCRouterContext;', ''],
];

function declarativeOnly(code: string): string {
  if (!code.includes('function _renderMatches(')) return code;
  return DECLARATIVE_ONLY.reduce((patched, [line, replacement]) => {
    if (!patched.includes(line)) {
      throw new Error(
        `react-router changed: "${line}" not found (vite.config.ts, DECLARATIVE_ONLY)`,
      );
    }
    return patched.replace(line, replacement);
  }, code);
}

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * react-router's production build still carries its messages for misuse: console warnings (a
 * `<Link>` to a malformed URL, a basename that does not match, ...) and the errors its invariants
 * throw (a `<Route>` outside `<Routes>`, a hook outside a router, ...), development aids that the
 * app's fixed route table never triggers, ~0.5 KB gzip of every app page's first load. The calls
 * stay (the condition may matter to a reader of the code, and a broken invariant still throws);
 * a warning's message becomes "" and an invariant's a short name to search for, as React's own
 * production build replaces its error texts with codes. Found by the parser rather than by a
 * pattern, since they are multi-line template strings.
 */
function withoutWarningTexts(
  code: string,
  program: unknown,
): { code: string; map: ReturnType<MagicString['generateMap']> } {
  const edits = new MagicString(code);
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as AstNode;
    if (node.type === 'CallExpression') {
      const callee = node.callee as AstNode & { name?: string };
      const args = node.arguments as AstNode[];
      const name = callee.type === 'Identifier' ? callee.name : undefined;
      const message =
        name === 'warning' || name === 'invariant'
          ? args[1]
          : name === 'warningOnce'
            ? args[2]
            : undefined;
      if (message) {
        const text = name === 'invariant' ? '"react-router invariant"' : '""';
        edits.overwrite(message.start, message.end, text);
      }
    }
    for (const key of Object.keys(node)) if (key !== 'type') visit(node[key]);
  };
  visit(program);
  return { code: edits.toString(), map: edits.generateMap({ hires: true }) };
}

function reactRouterTreeShaking(): Plugin {
  return {
    name: 'commonground:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /react-router\/dist\/production\/chunk-[^/]+\.mjs$/ },
      handler(code) {
        const patched = declarativeOnly(code)
          .replace(
            /^(var \w+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm,
            '$1/* @__PURE__ */ $2',
          )
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
          .replace(
            /let \[shouldPrefetch, prefetchRef, prefetchHandlers\] = usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/,
            'const shouldPrefetch = false, prefetchRef = null, prefetchHandlers = {};',
          );
        return withoutWarningTexts(patched, this.parse(patched));
      },
    },
  };
}

/**
 * TanStack Query's mutations and infinite queries, which the app never uses (its writes go through
 * src/api/send.ts; eslint refuses the hooks), are still imported by the query client and every
 * query: ~1.5 KB gzip of every page's first load. The build replaces their modules with stubs
 * that throw if ever called. A restored snapshot holds no mutation (only paused ones are saved).
 */
const QUERY_CORE_UNUSED: Record<string, string> = {
  'infiniteQueryBehavior.js':
    'const unused = () => { throw new Error("Infinite queries are left out of the build (vite.config.ts)"); };\n' +
    'export { unused as infiniteQueryBehavior, unused as hasNextPage, unused as hasPreviousPage };',
  'mutation.js':
    'const unused = () => { throw new Error("Mutations are left out of the build (vite.config.ts)"); };\n' +
    'class Mutation { constructor() { unused(); } }\n' +
    'export { Mutation, unused as getDefaultState };',
};

function queryCoreWithoutUnusedParts(): Plugin {
  return {
    name: 'commonground:query-core-without-unused-parts',
    apply: 'build',
    load: {
      filter: {
        id: /\/@tanstack\/query-core\/build\/modern\/(infiniteQueryBehavior|mutation)\.js$/,
      },
      handler(id) {
        return QUERY_CORE_UNUSED[id.slice(id.lastIndexOf('/') + 1)] ?? null;
      },
    },
  };
}

/**
 * The API contract (src/api/contract.ts and its area modules, src/api/contract/) only builds
 * schemas: no module of it has a side effect to keep. Saying so lets each area module land in the
 * chunks of the pages that use it although contract.ts re-exports them all, so the dashboard's
 * first load neither downloads nor builds the schemas of settings, sign-in, residents' imports or
 * sensor management.
 */
function contractWithoutSideEffects(): Plugin {
  return {
    name: 'commonground:contract-without-side-effects',
    apply: 'build',
    transform: {
      filter: { id: /\/src\/api\/contract(\/[^/]+)?\.ts$/ },
      handler(code) {
        return { code, moduleSideEffects: false };
      },
    },
  };
}

/**
 * The modules main.tsx imports one after another at start-up, each evaluated in a task of its
 * own after React's, in this order; each becomes one chunk named after it.
 */
const BOOT_STAGES = ['contract', 'data-layer', 'app-layer'] as const;
const bootStageOf = (id: string) =>
  BOOT_STAGES.find((stage) => id.endsWith(`/src/boot/${stage}.ts`));

/** The app's routes, whose dynamic imports are the pages, and the dashboard's page among them. */
const ROUTES_MODULE = /\/src\/app\/routes\.tsx$/;
const DASHBOARD_PAGE = /\/src\/features\/dashboard\/dashboard-page\.tsx$/;
const APP_LAYER_ALWAYS = /\/src\/(api|lib)\//;

/**
 * The contract's area modules, which contract.ts re-exports: a stage reaches them all through it,
 * but only the pages that use them need them (contractWithoutSideEffects).
 */
const CONTRACT_AREA = /\/src\/api\/contract\/(?!core\.ts$|primitives\.ts$)[^/]+\.ts$/;

/**
 * Modules a stage reaches only through a package index's re-exports, but whose code only a later
 * page uses: the walk below follows every re-export, so without this TanStack's useQueries (the
 * Reports page's) rode in the data layer, 1 KB gzip of the dashboard's first load.
 */
const LATER_PAGES_ONLY =
  /\/@tanstack\/(react-query|query-core)\/build\/modern\/(useQueries|queriesObserver)\.js$/;

/**
 * main.tsx evaluates React in one task, then each boot stage (a dynamic import) in the next.
 * Two things keep that from costing bytes or round trips:
 * - Every module a stage needs and the stages before it do not is bundled into that stage's
 *   chunk: left to itself the bundler cut out each module that a page's chunk shares with a
 *   stage (button, card, skeleton, …), nine more files and 4 KB more gzip on the first load.
 * - The page's HTML gets a modulepreload link for each stage's chunk, so the browser downloads
 *   them with the entry, as it does the entry's static imports, without running them.
 */
function bootStages(): {
  plugin: Plugin;
  chunkOf(id: string): string | null;
  /** The entry's and the boot stages' modules: on every app page before anything else runs. */
  loadedAtStart(id: string): boolean;
} {
  const stageOf = new Map<string, string>();
  const loadedAtStart = new Set<string>();
  const plugin: Plugin = {
    name: 'commonground:boot-stages',
    apply: 'build',
    buildEnd() {
      stageOf.clear();
      loadedAtStart.clear();
      const ids = [...this.getModuleIds()];
      // Static imports only: what a stage's code needs before it can run.
      const seen = new Set<string>();
      // `stage`: the chunk a module reached goes to (a boot stage's are loaded at start).
      const take = (from: string[], stage: string | null | ((id: string) => string)) => {
        const queue = [...from];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          if (CONTRACT_AREA.test(id) || LATER_PAGES_ONLY.test(id)) continue;
          const chunk = typeof stage === 'function' ? stage(id) : stage;
          if (chunk === null || (BOOT_STAGES as readonly string[]).includes(chunk)) {
            loadedAtStart.add(id);
          }
          if (chunk) stageOf.set(id, chunk);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      take(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        null,
      );
      for (const stage of BOOT_STAGES) {
        take(
          ids.filter((id) => bootStageOf(id) === stage),
          stage,
        );
      }
      // The dashboard's code: what another page's first screen also uses stays in the app layer,
      // where it was when the dashboard was part of it (left to the bundler, such modules came
      // out as 14 files instead of 5 on the dashboard), and so do its data and formats (src/api,
      // src/lib), which other pages' later code uses (Reports' report data reads the metrics);
      // the rest, its page and cards, is the dashboard's chunk.
      const routes = ids.find((id) => ROUTES_MODULE.test(id));
      const pages = routes ? (this.getModuleInfo(routes)?.dynamicallyImportedIds ?? []) : [];
      const onOtherPages = new Set<string>();
      const queue = pages.filter((id) => !DASHBOARD_PAGE.test(id));
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (onOtherPages.has(id)) continue;
        onOtherPages.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      take(
        pages.filter((id) => DASHBOARD_PAGE.test(id)),
        (id) => (onOtherPages.has(id) || APP_LAYER_ALWAYS.test(id) ? 'app-layer' : 'dashboard'),
      );
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const stages = BOOT_STAGES.flatMap((stage) =>
          chunks.filter((chunk) => chunk.name === stage),
        );
        // With the chunks they import (the bundler's runtime): a modulepreload link fetches its
        // own module only, and the stage's import would wait a round trip for the rest.
        const files = new Set(stages.flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
        for (const chunk of chunks) if (chunk.isEntry) files.delete(chunk.fileName);
        const links = [...files]
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('');
        return html.replace('</head>', `${links}</head>`);
      },
    },
  };
  return {
    plugin,
    chunkOf: (id) => stageOf.get(id) ?? null,
    loadedAtStart: (id) => loadedAtStart.has(id),
  };
}

const boot = bootStages();

/**
 * Small modules that several later pages share, bundled as one chunk with the contract's text
 * formats (a chunk already): a chunk of its own each would add its file name to the app layer's
 * map of lazy imports, about 15 B gzip of the dashboard's first load per chunk, for code the
 * dashboard never runs. The storage notice's words (app/storage-unavailable.ts, loaded only when
 * IndexedDB fails) ride along for the same reason, and the writes' sender and the dialog, which
 * the pages with forms share (grouped by their users, they joined chunks the Reports page's
 * first screen and Analytics load without writing: 1.2 KB gzip each).
 */
const PAGE_HELPERS =
  /\/src\/(lib\/(typed-number|connection-notice|field-error)|ui\/(use-focus-first-problem|copy-note|dialog)|api\/(account-unknown|send)|app\/storage-unavailable|api\/contract\/(display-name|text-formats|amenity-setup))\.tsx?$/;
const pageHelpersChunkOf = (id: string) => (PAGE_HELPERS.test(id) ? 'page-helpers' : null);

/**
 * Small parts most app pages show (page icons, badges, status badges and their rules, figures,
 * lists): one chunk. Grouped by their users, they were merged with whatever else those pages
 * share, and the stat tiles of Reports' first screen brought the events API and its forms'
 * helpers along (7 KB gzip). With the widgets, the status badges cost Amy Events a 13th file.
 */
const UI_PARTS =
  /\/src\/(ui\/(stat-tile|badge|status-badge|page-icons|list-skeleton|detail-list)\.tsx|lib\/display-rules\.ts)$/;
const uiPartsChunkOf = (id: string) => (UI_PARTS.test(id) ? 'ui-parts' : null);

/**
 * The amenity set-up queries ride with the offline snapshot's reader, which names archived
 * amenities from them: shared by the two, they would be a chunk of their own (see PAGE_HELPERS).
 */
const SNAPSHOT = /\/src\/api\/(snapshot|amenity-setup)\.ts$/;
const snapshotChunkOf = (id: string) => (SNAPSHOT.test(id) ? 'snapshot' : null);

/**
 * Amenity Popularity (beside Analytics' chart, below the dashboard's first screen) with its donut:
 * one chunk. Grouped by their users (the "shared" group below), they came out as two, one more
 * request for Analytics.
 */
const WIDGETS =
  /\/src\/(widgets\/(popularity-card|breakdown-widgets)|lib\/donut|ui\/charts\/donut-chart)\.tsx?$/;
/**
 * The cards below Analytics' first screen and the dashboard's (peak hours, event performance),
 * which Amy Events uses in part: one chunk, loaded as the reader scrolls near them.
 */
const LOWER_WIDGETS =
  /\/src\/(widgets\/(event-trends|event-analysis-card|peak-hours-card|peak-and-trends-widgets)|lib\/months)\.tsx?$/;
const widgetsChunkOf = (id: string) =>
  WIDGETS.test(id) ? 'widgets' : LOWER_WIDGETS.test(id) ? 'lower-widgets' : null;

/**
 * The report document: the preview, each report's body and Generate Report's whole, loaded when a
 * report is opened (src/features/reports/reports-page.tsx). One chunk, not one per body.
 */
const REPORT_DOCUMENT =
  /\/src\/features\/reports\/(report-preview|report-sections|report-table|full-report|kinds\/[a-z-]+-report)\.tsx$/;

/**
 * The Reports page's first screen: its header, figures and report list (the reports' kinds, whose
 * bodies and downloads load on use).
 */
const REPORTS_FIRST_SCREEN =
  /\/src\/features\/reports\/(reports-page|periods|registry|report-kind|report-activity|report-skeleton|kinds\/(usage|events|financial|maintenance))\.tsx?$/;

/**
 * The rest of the Reports page's code, loaded once it has painted (the report data, the CSVs, the
 * scheduled reports and the archive), with the modules only it uses, which the report document
 * imports too: one chunk, not chunks "shared" by the page and its own document (more requests
 * for the page). A module another page starts to use must leave this list, or that page would
 * load all of Reports'.
 */
const REPORTS_PAGE =
  /\/src\/features\/reports\/|\/src\/lib\/(line-amounts|shares|calendar-period)\.ts$|\/(queriesObserver|useQueries)\.js$/;
const reportsChunkOf = (id: string) =>
  REPORT_DOCUMENT.test(id)
    ? 'report-document'
    : REPORTS_FIRST_SCREEN.test(id)
      ? 'reports-page'
      : REPORTS_PAGE.test(id)
        ? 'reports-more'
        : null;

/**
 * What the later pages and the dashboard's lazy parts share is grouped by the set of chunks that
 * use it, as the bundler does by itself, but a group under this size (source bytes) joins the
 * closest group instead of being a file of its own. Left to itself the bundler cut one file per
 * set of users, most under 1 KB gzip: Reports loaded 25 scripts, Analytics 18. Over HTTP/1.1 (6
 * connections) each round of requests costs a round trip, so with 150 ms and 1.6 Mbps in Chromium
 * (CPU 4x) Reports' page hydrated ~120 ms later and Analytics' ~100 ms later than with 12 and 11
 * files; pages then load a little code they do not run (-2 to +7 KB gzip, README "Performance").
 */
const SHARED_MERGE_BELOW_BYTES = 10_000;

/** The shared groups' chunks are named by the pages that use them: one short name instead. */
const chunkFileNames = (chunk: { name: string }) =>
  chunk.name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js';

/**
 * The bundler's runtime, the entry and the boot stages before the app layer, which have run before
 * any lazy import of the app can: listing them in each lazy import's preload list (the app layer's
 * map of lazy imports holds twenty such lists) costs the first load bytes for links the browser
 * skips. A preload list only saves round trips (a module still fetches its own imports), so a
 * chunk left out by mistake would load a little later, never fail; stylesheets are not affected.
 */
const LOADED_AT_START =
  /(^|\/)(rolldown-runtime|index|contract|data-layer|app-layer)-[\w-]{8}\.js$/;
const withoutLoadedAtStart = (_file: string, deps: string[]) =>
  deps.filter((dep) => !LOADED_AT_START.test(dep));

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  plugins: [
    react(),
    reactRouterTreeShaking(),
    queryCoreWithoutUnusedParts(),
    contractWithoutSideEffects(),
    boot.plugin,
    compileHintPlugin(),
    tailwindcss(),
    devMockWorker(),
    inlineScriptPlugin('theme-boot', THEME_BOOT_SCRIPT),
    inlineScriptPlugin('early-input', EARLY_INPUT_SCRIPT),
    inlineScriptPlugin('intl-warm-up', INTL_WARM_UP_SCRIPT),
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
        // Web Push: show, open and renew notifications (a small static script, public/push-sw.js).
        importScripts: ['/push-sw.js'],
        // Data belongs to the query persister, never to a runtime cache. The one exception is
        // amenity photos: their URLs carry the version (?v=, a new photo is a new URL), so a kept
        // copy is never stale; cards then show them offline. 60 photos, 30 days at most.
        runtimeCaching: [
          {
            urlPattern: /\/api\/amenities\/[a-z0-9-]+\/photo\?v=[0-9a-f]+$/,
            handler: 'CacheFirst',
            options: {
              cacheName: AMENITY_PHOTO_CACHE,
              expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: apiTarget ? { proxy: { '/api': { target: apiTarget, changeOrigin: false } } } : {},
  build: {
    target: 'es2022',
    // Every browser the app supports (es2022) preloads modules natively: no polyfill to ship.
    modulePreload: { polyfill: false, resolveDependencies: withoutLoadedAtStart },
    rolldownOptions: {
      output: {
        chunkFileNames,
        codeSplitting: {
          groups: [
            ...(
              [
                ['boot', boot.chunkOf],
                ['page-helpers', pageHelpersChunkOf],
                ['ui-parts', uiPartsChunkOf],
                ['snapshot', snapshotChunkOf],
                ['widgets', widgetsChunkOf],
                ['reports', reportsChunkOf],
              ] as const
            ).map(([debugName, name]) => ({
              name,
              debugName,
              includeDependenciesRecursively: false,
            })),
            {
              name: 'shared',
              // Not the two groups' above: without this the build comes out different (8 shared
              // chunks instead of 6), the groups above no longer holding all of theirs.
              test: (id: string) =>
                !boot.loadedAtStart(id) &&
                boot.chunkOf(id) === null &&
                !PAGE_HELPERS.test(id) &&
                !UI_PARTS.test(id) &&
                !SNAPSHOT.test(id) &&
                !WIDGETS.test(id) &&
                !LOWER_WIDGETS.test(id) &&
                !REPORT_DOCUMENT.test(id) &&
                !REPORTS_PAGE.test(id),
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: SHARED_MERGE_BELOW_BYTES,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    sourcemap: false,
    reportCompressedSize: false,
  },
  test: {
    projects: [
      // Pure functions: no DOM, no setup, so each file starts in a fraction of a jsdom start.
      {
        extends: true,
        test: {
          name: 'unit-node',
          ...UNIT_WORKERS,
          environment: 'node',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: UNIT_TESTS_IN_BROWSER,
          restoreMocks: true,
        },
      },
      // Components and pages, and the unit tests that need a browser (listed above).
      {
        extends: true,
        test: {
          name: 'unit-dom',
          ...UNIT_WORKERS,
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}', ...UNIT_TESTS_IN_BROWSER],
          setupFiles: ['tests/setup-ui.ts'],
          restoreMocks: true,
          // A page test renders, fetches (MSW), loads lazy modules and clicks through a whole
          // page: on a busy machine that takes seconds, so the 5 s default would fail tests
          // that are not slow. Above the waits inside a test (tests/setup-ui.ts, LAZY_LOAD).
          testTimeout: 30_000,
          environmentOptions: { jsdom: { url: 'http://localhost:4173/' } },
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
}));
