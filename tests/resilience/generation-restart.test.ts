import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInfrastructure, type Infrastructure } from '../../src/composition/infrastructure.js';
import { generationDecider } from '../../src/domain/generator/decider.js';
import { generationStream, type GenerationRequested } from '../../src/domain/generator/events.js';
import { GENERATOR_MESSAGES } from '../../src/domain/generator/rules.js';
import { generationJob } from '../../src/projections/read-models/generations/queries.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fixtures/openai-server.js';
import { newDataDirectory } from '../fixtures/embedded-database.js';

/** Wide margins: a loaded 2-core machine, PGlite starting twice. */
const WAIT_MS = 60_000;

const request = (jobId: string): GenerationRequested['data'] => ({
  jobId,
  kind: 'slides',
  owner: { userId: 'restart-user', guestKey: null },
  brief: 'Plan the Q3 launch',
  audience: null,
  numSlides: 3,
  styleId: null,
  answers: {},
  promptOverride: null,
  hintsOverride: null,
});

/**
 * A server stopped while a job generates: the job is left 'generating' (its model call aborted),
 * and the next start resumes it as a second attempt; a job that was already on its last attempt is
 * failed with a clear message. No job stays 'generating' for ever.
 */
describe('generation jobs across a restart', () => {
  let dataDir: string;
  let model: FakeOpenAi;
  let infrastructure: Infrastructure | null = null;

  beforeAll(async () => {
    dataDir = await newDataDirectory('tessera-generation-restart-');
    model = await startFakeOpenAi('hang');
  });
  afterAll(async () => {
    await infrastructure?.close();
    await model?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const types = async (jobId: string) => (await infrastructure!.store.readStream(generationStream(jobId))).map((event) => event.type);

  it('resumes a job cut off by a stop, and fails one that had its attempts', async () => {
    // First run: a model that never answers (within its 60 s time-out), so the job is in flight when the server stops.
    infrastructure = await openInfrastructure({
      dataDir,
      databaseUrl: undefined,
      eventStoreUrl: undefined,
      openaiApiKey: model.apiKey,
      openaiBaseUrl: model.baseUrl,
      openaiTimeoutMs: 60_000,
    });
    await infrastructure.runner.start();
    await infrastructure.startGeneration();
    const inFlight = randomUUID();
    await infrastructure.commands.handle(
      generationDecider,
      generationStream(inFlight),
      { type: 'RequestGeneration', data: request(inFlight) },
      { actor: { userId: 'restart-user', role: 'base' } },
    );
    await expect.poll(() => model.requests.length, { timeout: WAIT_MS }).toBeGreaterThan(0);
    expect(await types(inFlight)).toEqual(['GenerationRequested', 'GenerationStarted']);

    // A job that a crash cut off on its last attempt (written as the log would hold it).
    const exhausted = randomUUID();
    const context = { actor: { userId: null, role: 'system' as const } };
    await infrastructure.commands.handle(
      generationDecider,
      generationStream(exhausted),
      { type: 'RequestGeneration', data: request(exhausted) },
      context,
    );
    await infrastructure.close();
    infrastructure = null;

    // The stop left the first job generating: nothing failed it.
    infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined });
    expect(await types(inFlight)).toEqual(['GenerationRequested', 'GenerationStarted']);
    // The second was started by the first run too (or not yet): give it a second interrupted attempt by hand.
    for (let attempts = (await types(exhausted)).filter((type) => type === 'GenerationStarted').length; attempts < 2; attempts += 1) {
      await infrastructure.commands.handle(
        generationDecider,
        generationStream(exhausted),
        { type: 'StartGeneration', data: { jobId: exhausted, writer: 'model' } },
        context,
      );
    }

    // Second run, offline: recovery resumes the first job (attempt 2) and fails the exhausted one.
    await infrastructure.runner.start();
    await infrastructure.startGeneration();
    const db = infrastructure.database.db;
    await expect.poll(async () => (await generationJob(db, inFlight))?.status, { timeout: WAIT_MS }).toBe('done');
    await expect.poll(async () => (await generationJob(db, exhausted))?.status, { timeout: WAIT_MS }).toBe('failed');

    const resumed = await infrastructure.store.readStream(generationStream(inFlight));
    expect(resumed.map((event) => event.type)).toEqual([
      'GenerationRequested',
      'GenerationStarted',
      'GenerationStarted',
      'GenerationProgressed',
      'GenerationSucceeded',
    ]);
    expect(
      resumed.filter((event) => event.type === 'GenerationStarted').map((event) => (event.data as { attempt: number }).attempt),
    ).toEqual([1, 2]);
    expect(await generationJob(db, exhausted)).toMatchObject({ status: 'failed', error: GENERATOR_MESSAGES.interrupted });
  }, 180_000);
});
