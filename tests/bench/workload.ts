import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { demoTemplateContent, random } from '../../src/composition/demo-catalogue.js';
import type { UserRegistered } from '../../src/domain/accounts/events.js';
import type { LikeEvent, TemplateViewed } from '../../src/domain/engagement/events.js';
import type { Actor, DomainEvent, EventToAppend } from '../../src/domain/shared/events.js';
import type { TemplateApproved, TemplateSubmitted } from '../../src/domain/templates/events.js';
import { titleUrlFor } from '../../src/domain/templates/rules.js';

/** Namespace of the benchmark's user and template ids, so every run builds the same catalogue. */
const BENCH_NAMESPACE = 'c3a1f0d2-5b7e-4f61-8a2d-9e4b6c8d0f13';
const SEED = 42;
/** Vault ciphertext is never decrypted while projecting: a fixed placeholder has the right shape. */
const PLACEHOLDER_CIPHERTEXT = 'pd1:YmVuY2htYXJrLXBsYWNlaG9sZGVyLWNpcGhlcnRleHQ=';
const FIRST_OCCURRED_AT = Date.parse('2024-01-01T00:00:00Z');
const SECONDS_BETWEEN_EVENTS = 30;
/** Chance that a submitted template is approved at a given step: approvals trail submissions closely. */
const APPROVAL_CHANCE = 0.5;
/** Share of like toggles that take back an earlier like. */
const UNLIKE_SHARE = 0.2;

export interface WorkloadSize {
  users: number;
  templates: number;
  /** All events: registrations, a submission and an approval per template, like toggles for the rest. */
  events: number;
}

/** What the read models must hold once every event of the workload is projected. */
export interface ExpectedReadModels {
  users: number;
  liveTemplates: number;
  likes: number;
}

export interface Workload {
  /**
   * The events in log order, generated lazily so the benchmark's memory is the adapter's, not
   * the generator's. Every call yields the same catalogue (with fresh event ids).
   */
  events(): Generator<EventToAppend>;
  /** Valid once `events()` has been consumed to the end. */
  expected(): ExpectedReadModels;
}

/** The replay workload at BENCH_SCALE 1: like toggles make up the events left after users and templates. */
export const BASE_WORKLOAD: WorkloadSize = { users: 1_000, templates: 20_000, events: 100_000 };

export function workloadSize(scale: number): WorkloadSize {
  const users = Math.max(1, Math.round(BASE_WORKLOAD.users * scale));
  const templates = Math.max(1, Math.round(BASE_WORKLOAD.templates * scale));
  return { users, templates, events: Math.max(users + 2 * templates, Math.round(BASE_WORKLOAD.events * scale)) };
}

/**
 * A realistic log for the projections we have: users register over time, authors submit
 * templates that an admin approves soon after, and users toggle likes on live templates.
 */
export function createWorkload(size: WorkloadSize): Workload {
  const likeToggles = size.events - size.users - 2 * size.templates;
  let generated: ExpectedReadModels | undefined;

  function* events(): Generator<EventToAppend> {
    const next = random(SEED);
    const liked: { templateId: string; userId: string }[] = [];
    const likedIndex = new Map<string, number>();
    const pickIndex = (length: number) => Math.floor(next() * length);
    const registered: string[] = [];
    const awaitingApproval: string[] = [];
    const live: string[] = [];
    let submitted = 0;
    let toggled = 0;
    let sequence = 0;

    const toAppend = <E extends DomainEvent>(event: E, actor: Actor): EventToAppend<E> => ({
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {
        correlationId: randomUUID(),
        causationId: randomUUID(),
        actor,
        occurredAt: new Date(FIRST_OCCURRED_AT + sequence++ * SECONDS_BETWEEN_EVENTS * 1_000).toISOString(),
        schemaVersion: 1,
      },
    });

    const register = (): EventToAppend<UserRegistered> => {
      const index = registered.length;
      const userId = uuidv5(`user:${index}`, BENCH_NAMESPACE);
      registered.push(userId);
      return toAppend<UserRegistered>(
        {
          type: 'UserRegistered',
          data: {
            userId,
            username: { sealed: PLACEHOLDER_CIPHERTEXT, lookup: `bench-username-lookup-${index}` },
            emailEnc: PLACEHOLDER_CIPHERTEXT,
            emailLookup: `bench-lookup-${index}`,
            displayNameEnc: PLACEHOLDER_CIPHERTEXT,
            lvl: index === 0 ? 'admin' : 'base',
            passwordHash: null,
            googleKey: null,
            verification: 'verified',
          },
        },
        { userId: null, role: 'operator' },
      );
    };

    const submit = (): EventToAppend<TemplateSubmitted> => {
      const index = submitted++;
      const templateId = uuidv5(`template:${index}`, BENCH_NAMESPACE);
      const authorId = registered[pickIndex(registered.length)]!;
      const content = demoTemplateContent(index, next);
      awaitingApproval.push(templateId);
      return toAppend<TemplateSubmitted>(
        { type: 'TemplateSubmitted', data: { ...content, templateId, authorId, titleUrl: titleUrlFor(content.title, templateId) } },
        { userId: authorId, role: 'base' },
      );
    };

    const approve = (): EventToAppend<TemplateApproved> => {
      const templateId = awaitingApproval.shift()!;
      live.push(templateId);
      const reviewerId = registered[0]!;
      return toAppend<TemplateApproved>(
        { type: 'TemplateApproved', data: { templateId, reviewerId } },
        { userId: reviewerId, role: 'admin' },
      );
    };

    /** Toggles like the like decider: a liked pair is unliked, any other pair liked. */
    const toggleLike = (): EventToAppend<LikeEvent> => {
      toggled += 1;
      const pair =
        liked.length > 0 && next() < UNLIKE_SHARE
          ? liked[pickIndex(liked.length)]!
          : { templateId: live[pickIndex(live.length)]!, userId: registered[pickIndex(registered.length)]! };
      const key = `${pair.templateId}/${pair.userId}`;
      const index = likedIndex.get(key);
      if (index === undefined) {
        likedIndex.set(key, liked.length);
        liked.push(pair);
        return toAppend<LikeEvent>({ type: 'TemplateLiked', data: pair }, { userId: pair.userId, role: 'base' });
      }
      // Swap-remove keeps random picks O(1).
      const moved = liked.pop()!;
      if (index < liked.length) {
        liked[index] = moved;
        likedIndex.set(`${moved.templateId}/${moved.userId}`, index);
      }
      likedIndex.delete(key);
      return toAppend<LikeEvent>({ type: 'TemplateUnliked', data: pair }, { userId: pair.userId, role: 'base' });
    };

    for (let emitted = 0; emitted < size.events; emitted += 1) {
      const usersLeft = size.users - registered.length;
      const templatesLeft = size.templates - submitted;
      const togglesLeft = live.length > 0 ? likeToggles - toggled : 0;
      if (awaitingApproval.length > 0 && (next() < APPROVAL_CHANCE || usersLeft + templatesLeft + togglesLeft === 0)) {
        yield approve();
        continue;
      }
      // Authors must exist before they submit; otherwise pick in proportion to what is left.
      const roll = next() * (usersLeft + templatesLeft + togglesLeft);
      if (registered.length === 0 || roll < usersLeft) yield register();
      else if (roll < usersLeft + templatesLeft) yield submit();
      else yield toggleLike();
    }
    generated = { users: registered.length, liveTemplates: live.length, likes: liked.length };
  }

  return {
    events,
    expected() {
      if (!generated) throw new Error('The workload has not been generated to the end yet');
      return generated;
    },
  };
}

/** Anonymous page views of the workload's templates (every one of them is live once its log is complete), picked at random. */
export function* pageViews(size: WorkloadSize, count: number): Generator<EventToAppend<TemplateViewed>> {
  const next = random(SEED + 1);
  const firstOccurredAt = FIRST_OCCURRED_AT + size.events * SECONDS_BETWEEN_EVENTS * 1_000;
  for (let index = 0; index < count; index += 1) {
    const templateId = uuidv5(`template:${Math.floor(next() * size.templates)}`, BENCH_NAMESPACE);
    yield {
      id: randomUUID(),
      type: 'TemplateViewed',
      data: { templateId, userId: null },
      metadata: {
        correlationId: randomUUID(),
        causationId: randomUUID(),
        actor: { userId: null, role: 'anonymous' },
        occurredAt: new Date(firstOccurredAt + index * 1_000).toISOString(),
        schemaVersion: 1,
      },
    };
  }
}

/** Groups a stream of events into arrays of `size` (the last one may be shorter). */
export function* inBatches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
