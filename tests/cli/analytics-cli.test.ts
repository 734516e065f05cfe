import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePath, OPERATOR_COMMANDS } from '../../scripts/bundles.mjs';
import { openInfrastructure } from '../../src/composition/infrastructure.js';
import { seedCatalogue } from '../../src/composition/demo-catalogue.js';
import { searchStream } from '../../src/domain/discovery/events.js';
import { templateFormStream } from '../../src/domain/templates/events.js';
import { newDataDirectory } from '../fixtures/embedded-database.js';

function runAnalytics(dataDir: string, args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return spawnSync(process.execPath, ['--enable-source-maps', bundlePath(OPERATOR_COMMANDS.analytics), ...args], {
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

const metadata = (occurredAt: string, userId: string | null) => ({
  correlationId: 'c',
  causationId: 'c',
  actor: { userId, role: userId ? ('base' as const) : ('anonymous' as const) },
  occurredAt,
  schemaVersion: 1,
});

describe('npm run analytics (the analysts’ replay)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await newDataDirectory('tessera-analytics-cli-');
    const infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined });
    await seedCatalogue(infrastructure, { users: 3, templates: 4, seed: 5 });
    const searches: [string, string, string][] = [
      ['00000000-0000-4000-8000-000000000001', 'crm', '2026-03-01T10:00:00.000Z'],
      ['00000000-0000-4000-8000-000000000002', '=hyperlink("http://evil")', '2026-03-02T10:00:00.000Z'],
      ['00000000-0000-4000-8000-000000000003', 'crm', '2026-03-05T10:00:00.000Z'],
    ];
    for (const [searchId, searchTerm, at] of searches) {
      await infrastructure.store.appendToStream(
        searchStream(searchId),
        [
          {
            id: searchId,
            type: 'SearchPerformed',
            data: { searchId, searchTerm, userId: null, searcher: 'x' },
            metadata: metadata(at, null),
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    }
    await infrastructure.store.appendToStream(
      templateFormStream('u-form'),
      [
        {
          id: '00000000-0000-4000-8000-000000000010',
          type: 'TemplateFormProgressed',
          data: { userId: 'u-form', formProgress: { url: true, images: true } },
          metadata: metadata('2026-03-03T10:00:00.000Z', 'u-form'),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await infrastructure.close();
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints byte-identical reports on two runs, a progress bar on stderr only', () => {
    // Two runs of each report are 8 processes that each open the embedded database: two reports show it.
    for (const report of ['kpis', 'groups']) {
      const first = runAnalytics(dataDir, [report, '--format', 'json']);
      const second = runAnalytics(dataDir, [report, '--format', 'json']);
      expect(first.status, first.stderr).toBe(0);
      expect(second.stdout).toBe(first.stdout);
      expect(first.stderr).toMatch(/replay \[#+\] \d+ \/ \d+ events/u);
      expect(first.stdout).not.toContain('replay [');
    }
  }, 240_000);

  it('answers as of a date and for a range, and escapes formula cells in CSV', () => {
    const asOf = runAnalytics(dataDir, ['kpis', '--as-of', '2026-03-04', '--format', 'csv']);
    expect(asOf.status, asOf.stderr).toBe(0);
    const rows = parse(asOf.stdout) as string[][];
    expect(rows).toEqual([
      ['list', 'rank', 'term', 'count'],
      ['searchAnalytics', '1', '\'=hyperlink("http://evil")', '1'],
      ['searchAnalytics', '2', 'crm', '1'],
    ]);
    const ranged = runAnalytics(dataDir, ['kpis', '--from', '2026-03-03', '--to', '2026-03-05', '--format', 'json']);
    expect(JSON.parse(ranged.stdout).rows).toEqual([{ list: 'searchAnalytics', rank: 1, term: 'crm', count: 1 }]);
    const funnel = runAnalytics(dataDir, ['funnel', '--from', '2026-03-01', '--to', '2026-03-31']);
    expect(funnel.stdout).toMatch(/url\s+1\s+1\s+0\.00/u);
    expect(funnel.stdout).toMatch(/screenshot\s+1\s+1\s+0\.00/u);
    expect(funnel.stdout).toMatch(/price\s+0\s+1\s+100\.00/u);
    // The data ends at --as-of: a later --to does not stretch the period the title names.
    const pastAsOf = runAnalytics(dataDir, ['kpis', '--as-of', '2026-03-04', '--to', '2026-03-31']);
    expect(pastAsOf.stdout.split('\n')[0]).toBe('kpis as of the end of 2026-03-04 (UTC), the first event to 2026-03-04');
    const before = runAnalytics(dataDir, ['counters', '--as-of', '2000-01-01', '--format', 'csv']);
    expect(parse(before.stdout)).toContainEqual(['totalUsers', '0']);
  }, 240_000);

  it('explains bad arguments with the usage and exit code 2', () => {
    const unknown = runAnalytics(dataDir, ['revenue']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown report "revenue" (reports: counters, kpis, funnel, groups).');
    expect(unknown.stderr).toContain('Usage: npm run analytics');
    const badFormat = runAnalytics(dataDir, ['kpis', '--format', 'xml']);
    expect(badFormat.status).toBe(2);
    expect(badFormat.stderr).toContain('Unknown format "xml" (formats: table, csv, json).');
    // Refused before the log is replayed: no progress bar.
    const backwards = runAnalytics(dataDir, ['kpis', '--from', '2026-03-05', '--to', '2026-03-01']);
    expect(backwards.status).toBe(2);
    expect(backwards.stderr).toContain('--from must not be after --to.');
    expect(backwards.stderr).not.toContain('replay [');
    // A period starting after the day the data is taken at holds nothing: refused, not printed as an empty '2026-03-05 to 2026-03-01'.
    const afterAsOf = runAnalytics(dataDir, ['kpis', '--from', '2026-03-05', '--as-of', '2026-03-01']);
    expect(afterAsOf.status).toBe(2);
    expect(afterAsOf.stderr).toContain('--from must not be after --as-of.');
    expect(afterAsOf.stderr).not.toContain('replay [');
    const badDate = runAnalytics(dataDir, ['kpis', '--from', '2026-02-30']);
    expect(badDate.status).toBe(2);
    expect(badDate.stderr).toContain('--from "2026-02-30": This date does not exist.');
    const rangeOnCounters = runAnalytics(dataDir, ['counters', '--from', '2026-01-01']);
    expect(rangeOnCounters.status).toBe(2);
    expect(rangeOnCounters.stderr).toContain('The counters report is taken at one date');
  });
});
