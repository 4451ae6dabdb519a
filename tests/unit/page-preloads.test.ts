import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { appPageModules, pageChunkFiles } from '../../scripts/vite-plugin-site';
import { APP_PAGES } from '../../src/lib/app-pages';

const chunk = (fileName: string, imports: string[], moduleIds: string[] = []) =>
  ({ type: 'chunk', fileName, imports, moduleIds }) as unknown as Rolldown.OutputChunk;

const bundle: Rolldown.OutputBundle = {
  'assets/app-layer.js': chunk('assets/app-layer.js', ['assets/runtime.js']),
  'assets/analytics-page.js': chunk(
    'assets/analytics-page.js',
    ['assets/badge.js', 'assets/runtime.js', 'assets/widgets.js'],
    ['/repo/src/features/analytics/analytics-page.tsx'],
  ),
  // A page grouped into one chunk with the modules it shares with its lazy parts: the chunk
  // holds the page's module without being its entry.
  'assets/reports-page.js': chunk(
    'assets/reports-page.js',
    ['assets/badge.js'],
    ['/repo/src/features/reports/report-data.ts', '/repo/src/features/reports/reports-page.tsx'],
  ),
  'assets/widgets.js': chunk('assets/widgets.js', ['assets/badge.js', 'assets/icons.js']),
  'assets/badge.js': chunk('assets/badge.js', []),
  'assets/icons.js': chunk('assets/icons.js', []),
  'assets/runtime.js': chunk('assets/runtime.js', []),
  'assets/index.css': { type: 'asset', fileName: 'assets/index.css' } as Rolldown.OutputAsset,
};

describe("an app page's own scripts", () => {
  it('are its chunk and every chunk it imports, once each, less what the page already loads', () => {
    const files = pageChunkFiles(
      bundle,
      '/repo/src/features/analytics/analytics-page',
      new Set(['assets/runtime.js', 'assets/app-layer.js']),
    );
    expect(files).toEqual([
      'assets/analytics-page.js',
      'assets/badge.js',
      'assets/widgets.js',
      'assets/icons.js',
    ]);
  });

  it("are found in the chunk that holds the page's module, whether or not it is its entry", () => {
    const files = pageChunkFiles(bundle, '/repo/src/features/reports/reports-page', new Set());
    expect(files).toEqual(['assets/reports-page.js', 'assets/badge.js']);
  });

  it('fail the build when the page has no chunk', () => {
    expect(() => pageChunkFiles(bundle, '/repo/src/features/gone-page', new Set())).toThrow(
      /no chunk for the page module/,
    );
  });
});

describe("the app pages' modules", () => {
  it('are found for every page, each an existing file', () => {
    const root = path.resolve('.');
    const modules = appPageModules(root);
    const ids = APP_PAGES.map((page) => page.id);
    expect([...modules.keys()].sort()).toEqual([...ids].sort());
    for (const module of modules.values()) {
      expect(existsSync(`${module}.tsx`) || existsSync(`${module}.ts`), module).toBe(true);
    }
  });
});
