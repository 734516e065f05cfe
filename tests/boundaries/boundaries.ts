import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { READ_MODEL_TABLES } from '../../src/projections/read-models/tables.js';

export interface SourceFile {
  /** Relative to the repository root, with forward slashes: 'src/api/app.ts'. */
  path: string;
  text: string;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const READ_MODEL_TABLE_NAMES: ReadonlySet<string> = new Set(READ_MODEL_TABLES);
/** The only code that may write SQL against read-model tables. */
const READ_MODEL_MODULES = 'src/projections/read-models/';

/** Every .ts/.tsx file under src/, tests next to the code included (they must keep the directions too). */
export async function readSourceFiles(): Promise<SourceFile[]> {
  const entries = await readdir(join(ROOT, 'src'), { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && /\.tsx?$/u.test(entry.name));
  return Promise.all(
    files.map(async (entry) => {
      const absolute = join(entry.parentPath, entry.name);
      return { path: relative(ROOT, absolute).replaceAll('\\', '/'), text: await readFile(absolute, 'utf8') };
    }),
  );
}

/** tsconfig.json's path aliases: the folder each stands for. */
const PATH_ALIASES: readonly [prefix: string, folder: string][] = [
  ['@/', 'src/web/'],
  ['@domain/', 'src/domain/'],
];

/** The module `specifier` names from `file`, as 'src/…'; null for a package. */
function resolveSpecifier(file: SourceFile, specifier: string): string | null {
  if (specifier.startsWith('.')) return normalize(join(dirname(file.path), specifier)).replaceAll('\\', '/');
  const alias = PATH_ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  return alias === undefined ? null : `${alias[1]}${specifier.slice(alias[0].length)}`;
}

/** Static imports, re-exports and dynamic imports of our modules, resolved to 'src/…'; `typeOnly` for `import type`. */
function importsOf(file: SourceFile): { target: string; typeOnly: boolean }[] {
  return [...file.text.matchAll(/(\bimport\s+type\b[^;]*?\bfrom\s+|\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gmu)].flatMap(
    (match) => {
      const target = resolveSpecifier(file, match[2]!);
      return target === null ? [] : [{ target, typeOnly: match[1]!.startsWith('import type') }];
    },
  );
}

/** The web feature a path belongs to ('accounts' for src/web/features/accounts/…), or null. */
const webFeatureOf = (path: string) => /^src\/web\/features\/([^/]+)\//u.exec(path)?.[1] ?? null;
/** A feature's public face: what other features may import of it. */
const isFeatureIndex = (target: string) => /^src\/web\/features\/[^/]+\/index\.js$/u.test(target);
/** A web feature reaching into another: the few such imports are its declared dependencies. */
const crossesWebFeatures = (from: string, target: string) =>
  webFeatureOf(from) !== null && webFeatureOf(target) !== null && webFeatureOf(from) !== webFeatureOf(target);

/** The most imports from one web feature into another that src/web may hold (issue 56: 55 before, 7 after). */
export const MAX_CROSS_FEATURE_IMPORTS = 10;

/** Every import from one web feature into another, as 'importing file -> imported module'. */
export function crossFeatureImports(files: readonly SourceFile[]): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter(({ target }) => crossesWebFeatures(file.path, target))
      .map(({ target }) => `${file.path} -> ${target}`),
  );
}

/** The one allowed inward look of an adapter: the database schema composes the read models' table types. */
const composesReadModelTables = (from: string, target: string, typeOnly: boolean) =>
  from === 'src/adapters/db/schema.ts' && typeOnly && /^src\/projections\/read-models\/[^/]+\/tables\.js$/u.test(target);

/** src/projections/read-models/tables.js and each read model's tables.js. */
const READ_MODEL_TABLES_MODULE = /^src\/projections\/read-models\/(?:[^/]+\/)?tables\.js$/u;
const under = (path: string, folder: string) => path.startsWith(`${folder}/`);
const isCli = (path: string) => under(path, 'src/cli');

/** Which layer may not import which: [rule name, applies to the importing file, forbidden target (seen from the importing file)]. */
const IMPORT_RULES: readonly [string, (from: string) => boolean, (target: string, from: string) => boolean][] = [
  ['src/domain imports nothing else of ours', (from) => under(from, 'src/domain'), (target) => !under(target, 'src/domain')],
  [
    'src/web imports only src/web and src/domain (no server code)',
    (from) => under(from, 'src/web'),
    (target) => !under(target, 'src/web') && !under(target, 'src/domain'),
  ],
  [
    'adapters import neither projections, api, commands nor the composition root',
    (from) => under(from, 'src/adapters'),
    (target) => ['src/projections', 'src/api', 'src/commands', 'src/composition'].some((folder) => under(target, folder)),
  ],
  ['CLIs do not import from src/api', isCli, (target) => under(target, 'src/api')],
  ['nothing below the CLIs imports src/cli', (from) => !isCli(from), (target) => under(target, 'src/cli')],
  [
    "read models' tables import only the domain and other tables modules (the schema composing them stays above them)",
    (from) => READ_MODEL_TABLES_MODULE.test(from.replace(/\.ts$/u, '.js')),
    (target) => !under(target, 'src/domain') && !READ_MODEL_TABLES_MODULE.test(target),
  ],
  [
    "a web feature imports another feature only through that feature's index.ts",
    (from) => webFeatureOf(from) !== null,
    (target, from) => crossesWebFeatures(from, target) && !isFeatureIndex(target),
  ],
];

/** Kysely calls naming a table, and the tables named in `sql` templates (from / join / update / into, sql.table / sql.id). */
function tablesQueried(text: string): string[] {
  const kysely = [
    ...text.matchAll(/\.(?:selectFrom|updateTable|insertInto|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*['"`]([a-z_]+)/gu),
  ].map((match) => match[1]!);
  const named = [...text.matchAll(/\bsql\.(?:table|id)\(\s*['"`]([a-z_]+)['"`]/gu)].map((match) => match[1]!);
  const templates = [...text.matchAll(/\bsql(?:<[^`]*?>)?`([^`]*)`/gsu)].flatMap((match) =>
    [...match[1]!.matchAll(/\b(?:from|join|update|into)\s+([a-z_]+)\b/giu)].map((inner) => inner[1]!),
  );
  return [...kysely, ...named, ...templates];
}

/** The read-model tables a file writes SQL against. */
function readModelTablesQueried(file: SourceFile): string[] {
  return [...new Set(tablesQueried(file.text).filter((table) => READ_MODEL_TABLE_NAMES.has(table)))];
}

/** Tests may read rows to check them; production code goes through the read-model modules. */
const mayQueryReadModels = (path: string) => path.startsWith(READ_MODEL_MODULES) || /\.test\.tsx?$/u.test(path);

/** Every broken boundary as 'path: rule (detail)'; empty when all hold. */
export function boundaryViolations(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const file of files) {
    for (const { target, typeOnly } of importsOf(file)) {
      if (composesReadModelTables(file.path, target, typeOnly)) continue;
      for (const [rule, appliesTo, forbidden] of IMPORT_RULES) {
        if (appliesTo(file.path) && forbidden(target, file.path)) violations.push(`${file.path}: ${rule} (imports ${target})`);
      }
    }
    if (!mayQueryReadModels(file.path)) {
      const tables = readModelTablesQueried(file);
      if (tables.length > 0)
        violations.push(`${file.path}: SQL against read-model tables outside ${READ_MODEL_MODULES} (${tables.join(', ')})`);
    }
  }
  const crossing = crossFeatureImports(files);
  if (crossing.length > MAX_CROSS_FEATURE_IMPORTS) {
    violations.push(
      `src/web/features: ${crossing.length} imports between features, at most ${MAX_CROSS_FEATURE_IMPORTS} (${crossing.join('; ')})`,
    );
  }
  return violations;
}
