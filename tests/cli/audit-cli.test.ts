import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePath, OPERATOR_COMMANDS } from '../../scripts/bundles.mjs';
import { createEventChain } from '../../src/adapters/eventstore/chain.js';
import { seedCatalogue } from '../../src/composition/demo-catalogue.js';
import { openInfrastructure } from '../../src/composition/infrastructure.js';
import { newDataDirectory } from '../fixtures/embedded-database.js';

function runAuditCli(dataDir: string, args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return spawnSync(process.execPath, ['--enable-source-maps', bundlePath(OPERATOR_COMMANDS.audit), ...args], {
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

async function withInfrastructure<T>(
  dataDir: string,
  work: (infrastructure: Awaited<ReturnType<typeof openInfrastructure>>) => Promise<T>,
) {
  const infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined });
  try {
    return await work(infrastructure);
  } finally {
    await infrastructure.close();
  }
}

describe('npm run audit (operator tool)', () => {
  let dataDir: string;
  let head: { position: string; hash: string };
  beforeAll(async () => {
    dataDir = await newDataDirectory('tessera-audit-cli-');
    head = await withInfrastructure(dataDir, async (infrastructure) => {
      await seedCatalogue(infrastructure, { users: 3, templates: 2, seed: 5 });
      const chain = createEventChain(infrastructure.database);
      await chain.extend();
      return (await chain.head())!;
    });
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('verifies an intact log against a written-down head, then names the event altered with SQL', async () => {
    const intact = runAuditCli(dataDir, ['verify', '--head', `${head.position}:${head.hash}`]);
    expect(intact.stderr).not.toContain('failed');
    // Run without a terminal, as from cron or CI: no carriage-return progress in the log.
    expect(intact.stderr).not.toContain('\r');
    expect(intact.stdout).toMatch(/^The log is intact: \d+ events checked in [\d.]+ s \([\d,]+ events\/s\)\. Head /u);
    expect(intact.stdout).toContain(`It matches the head written down at position ${head.position}.`);
    expect(intact.status).toBe(0);

    const altered = await withInfrastructure(dataDir, async ({ database }) => {
      const { rows } = await sql<{ position: string }>`
        select e.position::text as position from events e where e.type = 'TemplateApproved' order by e.position limit 1`.execute(
        database.db,
      );
      await sql`update events set data = jsonb_set(data, '{published}', 'true') where position = ${rows[0]!.position}::bigint`.execute(
        database.db,
      );
      return rows[0]!.position;
    });
    const broken = runAuditCli(dataDir, ['verify']);
    expect(broken.stderr).toContain(`The event at position ${altered} was altered`);
    expect(broken.status).toBe(1);
  });

  it('explains a mistyped command or head', () => {
    expect(runAuditCli(dataDir, ['verify', '--head', 'latest'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('is not a head'),
    });
    expect(runAuditCli(dataDir, ['check'])).toMatchObject({ status: 2, stderr: expect.stringContaining('Unknown command "check"') });
    expect(runAuditCli(dataDir, ['verify', 'now'])).toMatchObject({ status: 2, stderr: expect.stringContaining('Unexpected "now"') });
  });

  it('checks a downloaded trail offline, and finds one altered', async () => {
    const links = await withInfrastructure(dataDir, async ({ database }) => {
      const { rows } = await sql<{
        position: string;
      }>`select e.position::text as position from events e order by e.position limit 3`.execute(database.db);
      return createEventChain(database).linksAt(rows.map((row) => row.position));
    });
    const trail = { resourceId: 'r', title: 't', head, entries: links.map((link) => ({ position: link.position, link })) };
    const good = join(dataDir, 'trail.json');
    await writeFile(good, JSON.stringify(trail));
    expect(runAuditCli(dataDir, ['verify-trail', good])).toMatchObject({ status: 0, stdout: expect.stringContaining('3 entries') });

    const altered = join(dataDir, 'altered.json');
    const forged = structuredClone(trail);
    forged.entries[2]!.link.previousHash = forged.entries[0]!.link.hash;
    await writeFile(altered, JSON.stringify(forged));
    expect(runAuditCli(dataDir, ['verify-trail', altered])).toMatchObject({ status: 1, stderr: expect.stringContaining('entry 3 fails') });

    const garbage = join(dataDir, 'garbage.json');
    await writeFile(garbage, '{"entries": ');
    expect(runAuditCli(dataDir, ['verify-trail', garbage])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('could not be read'),
    });
  });
});
