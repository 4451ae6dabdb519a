import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from '../../scripts/vite-plugin-compile-hint';

describe('compile hint of the build', () => {
  it('puts the hint on the first line of every chunk, once, and leaves other files alone', () => {
    const bundle = {
      'assets/a.js': { type: 'chunk' as const, fileName: 'assets/a.js', code: 'export const a=1;' },
      'assets/b.js': {
        type: 'chunk' as const,
        fileName: 'assets/b.js',
        code: `${COMPILE_HINT}\nexport const b=2;`,
      },
      'assets/c.css': { type: 'asset' as const, fileName: 'assets/c.css', source: 'p{}' },
    };
    addCompileHints(bundle);
    addCompileHints(bundle);
    expect(bundle['assets/a.js'].code).toBe(`${COMPILE_HINT}\nexport const a=1;`);
    expect(bundle['assets/b.js'].code).toBe(`${COMPILE_HINT}\nexport const b=2;`);
    expect(bundle['assets/c.css'].source).toBe('p{}');
  });

  it("moves a chunk's source map down by the added line", () => {
    const map = { version: 3, sources: ['src/a.ts'], names: [], mappings: 'AAAA;AACA' };
    const bundle = {
      'assets/a.js': { type: 'chunk' as const, fileName: 'assets/a.js', code: 'a;\nb;' },
      'assets/a.js.map': {
        type: 'asset' as const,
        fileName: 'assets/a.js.map',
        source: JSON.stringify(map),
      },
    };
    addCompileHints(bundle);
    expect(JSON.parse(String(bundle['assets/a.js.map'].source))).toEqual({
      ...map,
      mappings: ';AAAA;AACA',
    });
  });
});
