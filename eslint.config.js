// ESLint (flat config), run in CI by `npm run lint`. Type-aware (typescript-eslint reads the
// root tsconfig.json), for the rules that need types: above all no-floating-promises and
// no-misused-promises, since a promise nobody awaits or catches loses its error, and an idle
// Piscina worker that blocks in Atomics.wait stalls it as well (inference.worker.ts).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['**/node_modules/', 'protos/gen/', 'bench/results/', 'core/src/db/migrations/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // One program for the whole tree: every linted .ts file is in tsconfig.json (faster than the project service).
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The reason this linter is here: errors, whatever the presets say.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',

      // Off: they would flood without finding bugs. The no-unsafe-* family reports every use of an
      // `any` (about 1,500 hits, mostly the gRPC clients and messages that proto-loader types
      // loosely, and parsed JSON); tsc's strict mode is the type check here.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // The `any`s left are at boundaries (JSON, native modules, test doubles), written on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      // Async functions without an await implement async interfaces (route handlers, task
      // functions, repository methods): making them sync would change what throws versus rejects.
      '@typescript-eslint/require-await': 'off',
      // Style only (about 130 casts that the types already imply); harmless, and its fixes would
      // touch lines that other work is retyping.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Reports String(x) of `unknown` values (query parameters, error codes), whose text is
      // escaped or compared afterwards: '[object Object]' there is no bug.
      '@typescript-eslint/no-base-to-string': 'off',

      // An unused binding named _x is deliberate (a placeholder parameter, a rest-sibling omitted).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],

      // A warning: Prettier (printWidth 160, `npm run format:check` in CI) wraps what it can; what
      // remains over the limit are single long quoted strings (messages, descriptions).
      // Lines Prettier does not split are left alone: comments, URLs, regular expressions and
      // template literals (HTML pages, messages). Not quoted strings: ignoreStrings would exempt
      // every line holding one, which is most of the long ones.
      'max-len': ['warn', { code: 160, ignoreUrls: true, ignoreRegExpLiterals: true, ignoreComments: true, ignoreTemplateLiterals: true }],

      // Configuration is read in one place, loadConfig (platform/src/config), which validates it and
      // gives it defaults; code is handed the Config it needs. Exceptions are listed below.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through loadConfig (platform/src/config): process.env is read only there.' },
      ],
    },
  },
  {
    files: [
      'platform/src/config/**',
      // Entry points that hand the whole environment to loadConfig (or, for the admin CLI, take it as a parameter tests can replace).
      'inference/src/main.ts',
      'deploy/docker/healthcheck.ts',
      'deploy/src/admin-cli.ts',
      // Tests, their fixtures and benchmarks read their own knobs (MODELS_DIR, TEST_DATABASE_URL, browser paths, run sizes).
      '**/*.test.ts',
      '**/*.spec.ts',
      '*/test/**',
      'test/**',
      'bench/**',
      'core/src/testing/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The JavaScript config files are not in tsconfig.json: no type-aware rules for them.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
);
