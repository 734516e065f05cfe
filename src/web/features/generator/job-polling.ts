import { GENERATOR, GENERATOR_MESSAGES, type GenerationKind } from '@domain/generator/rules.js';
import type { JobStatus } from '@domain/generator/job-lifecycle.js';

export interface JobView {
  jobId: string;
  status: JobStatus;
  error: string | null;
  resultUrl: string | null;
  copyUrl: string | null;
  fileName: string | null;
  writer: 'model' | 'offline' | null;
}

export type PollOutcome =
  | { outcome: 'done'; job: JobView }
  | { outcome: 'failed'; message: string }
  | { outcome: 'timeout'; message: string }
  /** The page was left: nobody waits for an answer. */
  | { outcome: 'abandoned' };

/** The spec's generation-failure alert around a reason (section 8). */
export const failureMessage = (reason: string) => GENERATOR_MESSAGES.generationFailed(reason);

/** Waits `ms`, or less when `signal` aborts first. */
function waitUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * Polls a job every 3000 ms until it is done (success), failed (its error) or the attempts run out
 * (100 for slides, 40 for documents): spec sections 4 and 9; or until `signal` aborts (the page was
 * left), with no request after that. `wait` and `fetchJob` are injected so the rule is tested
 * without timers or a server.
 */
export async function pollJob(options: {
  kind: GenerationKind;
  jobId: string | null | undefined;
  fetchJob: (kind: GenerationKind, jobId: string, signal?: AbortSignal) => Promise<JobView>;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
}): Promise<PollOutcome> {
  const { kind, jobId, fetchJob, signal, wait = waitUnlessAborted } = options;
  if (!jobId) return { outcome: 'failed', message: failureMessage(GENERATOR_MESSAGES.noJobId) };
  let lastStatus: string = 'queued';
  for (let attempt = 0; attempt < GENERATOR.pollAttempts[kind]; attempt += 1) {
    await wait(GENERATOR.pollIntervalMs, signal);
    if (signal?.aborted) return { outcome: 'abandoned' };
    let job: JobView;
    try {
      job = await fetchJob(kind, jobId, signal);
    } catch (error) {
      // The request the page's leaving cut short is no failure to report.
      if (signal?.aborted) return { outcome: 'abandoned' };
      throw error;
    }
    lastStatus = job.status;
    if (job.status === 'done') {
      if (!job.resultUrl) return { outcome: 'failed', message: failureMessage(GENERATOR_MESSAGES.timedOut(job.status)) };
      return { outcome: 'done', job };
    }
    if (job.status === 'failed') return { outcome: 'failed', message: failureMessage(job.error ?? GENERATOR_MESSAGES.templateFailed) };
  }
  return { outcome: 'timeout', message: failureMessage(GENERATOR_MESSAGES.timedOut(lastStatus)) };
}

/** Which progress message shows after `elapsedMs`: one per interval, stopping at the last. */
export function progressMessageIndex(elapsedMs: number, messageCount: number, intervalMs: number = GENERATOR.messageRotationMs): number {
  return Math.min(Math.floor(elapsedMs / intervalMs), messageCount - 1);
}
