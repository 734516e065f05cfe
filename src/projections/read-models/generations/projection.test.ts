import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { generationStream, type GenerationEvent } from '../../../domain/generator/events.js';
import { offlineContent } from '../../../domain/generator/offline-outline.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { generationsProjection } from './projection.js';

const content = offlineContent({ kind: 'docs', brief: 'A garden proposal', audience: null, numSlides: null, answers: {} });
const jobEvents = (jobId: string, outcome: 'done' | 'failed'): { streamId: string; type: string; data: GenerationEvent['data'] }[] => [
  {
    streamId: generationStream(jobId),
    type: 'GenerationRequested',
    data: {
      jobId,
      kind: 'docs',
      owner: { userId: null, guestKey: 'k1' },
      brief: 'A garden proposal',
      audience: null,
      numSlides: null,
      styleId: null,
      answers: {},
      promptOverride: null,
      hintsOverride: null,
    },
  },
  { streamId: generationStream(jobId), type: 'GenerationStarted', data: { jobId, attempt: 1, writer: 'offline' } },
  outcome === 'done'
    ? {
        streamId: generationStream(jobId),
        type: 'GenerationSucceeded',
        data: { jobId, fileId: `${jobId}-f`, fileName: 'A-garden-proposal.docx', content, writer: 'offline', model: null },
      }
    : { streamId: generationStream(jobId), type: 'GenerationFailed', data: { jobId, reason: 'model_timeout', message: 'timed out' } },
];

describe.each(databaseTargets())('generations projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, generationsProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('follows each job to done or failed with its files; applied twice, the same rows', async () => {
    const log = recordedLog([
      ...jobEvents('j1', 'done'),
      ...jobEvents('j2', 'failed'),
      {
        streamId: generationStream('j1'),
        type: 'GeneratedFileCopied',
        data: { jobId: 'j1', fileId: 'j1-copy', fileName: 'Copy-of-A-garden-proposal.docx', copiedBy: null },
      },
    ]);
    const rows = await spec.given(log, 2);
    expect(rows.generation_jobs!.map((row) => [row.job_id, row.status, row.attempts, row.error, row.owner_guest_key])).toEqual([
      ['j1', 'done', 1, null, 'k1'],
      ['j2', 'failed', 1, 'timed out', 'k1'],
    ]);
    expect((rows.generation_jobs![0]!.content as { title: string }).title).toBe('A garden proposal');
    expect(rows.generated_files!.map((row) => [row.file_id, row.job_id])).toEqual([
      ['j1-copy', 'j1'],
      ['j1-f', 'j1'],
    ]);
  });
});
