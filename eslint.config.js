import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

const srcDir = path.resolve('src');

// Import direction (ARCHITECTURE.md): lib, ui, api -> widgets -> features, site -> app.
// widgets are the data-connected cards two features share (ui cards wired to api hooks).
// A feature never imports another feature.
const allowed = {
  lib: ['lib'],
  ui: ['lib', 'ui'],
  api: ['lib', 'api'],
  widgets: ['lib', 'ui', 'api', 'widgets'],
  site: ['lib', 'ui', 'site'],
  features: ['lib', 'ui', 'api', 'widgets', 'features'],
  app: ['lib', 'ui', 'api', 'widgets', 'features', 'site', 'app'],
};

const contractFile = path.join(srcDir, 'api', 'contract');

function where(file) {
  const rel = path.relative(srcDir, file);
  if (rel.startsWith('..')) return null;
  const [area, feature] = rel.split(path.sep);
  return { area, feature };
}

const importDirection = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = where(context.filename);
    if (!from || !(from.area in allowed)) return {};
    const check = (node) => {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      // The API contract is a leaf (it imports only zod): every layer may use its types.
      if (target === contractFile) return;
      const to = where(target);
      if (!to) return;
      if (!allowed[from.area].includes(to.area)) {
        context.report({ node, message: `src/${from.area} must not import from src/${to.area}.` });
      } else if (
        from.area === 'features' &&
        to.area === 'features' &&
        from.feature !== to.feature
      ) {
        context.report({
          node,
          message: `Feature '${from.feature}' must not import feature '${to.feature}'; move shared code to ui, lib or api.`,
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'coverage',
      'test-results',
      'mocks/public',
      'dev-dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { local: { rules: { 'import-direction': importDirection } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'local/import-direction': 'error',
      // The build leaves TanStack's mutations and infinite queries out (vite.config.ts,
      // queryCoreWithoutUnusedParts): the app's writes go through src/api/send.ts.
      'no-restricted-imports': [
        'error',
        {
          paths: ['@tanstack/react-query', '@tanstack/query-core'].map((name) => ({
            name,
            importNames: [
              'useMutation',
              'useIsMutating',
              'useMutationState',
              'MutationObserver',
              'useInfiniteQuery',
              'useSuspenseInfiniteQuery',
              'infiniteQueryOptions',
              'InfiniteQueryObserver',
            ],
            message:
              'Mutations and infinite queries are left out of the build (vite.config.ts, queryCoreWithoutUnusedParts).',
          })),
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      // The build drops react-router's link prefetching (vite.config.ts, reactRouterTreeShaking).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXAttribute[name.name="prefetch"]',
          message: 'Link prefetching is left out of the build (vite.config.ts): preload instead.',
        },
      ],
    },
  },
);
