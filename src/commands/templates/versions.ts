import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { EventsAboutTemplate } from '../../adapters/eventstore/events-about-template.js';
import type { Actor } from '../../domain/shared/events.js';
import { templateDecider } from '../../domain/templates/decider.js';
import { templateStream, type TemplateEvent } from '../../domain/templates/events.js';
import type { PostAsOf } from '../../domain/templates/as-of.js';
import { updateNoticesDecider, updateNoticesStream, versionChoiceDecider, versionChoiceStream } from '../../domain/templates/versions.js';
import { hasSaved, holdingOf, latestVersionOf } from '../../projections/read-models/versions/queries.js';
import type { CommandBus } from '../bus/handle-command.js';

export interface VersionServiceDeps {
  commands: CommandBus;
  db: Kysely<Schema>;
  /** The post's own stream and the streams that name it (likes, saves, comments …), from the log. */
  eventsAboutTemplate: EventsAboutTemplate;
}

/** A post as it was at a past moment: folded from the events about it up to then. */

const TOGGLE_SETS: Record<string, { set: 'likes' | 'saves' | 'redFlags'; on: boolean }> = {
  TemplateLiked: { set: 'likes', on: true },
  TemplateUnliked: { set: 'likes', on: false },
  TemplateSaved: { set: 'saves', on: true },
  TemplateUnsaved: { set: 'saves', on: false },
  TemplateFlagged: { set: 'redFlags', on: true },
  TemplateUnflagged: { set: 'redFlags', on: false },
};

/** A buyer's choice of version, a saver's update notices, and a post as it was. */
export class VersionService {
  constructor(private readonly deps: VersionServiceDeps) {}

  /** Refused (4xx) for a non-buyer, an unknown or unpublished version, or one older than the one bought. */
  async choose(templateId: string, buyerId: string, version: number, actor: Actor) {
    const [holding, latest] = await Promise.all([holdingOf(this.deps.db, templateId, buyerId), latestVersionOf(this.deps.db, templateId)]);
    return this.deps.commands.handle(
      versionChoiceDecider,
      versionChoiceStream(templateId, buyerId),
      { type: 'ChooseVersion', data: { templateId, buyerId, version, entitledFrom: holding?.entitled_from ?? null, latest } },
      { actor },
    );
  }

  async setUpdateNotices(templateId: string, userId: string, on: boolean, actor: Actor) {
    const saved = await hasSaved(this.deps.db, templateId, userId);
    return this.deps.commands.handle(
      updateNoticesDecider,
      updateNoticesStream(templateId, userId),
      { type: 'SetUpdateNotices', data: { templateId, userId, on, saved } },
      { actor },
    );
  }

  /**
   * The post as it was at `at`: its own stream folded with its decider up to then, and the members'
   * toggles, comments and purchases counted from the events that name it (an indexed read of those
   * events, not a replay of the log). Null when it did not exist yet.
   */
  async asOf(templateId: string, at: Date): Promise<PostAsOf | null> {
    const events = await this.deps.eventsAboutTemplate(templateId);
    const ownStream = templateStream(templateId);
    let state = templateDecider.initialState();
    const sets = { likes: new Set<string>(), saves: new Set<string>(), redFlags: new Set<string>() };
    let comments = 0;
    for (const event of events) {
      if (Date.parse(event.metadata.occurredAt) > at.getTime()) break;
      if (event.streamId === ownStream) {
        state = templateDecider.evolve(state, event as unknown as TemplateEvent);
        continue;
      }
      const toggle = TOGGLE_SETS[event.type];
      const userId = (event.data as { userId?: string }).userId;
      if (toggle && userId) {
        if (toggle.on) sets[toggle.set].add(userId);
        else sets[toggle.set].delete(userId);
      } else if (event.type === 'CommentPosted') comments += 1;
    }
    if (state.status === null || state.content === null) return null;
    return {
      at: at.toISOString(),
      status: state.deleted ? 'deleted' : state.status,
      version: state.version,
      // The public content (an edit waiting aside); before the first approval, what waited for review.
      content: state.content,
      pendingEdit: state.pending !== null,
      sponsored: state.sponsored,
      counts: {
        likes: sets.likes.size,
        saves: sets.saves.size,
        redFlags: sets.redFlags.size,
        comments,
        buyers: state.owners.size - 1,
      },
    };
  }
}
