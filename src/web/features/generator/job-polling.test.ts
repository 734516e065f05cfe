import { describe, expect, it } from 'vitest';
import { GENERATOR, GENERATOR_MESSAGES } from '@domain/generator/rules.js';
import { pollJob, progressMessageIndex, type JobView } from './job-polling.js';

const job = (status: JobView['status'], extra: Partial<JobView> = {}): JobView => ({
  jobId: 'j',
  status,
  error: null,
  resultUrl: null,
  copyUrl: null,
  fileName: null,
  writer: null,
  ...extra,
});

describe('job polling (spec sections 4, 8, 9)', () => {
  it('waits 3000 ms between polls and stops at done', async () => {
    const waits: number[] = [];
    const answers = [job('queued'), job('generating'), job('done', { resultUrl: '/f', copyUrl: '/c' })];
    const outcome = await pollJob({
      kind: 'slides',
      jobId: 'j',
      fetchJob: async () => answers.shift()!,
      wait: async (ms) => void waits.push(ms),
    });
    expect(outcome).toMatchObject({ outcome: 'done', job: { resultUrl: '/f' } });
    expect(waits).toEqual([3000, 3000, 3000]);
  });

  it('gives up after 100 attempts for slides and 40 for documents, with the spec message', async () => {
    for (const kind of ['slides', 'docs'] as const) {
      let polls = 0;
      const outcome = await pollJob({ kind, jobId: 'j', fetchJob: async () => ((polls += 1), job('generating')), wait: async () => {} });
      expect(polls).toBe(GENERATOR.pollAttempts[kind]);
      expect(outcome).toEqual({ outcome: 'timeout', message: 'Generation failed: Timed out while generating; no template URL returned.' });
    }
  });

  it('reports a failed job with its error, or the spec default, and a missing job id', async () => {
    expect(
      await pollJob({
        kind: 'docs',
        jobId: 'j',
        fetchJob: async () => job('failed', { error: 'The AI model did not answer in time.' }),
        wait: async () => {},
      }),
    ).toEqual({
      outcome: 'failed',
      message: 'Generation failed: The AI model did not answer in time.',
    });
    expect(await pollJob({ kind: 'docs', jobId: 'j', fetchJob: async () => job('failed'), wait: async () => {} })).toMatchObject({
      message: `Generation failed: ${GENERATOR_MESSAGES.templateFailed}`,
    });
    expect(await pollJob({ kind: 'docs', jobId: undefined, fetchJob: async () => job('done'), wait: async () => {} })).toMatchObject({
      message: 'Generation failed: Job ID not returned from backend.',
    });
  });

  it('stops without another request, and without a failure, once the page that polls is left', async () => {
    const left = new AbortController();
    let polls = 0;
    const whileWaiting = pollJob({
      kind: 'slides',
      jobId: 'j',
      signal: left.signal,
      fetchJob: async () => ((polls += 1), job('generating')),
    });
    left.abort();
    expect(await whileWaiting).toEqual({ outcome: 'abandoned' });
    expect(polls).toBe(0);

    const duringRequest = new AbortController();
    const cutShort = pollJob({
      kind: 'docs',
      jobId: 'j',
      signal: duringRequest.signal,
      wait: async () => {},
      fetchJob: (_kind, _jobId, signal) =>
        new Promise<JobView>((_resolve, reject) =>
          signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    });
    duringRequest.abort();
    expect(await cutShort).toEqual({ outcome: 'abandoned' });
  });

  it('rotates progress messages every 1000 ms and stops at the last', () => {
    expect([0, 999, 1000, 2500, 60_000].map((ms) => progressMessageIndex(ms, 5))).toEqual([0, 0, 1, 2, 4]);
  });
});
