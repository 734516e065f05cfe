/**
 * The generation job's state machine, one place for the decider, the read model, the routes and
 * the web app: queued → generating → done | failed. A job found 'generating' after a restart is
 * started again (a new attempt) until MAX_GENERATION_ATTEMPTS, then failed.
 */
export const JOB_STATUSES = ['queued', 'generating', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Attempts a job gets: the first run and one resumption after a restart. */
export const MAX_GENERATION_ATTEMPTS = 2;

export const isFinished = (status: JobStatus): boolean => status === 'done' || status === 'failed';
export const canStart = (status: JobStatus): boolean => status === 'queued' || status === 'generating';
