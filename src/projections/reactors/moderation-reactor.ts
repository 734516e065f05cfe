import type { Kysely } from 'kysely';

import type { Schema } from '../../adapters/db/schema.js';
import { FLAGS_FOR_REVIEW, REPORT_REASONS, isReportReason } from '../../domain/engagement/rules.js';
import type { TemplateFlagged, TemplateReported } from '../../domain/engagement/events.js';
import { DomainError, type Actor, type RecordedEvent } from '../../domain/shared/events.js';
import { templateDecider } from '../../domain/templates/decider.js';
import { templateStream } from '../../domain/templates/events.js';
import type { Reactor } from './reactor-runner.js';
import { redFlagCount } from '../read-models/templates/queries.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';

const MODERATION_ACTOR: Actor = { userId: null, role: 'system' };

export interface ModerationReactorDeps {
  commands: CommandBus;
  db: Kysely<Schema>;
  /** Resolves once the read models include `position` (the flag tally is read from them). */
  waitForReadModels(position: bigint): Promise<boolean>;
}

/**
 * Sends a live post to the review queue ('live flagged') when members raise FLAGS_FOR_REVIEW red
 * flags on it (as many again after a moderator's 'Not Flagged': the decider checks) or when someone reports it. Exactly once per source event: the event's id is the
 * idempotency key, and the decider appends nothing for a post already flagged.
 */
export function createModerationReactor(deps: ModerationReactorDeps): Reactor {
  /** Why a moderator should look, and the flags counted when members' flags (not a report) ask; null when they do not ask yet. */
  async function requestFor(event: RecordedEvent): Promise<{ reason: string; flags?: number } | null> {
    if (event.type === 'TemplateReported') {
      const { reason } = (event as unknown as TemplateReported).data;
      return { reason: `Reported: ${reason !== null && isReportReason(reason) ? REPORT_REASONS[reason] : 'no reason given'}` };
    }
    const { templateId } = (event as unknown as TemplateFlagged).data;
    if (!(await deps.waitForReadModels(event.position)))
      throw new Error(`The read models did not reach position ${event.position} in time`);
    const flags = await redFlagCount(deps.db, templateId);
    return flags >= FLAGS_FOR_REVIEW ? { reason: `${flags} members raised a red flag`, flags } : null;
  }

  return {
    name: 'moderation',
    handles: ['TemplateFlagged', 'TemplateReported'],
    async react(event) {
      const request = await requestFor(event);
      if (request === null) return;
      const { templateId } = event.data as { templateId: string };
      try {
        await deps.commands.handle(
          templateDecider,
          templateStream(templateId),
          { type: 'FlagTemplateForReview', data: { templateId, ...request } },
          {
            actor: MODERATION_ACTOR,
            idempotencyKey: event.id,
            causationId: event.id,
            correlationId: event.metadata.correlationId,
          },
        );
      } catch (error) {
        // A post under review, hidden or deleted meanwhile is already out of public view: nothing to do.
        if (error instanceof DomainError && (error.kind === 'conflict' || error.kind === 'not_found')) return;
        throw error;
      }
    },
  };
}
