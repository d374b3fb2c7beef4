/**
 * Lint rules of the whole tree (`npm run lint`, part of `npm test`). Formatting is Prettier's (.prettierrc.json);
 * these catch mistakes and keep the layers apart: the browser (src/) and the umi mock (mock/) never import the
 * server, and the browser runs only the contract's zod-free modules (the others are imported as types).
 */
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverImport = {
  group: ['**/server/**', '../server', '../../server'],
  message: 'The server is not part of the browser bundle or the mock.',
};

/** The contract's zod-free modules, which the browser may run: shared ones, and in a resource's folder its codes and rules. */
const zodFreeInFolders = {
  shared: ['access', 'chinaTime', 'consolidation', 'endpoint', 'formats', 'owners', 'ruleError', 'sheet', 'sizeBreakdownText'],
  auth: ['codes'],
  bol: ['codes', 'sheet'],
  carton: ['codes'],
  company: ['codes'],
  admin: ['codes'],
  compare: ['codes'],
  container: ['codes', 'loadPlan', 'loadPlanView'],
  freight: ['codes', 'split', 'loose'],
  declaration: ['codes'],
  download: ['codes'],
  goods: ['codes'],
  history: ['codes'],
  home: ['codes'],
  inspection: ['codes'],
  lookup: ['codes'],
  loose: ['codes'],
  mail: ['codes'],
  notice: ['codes'],
  order: ['codes'],
  packing: ['codes', 'rules', 'checks'],
  plan: ['codes'],
  price: ['codes'],
  search: ['codes'],
  setting: ['codes'],
  sticker: ['codes'],
  tnt: ['codes', 'build'],
  token: ['codes'],
  webhook: ['codes'],
  user: ['codes'],
};

/** Every contract module but the zod-free ones (a folder is opened again before its zod-free files are allowed). */
const zodFreeContract = [
  '@contract/*',
  ...Object.entries(zodFreeInFolders).flatMap(([folder, names]) => [
    `!@contract/${folder}`,
    `@contract/${folder}/*`,
    ...names.map((name) => `!@contract/${folder}/${name}`),
  ]),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'release/',
      'data/',
      'src/.umi/',
      'src/.umi-production/',
      'src/.umi-test/',
      'tests/e2e/output/',
      'tests/client/generated/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Third-party shapes (OpenAPI documents, umi-request internals) are read loosely in a few places, on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // No production file over 400 lines: past that a file holds more than one thing (tests and benchmarks may).
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: ['**/*.test.{ts,tsx}', 'tests/**', 'src/testing/**', 'server/testing/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // CommonJS files, and jest.mock factories (which must require what they return).
    files: ['**/*.js', '**/*.cjs', '**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'config/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImport,
            { group: ['**/mock/**'], message: 'Pages call services; the mock answers them.' },
            {
              // The contract's zod files (schemas, endpoint tables) are types only here; the listed ones are zod-free.
              group: zodFreeContract,
              allowTypeImports: true,
              message: 'This contract module holds zod schemas: `import type` it, or import its zod-free codes module.',
            },
          ],
          paths: [{ name: 'zod', message: 'zod stays out of the browser bundle: import contract types with `import type`.' }],
        },
      ],
    },
  },
  {
    // Domain code refuses with RuleError (domain/refusals.ts); the edge maps refusals to HTTP in one place. The calls
    // the server makes itself (http/outbound/: which addresses, a signed POST, retries) are domain code's to use.
    files: ['server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)http(/(?!outbound/)|$)',
              message: 'Domain code does not speak HTTP: refuse with RuleError (domain/refusals.ts), take plain values.',
            },
            {
              group: ['fastify', '@fastify/*'],
              message: 'Domain code does not speak HTTP: refuse with RuleError (domain/refusals.ts), take plain values.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['mock/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImport] }] },
  },
  prettier,
);
