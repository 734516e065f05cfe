import { openingEvent, type EventStore } from '../../adapters/eventstore/port.js';
import { rewardsDecider } from '../../domain/rewards/decider.js';
import { rewardsStream } from '../../domain/rewards/events.js';
import { awardsFor, revocationsFor, REWARD_SOURCE_EVENT_TYPES, type RewardSource } from '../../domain/rewards/policy.js';
import type { TemplateClicked } from '../../domain/engagement/events.js';
import type { Actor, RecordedEvent } from '../../domain/shared/events.js';
import { templateStream, type TemplateSubmitted } from '../../domain/templates/events.js';
import type { Reactor } from './reactor-runner.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';

const REWARDS_ACTOR: Actor = { userId: null, role: 'system' };

/**
 * Appends RewardEarned events for what users do, and RewardRevoked when it is undone (a refund takes
 * back the purchase's points). Exactly once, however often an event is
 * handed over: the source event's id is the idempotency key (so the reward events' ids are
 * uuid v5 of it and a repeat finds them in the stream), and the decider skips rewarded keys.
 */
export function createRewardsReactor(deps: { commands: CommandBus; store: EventStore }): Reactor {
  /**
   * An approval or a click names the template only; its author, and who imported it if anyone, are
   * in the template's submission, which opens its stream (the decider submits only a new template):
   * a click on a post of many sales reads one event, not every sale.
   */
  async function submissionOf(templateId: string): Promise<TemplateSubmitted['data'] | null> {
    const opening = await openingEvent(deps.store, templateStream(templateId));
    return opening?.type === 'TemplateSubmitted' ? (opening.data as TemplateSubmitted['data']) : null;
  }

  async function sourceOf(event: RecordedEvent): Promise<RewardSource | null> {
    const base = { id: event.id, occurredAt: event.metadata.occurredAt };
    if (event.type !== 'TemplateApproved' && event.type !== 'TemplateClicked')
      return { ...base, type: event.type, data: event.data } as RewardSource;
    const { templateId } = event.data as { templateId: string };
    const submission = await submissionOf(templateId);
    if (submission === null) return null;
    if (event.type === 'TemplateClicked')
      return { ...base, type: 'TemplateClicked', data: { ...(event.data as TemplateClicked['data']), authorId: submission.authorId } };
    return {
      ...base,
      type: 'TemplateApproved',
      data: { templateId, authorId: submission.authorId, imported: submission.importedBy !== undefined },
    };
  }

  return {
    name: 'rewards',
    handles: REWARD_SOURCE_EVENT_TYPES,
    async react(event) {
      const source = await sourceOf(event);
      const command = source && (awardsFor(source) ?? revocationsFor(source));
      if (!command) return;
      await deps.commands.handle(rewardsDecider, rewardsStream(command.data.userId), command, {
        actor: REWARDS_ACTOR,
        idempotencyKey: event.id,
        causationId: event.id,
        correlationId: event.metadata.correlationId,
        // The reward is dated when it was earned, also when the reactor catches up later.
        now: new Date(event.metadata.occurredAt),
      });
    },
  };
}
