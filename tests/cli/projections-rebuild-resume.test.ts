import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePath, OPERATOR_COMMANDS } from '../../scripts/bundles.mjs';
import { embeddedDatabaseDirectory, openInfrastructure } from '../../src/composition/infrastructure.js';
import { seedCatalogue } from '../../src/composition/demo-catalogue.js';
import { templatesProjection } from '../../src/projections/read-models/templates/projection.js';
import { embeddedDatabaseFromTemplate } from '../fixtures/embedded-database.js';

/** Small batches make the rebuild long enough to be killed half-way (the other runs take the default batches). */
const KILLED_RUN_ENV = { PROJECTION_BATCH_SIZE: '4', PROJECTION_REBUILD_BATCH_SIZE: '4' };

function cliEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.EVENTSTORE_URL;
  return env;
}

/** Measured on 2 cores: 30 s idle, 152 s at load 8-10 (a build loop and two other test suites beside it). */
const RESUME_TEST_TIMEOUT_MS = 360_000;

function runCli(dataDir: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--enable-source-maps', bundlePath(OPERATOR_COMMANDS.projections), ...args],
      { env: cliEnv(dataDir), encoding: 'utf8' },
      (error, stdout, stderr) => {
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

/** Starts a rebuild and SIGKILLs it once it has reported progress past the start. */
function rebuildAndKill(dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', bundlePath(OPERATOR_COMMANDS.projections), 'rebuild', '--all'], {
      env: cliEnv(dataDir, KILLED_RUN_ENV),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/templates g\d+ \[[#-]+\] [1-9][\d,]* \//.test(output)) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(output) : reject(new Error(`rebuild was not killed: ${output}`))));
  });
}

async function readModels(dataDir: string) {
  const infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined });
  try {
    const { db } = infrastructure.database;
    return {
      templates: await db.selectFrom('templates').selectAll().orderBy('id').execute(),
      likes: await db.selectFrom('template_likes').selectAll().orderBy('template_id').orderBy('user_id').execute(),
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      generations: await db.selectFrom('projection_generations').select(['projection', 'status']).execute(),
    };
  } finally {
    await infrastructure.close();
  }
}

describe('npm run projections -- rebuild, killed with SIGKILL and run again', () => {
  let root: string;
  let killedDir: string;
  let cleanDir: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'tessera-rebuild-'));
    killedDir = join(root, 'killed');
    cleanDir = join(root, 'clean');
    await embeddedDatabaseFromTemplate(embeddedDatabaseDirectory(killedDir));
    const infrastructure = await openInfrastructure({ dataDir: killedDir, databaseUrl: undefined, eventStoreUrl: undefined });
    await seedCatalogue(infrastructure, { users: 6, templates: 150, seed: 11 });
    await infrastructure.close();
    cpSync(killedDir, cleanDir, { recursive: true });
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('names what it cannot do instead of ignoring it: an unknown command, an argument too many', async () => {
    const [unknown, extra] = await Promise.all([runCli(cleanDir, ['frobnicate']), runCli(cleanDir, ['rebuild', '--all', '--fast'])]);
    expect([unknown.status, extra.status]).toEqual([2, 2]);
    expect(unknown.stderr).toContain('Unknown command "frobnicate".');
    expect(extra.stderr).toContain('Unexpected "--fast" after rebuild --all.');
    expect(extra.stdout).toBe('');
  });

  it(
    'resumes from its checkpoint and ends with the same read models as a clean rebuild',
    async () => {
      // The clean rebuild, the reference, runs beside the killed one and its resumption.
      const cleanRebuild = runCli(cleanDir, ['rebuild', '--all']);
      const first = await runCli(killedDir, ['rebuild', 'users']);
      expect(first.status, first.stderr).toBe(0);

      await rebuildAndKill(killedDir);
      const status = await runCli(killedDir, ['status']);
      expect(status.status, status.stderr).toBe(0);
      // The templates build was left unfinished: a building generation with a checkpoint part-way.
      expect(status.stdout).toMatch(new RegExp(`^templates .* g\\d+ v${templatesProjection.version} @\\d+$`, 'mu'));

      // rebuild --all builds every projection from one read of the log: each unfinished build resumes from its own checkpoint.
      const resumed = await runCli(killedDir, ['rebuild', '--all']);
      expect(resumed.status, resumed.stderr).toBe(0);
      expect(resumed.stdout).toMatch(/projection templates: resuming generation \d+ from position [1-9]\d*/);

      const clean = await cleanRebuild;
      expect(clean.status, clean.stderr).toBe(0);

      const [afterResume, afterClean] = await Promise.all([readModels(killedDir), readModels(cleanDir)]);
      expect(afterResume.templates.length).toBe(150);
      expect(afterResume.templates).toEqual(afterClean.templates);
      expect(afterResume.likes).toEqual(afterClean.likes);
      expect(afterResume.users).toEqual(afterClean.users);
      expect(afterResume.generations.filter((g) => g.status === 'building')).toEqual([]);
    },
    RESUME_TEST_TIMEOUT_MS,
  );
});
