import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** A built script: its file name, what it imports at once, and its code. */
export interface BuiltScript {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  code: string;
}

export interface ScriptSize {
  fileName: string;
  bytes: number;
  gzipBytes: number;
}

/** The scripts a page loads before it runs: each entry and everything it imports statically, transitively. */
export function initialScripts(scripts: readonly BuiltScript[]): BuiltScript[] {
  const byName = new Map(scripts.map((script) => [script.fileName, script]));
  const initial = new Map<string, BuiltScript>();
  const visit = (script: BuiltScript) => {
    if (initial.has(script.fileName)) return;
    initial.set(script.fileName, script);
    for (const name of script.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  scripts.filter((script) => script.isEntry).forEach(visit);
  return [...initial.values()];
}

export function scriptSize(script: BuiltScript): ScriptSize {
  return { fileName: script.fileName, bytes: Buffer.byteLength(script.code), gzipBytes: gzipSync(script.code, { level: 9 }).length };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The printed budget table: every initial script and the total against the limit. */
export function budgetReport(
  sizes: readonly ScriptSize[],
  limitGzipBytes: number,
): { text: string; totalGzipBytes: number; withinBudget: boolean } {
  const totalGzipBytes = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
  const totalBytes = sizes.reduce((sum, size) => sum + size.bytes, 0);
  const width = Math.max(...sizes.map((size) => size.fileName.length), 'total'.length);
  const lines = [
    'Initial JavaScript (what every page loads before it runs):',
    ...[...sizes]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((size) => `  ${size.fileName.padEnd(width)}  ${kb(size.bytes).padStart(9)}  gzip ${kb(size.gzipBytes).padStart(8)}`),
    `  ${'total'.padEnd(width)}  ${kb(totalBytes).padStart(9)}  gzip ${kb(totalGzipBytes).padStart(8)}  (budget ${kb(limitGzipBytes)})`,
  ];
  return { text: lines.join('\n'), totalGzipBytes, withinBudget: totalGzipBytes <= limitGzipBytes };
}

/** Prints the initial JavaScript's size at each client build and fails the build when it is over `limitGzipBytes`. */
export function bundleBudget(limitGzipBytes: number): Plugin {
  return {
    name: 'tessera-bundle-budget',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const scripts: BuiltScript[] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? [{ fileName: output.fileName, isEntry: output.isEntry, imports: output.imports, code: output.code }] : [],
      );
      const report = budgetReport(initialScripts(scripts).map(scriptSize), limitGzipBytes);
      this.info(`\n${report.text}`);
      if (!report.withinBudget)
        this.error(
          `The initial JavaScript is ${kb(report.totalGzipBytes)} gzipped, over its budget of ${kb(limitGzipBytes)} (vite.config.ts).`,
        );
    },
  };
}
