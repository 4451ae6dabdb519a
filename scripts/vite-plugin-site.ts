import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { APP_PAGES } from '../src/lib/app-pages';
import { prerenderAppShells, prerenderSite } from './prerender';
import { compileHintPlugin } from './vite-plugin-compile-hint';

/** The public pages' only script (vanilla TypeScript, no React). */
export const ISLAND_ENTRY = 'src/site/islands/main.ts';

type ChunkWithCss = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The stylesheet(s) of the SPA entry: the shared Tailwind file the public pages use too. */
export function appStylesheets(bundle: Rolldown.OutputBundle): string[] {
  const app = Object.values(bundle).find(
    (o): o is ChunkWithCss =>
      o.type === 'chunk' && o.isEntry && (o.facadeModuleId?.endsWith('index.html') ?? false),
  );
  const css = [...(app?.viteMetadata?.importedCss ?? [])];
  if (css.length === 0) throw new Error('Site build: the app entry has no stylesheet');
  return css;
}

/** Where each app page's code is attached to its id, as lazy imports. */
const ROUTES_MODULE = 'src/app/routes.tsx';

/**
 * Each app page's module (absolute, without its extension), by page id, read from the lazy
 * imports of src/app/routes.tsx. Every page must have one: a page missing here would quietly lose
 * its preloads, so the build fails instead.
 */
export function appPageModules(root: string): Map<string, string> {
  const source = readFileSync(path.join(root, ROUTES_MODULE), 'utf8');
  const modules = new Map<string, string>();
  const lazyImport = /'?([\w-]+)'?:\s*preloadable\(\s*\(\)\s*=>\s*import\('(\.{1,2}\/[^']+)'\)/g;
  for (const [, id, specifier] of source.matchAll(lazyImport)) {
    if (id && specifier) {
      modules.set(id, path.resolve(root, path.dirname(ROUTES_MODULE), specifier));
    }
  }
  const missing = APP_PAGES.filter((page) => !modules.has(page.id));
  if (missing.length > 0) {
    throw new Error(
      `Site build: no lazy import found in ${ROUTES_MODULE} for ${missing.map((p) => p.id).join(', ')}`,
    );
  }
  return modules;
}

/**
 * The scripts an app page runs before it hydrates, beyond those its HTML already loads (`loaded`:
 * the entry and the boot stages): the page's chunk and every chunk it imports statically. Listed
 * in the page's HTML as modulepreload links (at low priority, after the stylesheet: see
 * appPageDocument), they download while the boot stages run instead of after the app layer has
 * run, and the bundler's preload helper, which finds them there, no longer
 * adds a link for each one at that moment (~25-35 ms of main thread at CPU 4x on Analytics and
 * Reports, each link's insertion a task of the browser's).
 */
export function pageChunkFiles(
  bundle: Rolldown.OutputBundle,
  pageModule: string,
  loaded: ReadonlySet<string>,
): string[] {
  const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  // The chunk that holds the page's module, whether or not it is that chunk's entry (a page's own
  // code can be grouped into one chunk with the modules it shares with its lazy parts).
  const page = chunks.find((chunk) =>
    chunk.moduleIds.some((id) => id.replace(/\.tsx?$/, '') === pageModule),
  );
  if (!page) throw new Error(`Site build: no chunk for the page module ${pageModule}`);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files: string[] = [];
  const queue = [page.fileName];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (loaded.has(file) || files.includes(file)) continue;
    files.push(file);
    queue.push(...(byFile.get(file)?.imports ?? []));
  }
  return files;
}

/**
 * Builds the island as one self-contained file (its own small build, no chunks shared with the
 * SPA), so a public page's script cannot grow by what the app bundles, and it is one request.
 */
export async function buildIsland(
  root: string,
  outDir: string,
  target: ResolvedConfig['build']['target'],
): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    plugins: [compileHintPlugin()],
    build: {
      write: false,
      target,
      modulePreload: false,
      rolldownOptions: {
        input: path.resolve(root, ISLAND_ENTRY),
        output: { entryFileNames: 'assets/site-[hash].js', codeSplitting: false },
      },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  const [island, ...extra] = chunks;
  if (!island || extra.length > 0) {
    throw new Error(`Site build: the island must be one file, got ${chunks.length} chunks`);
  }
  mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  writeFileSync(path.join(outDir, island.fileName), island.code);
  return island.fileName;
}

/**
 * Shapes the build output before the service worker is generated (order 'pre' runs ahead of
 * vite-plugin-pwa's closeBundle): the SPA shell built from index.html becomes app.html, and every
 * public route is prerendered to a flat HTML file (index.html is the landing page) with the
 * island script, the sitemap and robots.txt, so the worker precaches them all.
 */
export function sitePlugin(): Plugin {
  let config: ResolvedConfig;
  let css: string[] = [];
  let appBundle: Rolldown.OutputBundle = {};
  return {
    name: 'commonground:site',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      if (config.build.ssr) return;
      css = appStylesheets(bundle);
      appBundle = bundle;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const spa = path.join(outDir, 'index.html');
        // closeBundle runs after a failed bundle too: leave the bundler's own error to speak.
        if (!existsSync(spa)) return;
        renameSync(spa, path.join(outDir, 'app.html'));
        const island = await buildIsland(config.root, outDir, config.build.target);
        const url = (file: string) => `${config.base}${file}`;
        const written = await prerenderSite({
          root: config.root,
          outDir,
          assets: { css: css.map(url), island: url(island) },
        });
        config.logger.info(`prerendered ${written.length} public pages with ${island}`);
        const pageModules = appPageModules(config.root);
        const shells = await prerenderAppShells({
          root: config.root,
          outDir,
          pageScripts: (id, loaded) => {
            const pageModule = pageModules.get(id);
            return pageModule ? pageChunkFiles(appBundle, pageModule, loaded).map(url) : [];
          },
        });
        config.logger.info(`prerendered the first frame of ${shells.length} app pages`);
      },
    },
  };
}

/** Puts a script inline in index.html in place of its `<!--name-->` comment (dev and build). */
export function inlineScriptPlugin(name: string, script: string): Plugin {
  return {
    name: `commonground:${name}`,
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        // A renamed marker would otherwise leave the page without its script, silently.
        if (!html.includes(`<!--${name}-->`)) throw new Error(`index.html has no <!--${name}-->`);
        return html.replace(`<!--${name}-->`, `<script>${script}</script>`);
      },
    },
  };
}
