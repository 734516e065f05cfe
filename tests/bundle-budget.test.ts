import { describe, expect, it } from 'vitest';

import { budgetReport, initialScripts, scriptSize, type BuiltScript } from '../scripts/bundle-budget.js';

const script = (fileName: string, imports: string[], code = 'x', isEntry = false): BuiltScript => ({ fileName, isEntry, imports, code });

describe('bundle budget', () => {
  it('counts the entry and what it imports statically, transitively, and no lazily loaded page', () => {
    const scripts = [
      script('index.js', ['react.js', 'shell.js'], 'x', true),
      script('react.js', []),
      script('shell.js', ['react.js', 'paths.js']),
      script('paths.js', []),
      // Reached only through import(): not in rollup's `imports`.
      script('admin.js', ['react.js', 'zod.js']),
      script('zod.js', []),
    ];
    expect(
      initialScripts(scripts)
        .map((each) => each.fileName)
        .sort(),
    ).toEqual(['index.js', 'paths.js', 'react.js', 'shell.js']);
  });

  it('measures gzip sizes and fails past the limit', () => {
    const sizes = [scriptSize(script('index.js', [], 'const answer = 42;\n'.repeat(500), true))];
    expect(sizes[0]!.gzipBytes).toBeLessThan(sizes[0]!.bytes);
    const within = budgetReport(sizes, sizes[0]!.gzipBytes);
    expect(within.withinBudget).toBe(true);
    expect(within.text).toContain('index.js');
    expect(budgetReport(sizes, sizes[0]!.gzipBytes - 1).withinBudget).toBe(false);
  });
});
