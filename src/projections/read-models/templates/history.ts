import type { Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { EventsAboutTemplate } from '../../../adapters/eventstore/events-about-template.js';
import { isStaffRole } from '../../../domain/accounts/access.js';
import { templateDecider } from '../../../domain/templates/decider.js';
import { templateStream, type TemplateEvent } from '../../../domain/templates/events.js';
import { historyDetails, historyTitle, type HistoryEntry } from '../../../domain/templates/history.js';
import { DELETED_STATUS } from '../../../domain/templates/lifecycle.js';
import { usernamesByIds } from '../users/queries.js';
import { templateSummary } from './queries.js';

/** Admins see who did everything; the author sees who did what only for their own and staff's acts. */
export type HistoryAudience = 'admin' | 'author';

/** One template's history as the admin portal lists it, deleted templates included (their row may be gone: nulls). */
export interface AdminTemplateHistory {
  resourceId: string;
  title: string | null;
  titleUrl: string | null;
  status: string | null;
  history: HistoryEntry[];
}

/** The history reads: every event that named a template, folded to show its status after each. */
export interface TemplateHistories {
  /** The events about one template, oldest first, as `audience` may see them; `viewerId` always sees their own acts. */
  of(templateId: string, audience: HistoryAudience, viewerId: string): Promise<HistoryEntry[]>;
  /** The admin portal's histories of several templates, in the order asked. */
  forAdmin(templateIds: readonly string[], viewerId: string): Promise<AdminTemplateHistory[]>;
}

/**
 * The log is read through `eventsAboutTemplate` (any stream whose events name the template);
 * the template's own stream is folded with its decider, so each entry carries the status it left.
 */
export function templateHistories(db: Kysely<Schema>, eventsAboutTemplate: EventsAboutTemplate): TemplateHistories {
  async function of(templateId: string, audience: HistoryAudience, viewerId: string): Promise<HistoryEntry[]> {
    const events = await eventsAboutTemplate(templateId);
    const ownStream = templateStream(templateId);
    let state = templateDecider.initialState();
    const userIds = [...new Set(events.map((event) => event.metadata.actor.userId).filter((id): id is string => id !== null))];
    const usernames = await usernamesByIds(db, userIds);
    return events.map((event) => {
      let status: string | null = null;
      if (event.streamId === ownStream) {
        state = templateDecider.evolve(state, event as unknown as TemplateEvent);
        status = state.deleted ? DELETED_STATUS : state.status;
      }
      const { actor } = event.metadata;
      // The author sees what others did (likes, flags, reports), not who did it.
      const shown = audience === 'admin' || actor.userId === viewerId || isStaffRole(actor.role);
      const { reason, details } = historyDetails(event.data);
      return {
        id: event.id,
        type: event.type,
        title: historyTitle(event.type, event.data),
        _date: event.metadata.occurredAt,
        actor: {
          userId: shown ? actor.userId : null,
          username: shown && actor.userId ? (usernames.get(actor.userId) ?? null) : null,
          role: actor.role,
          impersonatedBy: shown ? (actor.impersonatedBy ?? null) : null,
        },
        reason,
        status,
        details,
      };
    });
  }

  async function forAdmin(templateIds: readonly string[], viewerId: string): Promise<AdminTemplateHistory[]> {
    const histories: AdminTemplateHistory[] = [];
    for (const id of templateIds) {
      const history = await of(id, 'admin', viewerId);
      const row = await templateSummary(db, id);
      histories.push({ resourceId: id, title: row?.title ?? null, titleUrl: row?.title_url ?? null, status: row?.status ?? null, history });
    }
    return histories;
  }

  return { of, forAdmin };
}
