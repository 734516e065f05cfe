import { DomainError, type Decider } from '../shared/events.js';
import type { GenerationEvent, GenerationFailed, GenerationRequested, GenerationSucceeded } from './events.js';
import { canStart, isFinished, MAX_GENERATION_ATTEMPTS, type JobStatus } from './job-lifecycle.js';
import { GENERATOR_MESSAGES } from './rules.js';

export interface GenerationState {
  status: JobStatus | null;
  attempts: number;
}

export type GenerationCommand =
  | { type: 'RequestGeneration'; data: GenerationRequested['data'] }
  | { type: 'StartGeneration'; data: { jobId: string; writer: 'model' | 'offline' } }
  | { type: 'RecordProgress'; data: { jobId: string; step: 'content_written' } }
  | { type: 'CompleteGeneration'; data: GenerationSucceeded['data'] }
  | { type: 'FailGeneration'; data: GenerationFailed['data'] }
  | { type: 'CopyGeneratedFile'; data: { jobId: string; fileId: string; fileName: string; copiedBy: string | null } };

/**
 * Finished jobs ignore late steps (a worker resumed after a restart may repeat one): the
 * decider answers nothing rather than an error, so the worker never loops on them.
 */
export const generationDecider: Decider<GenerationState, GenerationCommand, GenerationEvent> = {
  initialState: () => ({ status: null, attempts: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'GenerationRequested':
        return { status: 'queued', attempts: 0 };
      case 'GenerationStarted':
        return { status: 'generating', attempts: event.data.attempt };
      case 'GenerationSucceeded':
        return { ...state, status: 'done' };
      case 'GenerationFailed':
        return { ...state, status: 'failed' };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (command.type === 'RequestGeneration') {
      if (state.status !== null) throw new DomainError('conflict', 'This generation was already requested.');
      return [{ type: 'GenerationRequested', data: command.data }];
    }
    if (state.status === null) throw new DomainError('not_found', GENERATOR_MESSAGES.unknownJob);
    switch (command.type) {
      case 'StartGeneration': {
        if (!canStart(state.status)) return [];
        // A job found 'generating' was cut off by a restart: resume it, unless it already had its attempts.
        if (state.attempts >= MAX_GENERATION_ATTEMPTS) {
          return [
            {
              type: 'GenerationFailed',
              data: { jobId: command.data.jobId, reason: 'interrupted', message: GENERATOR_MESSAGES.interrupted },
            },
          ];
        }
        return [
          { type: 'GenerationStarted', data: { jobId: command.data.jobId, attempt: state.attempts + 1, writer: command.data.writer } },
        ];
      }
      case 'RecordProgress':
        return state.status === 'generating' ? [{ type: 'GenerationProgressed', data: command.data }] : [];
      case 'CompleteGeneration':
        return state.status === 'generating' ? [{ type: 'GenerationSucceeded', data: command.data }] : [];
      case 'FailGeneration':
        return isFinished(state.status) ? [] : [{ type: 'GenerationFailed', data: command.data }];
      case 'CopyGeneratedFile':
        if (state.status !== 'done') throw new DomainError('conflict', GENERATOR_MESSAGES.unknownFile);
        return [{ type: 'GeneratedFileCopied', data: command.data }];
    }
  },
};
