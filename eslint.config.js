// ESLint: guards the design (import layering) and React's hook rules. The tools live in scripts/lint/
// with their own package.json, because typescript-eslint parses with TypeScript 5's API and the app
// type-checks with TypeScript 7. Run: scripts/lint/node_modules/.bin/eslint .  (npm test does).
import { createRequire } from 'node:module';
import boundaries from './scripts/lint/import-boundaries.js';

const lintTools = createRequire(new URL('./scripts/lint/package.json', import.meta.url));
const tseslint = lintTools('typescript-eslint');
const reactHooks = lintTools('eslint-plugin-react-hooks');
const globals = lintTools('globals');

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'web/dist/**',
      'dist/**',
      '.build/**',
      'data/**',
      'tests/fixtures/**',
      'src/db/migrations/**',
      'tests/api/booth-client/openapi.gen.ts',
      'src/http/gallery-script.generated.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { momentbox: boundaries },
    rules: {
      'momentbox/import-boundaries': 'error',
      // Unused names are tsc's job (noUnusedLocals/Parameters); `_`-prefixed ones are deliberate.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Test helpers and scripts read arbitrary JSON answers; the app code keeps `any` out.
    files: ['tests/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // An effect written as a concise arrow returns its body's value, and React calls that as the clean-up:
      // `useEffect(() => window.scrollTo(0, 0))` left the legal pages blank once Chromium's scrollTo returned a
      // promise (commit abfeb6b). Braces, or `void` for an effect whose value is deliberately dropped.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression:matches([callee.name=/^use(Layout|Insertion)?Effect$/], [callee.property.name=/^use(Layout|Insertion)?Effect$/]) > ArrowFunctionExpression.arguments:first-child[expression=true]:not([body.operator="void"]):not([body.type=/^(Arrow)?FunctionExpression$/])',
          message:
            "An effect's callback must not return a value (React calls it as the clean-up): put the body in braces, or return a clean-up function explicitly.",
        },
      ],
    },
  },
);
