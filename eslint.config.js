// ESLint flat config. `npm run lint` (eslint .) — part of `npm run validate`.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import local from './eslint-rules/boundaries.js';

// No `globals` package is installed; plain .js/.mjs files (scripts, config) run on Node.
const nodeGlobals = Object.fromEntries(
  [
    'process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'fetch', 'Request', 'Response', 'Headers',
    'AbortController', 'AbortSignal', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval',
    'setImmediate', 'clearImmediate', 'queueMicrotask', 'structuredClone', 'TextEncoder', 'TextDecoder',
  ].map((name) => [name, 'readonly']),
);

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', '.data-test/', '.e2e-data/', 'test-results/', 'playwright-report/', 'scratch/', 'data/', 'dev-dist/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    rules: {
      // `_`-prefixed names are deliberately unused (placeholders in signatures and destructuring).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local },
    rules: {
      'local/replacement-string': 'error',
      'local/boundaries': [
        'error',
        {
          zones: [
            { target: 'src/shared', from: ['src/server', 'src/web'], message: 'src/shared is used by both ends and must not depend on either.' },
            { target: 'src/web', from: ['src/server'], message: 'the browser bundle must not pull in server code; share it through src/shared.' },
            {
              target: 'src/server',
              from: ['src/web'],
              // The SSR glue needs the render entry's types; the code itself is loaded from dist/ at run time.
              allowTypeImportsIn: ['src/server/http/web.ts'],
              message: 'the server talks to the web app only through src/server/http/web.ts (type imports of the SSR entry).',
            },
          ],
          isolated: ['src/web/features'],
        },
      ],
    },
  },
);
