import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import { generationDecider } from './decider.js';
import type { GenerationEvent, GenerationRequested } from './events.js';
import { MAX_GENERATION_ATTEMPTS } from './job-lifecycle.js';
import { offlineContent } from './offline-outline.js';
import { GENERATOR_MESSAGES } from './rules.js';

const jobId = 'job-1';
const requested: GenerationRequested = {
  type: 'GenerationRequested',
  data: {
    jobId,
    kind: 'slides',
    owner: { userId: 'u1', guestKey: null },
    brief: 'Plan a launch',
    audience: null,
    numSlides: 3,
    styleId: null,
    answers: {},
    promptOverride: null,
    hintsOverride: null,
  },
};
const started = (attempt: number): GenerationEvent => ({ type: 'GenerationStarted', data: { jobId, attempt, writer: 'offline' } });
const content = offlineContent({ kind: 'slides', brief: 'Plan a launch', audience: null, numSlides: 3, answers: {} });
const succeeded: GenerationEvent = {
  type: 'GenerationSucceeded',
  data: { jobId, fileId: 'f1', fileName: 'Plan-a-launch.pptx', content, writer: 'offline', model: null },
};
const failed: GenerationEvent = {
  type: 'GenerationFailed',
  data: { jobId, reason: 'model_timeout', message: GENERATOR_MESSAGES.modelTimedOut },
};

describe('generation decider', () => {
  const spec = deciderSpec(generationDecider);
  const start = { type: 'StartGeneration' as const, data: { jobId, writer: 'offline' as const } };

  it('requests a job once', () => {
    spec.given([]).when({ type: 'RequestGeneration', data: requested.data }).then([requested]);
    spec.given([requested]).when({ type: 'RequestGeneration', data: requested.data }).thenThrows('conflict');
  });

  it('starts a queued job as attempt 1, and an interrupted one (found generating after a restart) as the next attempt', () => {
    spec
      .given([requested])
      .when(start)
      .then([started(1)]);
    spec
      .given([requested, started(1)])
      .when(start)
      .then([started(2)]);
  });

  it('fails a job that was interrupted on its last attempt, with a clear message, instead of running it for ever', () => {
    const history = [requested, ...Array.from({ length: MAX_GENERATION_ATTEMPTS }, (_, index) => started(index + 1))];
    spec
      .given(history)
      .when(start)
      .then([{ type: 'GenerationFailed', data: { jobId, reason: 'interrupted', message: GENERATOR_MESSAGES.interrupted } }]);
  });

  it('ignores late steps on a finished job (a resumed worker may repeat one)', () => {
    spec
      .given([requested, started(1), succeeded])
      .when(start)
      .then([]);
    spec
      .given([requested, started(1), failed])
      .when({ type: 'CompleteGeneration', data: succeeded.data as never })
      .then([]);
    spec
      .given([requested, started(1), succeeded])
      .when({ type: 'FailGeneration', data: failed.data as never })
      .then([]);
  });

  it('completes or fails only a job that is generating; steps on an unknown job are refused', () => {
    spec
      .given([requested])
      .when({ type: 'CompleteGeneration', data: succeeded.data as never })
      .then([]);
    spec
      .given([requested, started(1)])
      .when({ type: 'CompleteGeneration', data: succeeded.data as never })
      .then([succeeded]);
    spec.given([]).when(start).thenThrows('not_found', GENERATOR_MESSAGES.unknownJob);
  });

  it('copies the file of a finished job only', () => {
    const copy = { type: 'CopyGeneratedFile' as const, data: { jobId, fileId: 'f2', fileName: 'Copy-of-x.pptx', copiedBy: null } };
    spec
      .given([requested, started(1), succeeded])
      .when(copy)
      .then([{ type: 'GeneratedFileCopied', data: copy.data }]);
    spec
      .given([requested, started(1)])
      .when(copy)
      .thenThrows('conflict');
  });
});

describe('offline outline', () => {
  it('is deterministic and honours the number of slides and the chosen document sections', () => {
    const deck = offlineContent({ kind: 'slides', brief: 'Plan the q3 launch. Then more.', audience: 'sales', numSlides: 5, answers: {} });
    expect(deck).toEqual(
      offlineContent({ kind: 'slides', brief: 'Plan the q3 launch. Then more.', audience: 'sales', numSlides: 5, answers: {} }),
    );
    expect(deck.sections).toHaveLength(5);
    expect(deck.title).toBe('Plan the q3 launch');
    expect(deck.subtitle).toBe('For sales');
    const doc = offlineContent({
      kind: 'docs',
      brief: 'A garden proposal',
      audience: null,
      numSlides: null,
      answers: { sections: ['Goals', 'Budget'], mustMention: 'spring' },
    });
    expect(doc.sections.map((section) => section.heading)).toEqual(['Goals', 'Budget']);
  });
});
