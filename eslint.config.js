// ESLint flat config. Syntax-only (no type information): tsc already checks the types, and without them the
// whole tree lints in about 20 s of one core. The import boundaries mirror tests/boundaries/boundaries.ts and add the web's.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, includeIgnoreFile } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
const at = (path) => join(ROOT, path);

const TS = ['**/*.{ts,tsx,mts}'];
const SOURCE = ['src/**/*.{ts,tsx}'];
const TESTS = ['**/*.test.{ts,tsx}'];

/** Files importing from `from` (folders or globs under the root) break the rule named by `message`. */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

/** The layer directions of tests/boundaries/boundaries.ts (its one exception is the schema block below). */
const LAYER_ZONES = [
  zone('src/domain', 'src', 'src/domain imports nothing else of ours.', ['./domain']),
  zone('src/web', 'src', 'src/web imports only src/web and src/domain (no server code).', ['./web', './domain']),
  zone(
    'src/adapters',
    ['src/projections', 'src/api', 'src/commands', 'src/composition'],
    'Adapters import neither projections, api, commands nor the composition root.',
  ),
  zone('src/cli', 'src/api', 'CLIs do not import from src/api.'),
  zone(
    ['src/domain', 'src/commands', 'src/projections', 'src/adapters', 'src/api', 'src/web', 'src/composition'],
    'src/cli',
    'The CLIs sit above the layers they drive: nothing imports them.',
  ),
];

/** The database schema composes the read models' table types: its only inward look (type-only, which the boundary test checks). */
const SCHEMA = 'src/adapters/db/schema.ts';
const SCHEMA_ZONES = LAYER_ZONES.map((layer) =>
  layer.target === 'src/adapters'
    ? zone(
        layer.target,
        layer.from.map((folder) => `${folder}/**`),
        layer.message,
        [at('src/projections/read-models/*/tables.ts')],
      )
    : layer,
);

/** Route handlers call use cases, never an adapter. */
const ROUTE_ZONES = [zone('src/api/routes', 'src/adapters', 'Routes call a use case, never an adapter.')];

/** A web feature reaches another only through that feature's public index. */
const FEATURES = readdirSync(at('src/web/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_ZONES = FEATURES.map((feature) =>
  zone(
    `src/web/features/!(${feature})/**`,
    `src/web/features/${feature}`,
    `Import another feature through its index: src/web/features/${feature}/index.ts.`,
    ['./index.ts'],
  ),
);

/** escapeHtml has one definition. */
const ONE_ESCAPE_HTML = [
  'FunctionDeclaration[id.name=/^escapeHtml$/i]',
  'VariableDeclarator[id.name=/^escapeHtml$/i]',
  'MethodDefinition[key.name=/^escapeHtml$/i]',
  'Property[key.name=/^escapeHtml$/i][value.type=/Function/]',
].map((selector) => ({ selector, message: 'escapeHtml has one definition: import it from src/domain/shared/html.ts.' }));

/** Who is staff is answered once: a level compared with 'admin' elsewhere is a copy of that rule. */
const ONE_STAFF_RULE = [
  "BinaryExpression[operator=/^[!=]==?$/][left.property.name='lvl'][right.value='admin']",
  "BinaryExpression[operator=/^[!=]==?$/][right.property.name='lvl'][left.value='admin']",
].map((selector) => ({ selector, message: 'Ask src/domain/accounts/access.ts (isStaff, isStaffLevel) who is staff.' }));

/** A later block's zones replace an earlier one's for the same file, so each block lists every zone that applies. */
const restrictedPaths = (zones) => ['error', { basePath: ROOT, zones }];

export default defineConfig(
  includeIgnoreFile(at('.gitignore'), 'tessera/gitignore'),
  {
    name: 'tessera/linter-options',
    linterOptions: { reportUnusedDisableDirectives: 'error', reportUnusedInlineConfigs: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'tessera/languages',
    languageOptions: { globals: { ...globals.node } },
  },
  {
    name: 'tessera/web-globals',
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'tessera/general',
    files: TS,
    rules: {
      // Matching control characters is the point of the few regexes that have them: they strip or refuse them in text and XML.
      'no-control-regex': 'off',
      // `_`-prefixed names mark a parameter or a destructured field kept for its position or left out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    name: 'tessera/react-hooks',
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The two classic rules only: the React Compiler rules of the plugin's preset (19 hits today, mostly
    // set-state-in-effect in the fetch-in-effect pages that issue 56 step 4 moves to router loaders) double the lint time.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    name: 'tessera/import-x',
    files: SOURCE,
    plugins: { 'import-x': importX },
    settings: {
      // Sources import `./x.js` for `./x.ts`, as NodeNext wants; the tsconfig gives any path alias.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          tsconfig: { configFile: at('tsconfig.json') },
        }),
      ],
    },
  },
  {
    name: 'tessera/import-boundaries',
    files: SOURCE,
    ignores: [SCHEMA],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(LAYER_ZONES) },
  },
  {
    name: 'tessera/import-boundaries/schema',
    files: [SCHEMA],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(SCHEMA_ZONES) },
  },
  {
    name: 'tessera/routes-import-no-adapters',
    files: ['src/api/routes/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths([...LAYER_ZONES, ...ROUTE_ZONES]) },
  },
  {
    name: 'tessera/web-features-through-index',
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths([...LAYER_ZONES, ...FEATURE_ZONES]) },
  },
  // Every line counts, comments and blanks too: a file or function that outgrows these is split along what it holds.
  {
    name: 'tessera/sizes',
    files: SOURCE,
    ignores: TESTS,
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  // A route module holds one use case or a small group of them.
  {
    name: 'tessera/sizes/routes',
    files: ['src/api/routes/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  // One rule, one place: a second escapeHtml, or a level compared with 'admin' (who is staff) outside
  // src/domain/accounts/access.ts, fails the lint. A later block's no-restricted-syntax replaces an
  // earlier one's for the same file, so each block lists every selector that applies to its files.
  {
    name: 'tessera/one-rule-one-place',
    files: ['**/*.{ts,tsx,js,mjs,mts}'],
    ignores: ['src/domain/shared/html.ts', 'src/domain/accounts/access.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_ESCAPE_HTML, ...ONE_STAFF_RULE] },
  },
  {
    name: 'tessera/one-rule-one-place/html',
    files: ['src/domain/shared/html.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_STAFF_RULE] },
  },
  {
    name: 'tessera/one-rule-one-place/access',
    files: ['src/domain/accounts/access.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_ESCAPE_HTML] },
  },
  prettier,
);
