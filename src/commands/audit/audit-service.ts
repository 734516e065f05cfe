import type { EventChain } from '../../adapters/eventstore/chain.js';
import type { EventsAboutTemplate } from '../../adapters/eventstore/events-about-template.js';
import type { ChainHead } from '../../domain/audit/chain.js';
import { TRAIL_EVENT_TYPES, type PostTrail } from '../../domain/audit/trail.js';
import { historyDetails, historyTitle } from '../../domain/templates/history.js';

/** The audit chain's head, and the trail of decisions on one post with each entry's link. */
export interface AuditService {
  /** False on EventStoreDB, which keeps no chain. */
  readonly available: boolean;
  /** The chain's head, once it links everything appended so far. */
  head(): Promise<ChainHead | null>;
  trail(post: { id: string; title: string }): Promise<PostTrail>;
}

export function createAuditService(chain: EventChain | null, eventsAboutTemplate: EventsAboutTemplate): AuditService {
  async function head(): Promise<ChainHead | null> {
    if (!chain) return null;
    await chain.extend();
    return chain.head();
  }
  return {
    available: chain !== null,
    head,
    async trail(post) {
      const events = (await eventsAboutTemplate(post.id)).filter((event) => TRAIL_EVENT_TYPES.has(event.type));
      const chainHead = await head();
      const links = chain ? await chain.linksAt(events.map((event) => event.position.toString())) : [];
      const linkAt = new Map(links.map((link) => [link.position, link]));
      return {
        resourceId: post.id,
        title: post.title,
        head: chainHead,
        entries: events.map((event) => ({
          position: event.position.toString(),
          at: event.metadata.occurredAt,
          type: event.type,
          title: historyTitle(event.type, event.data),
          actorRole: event.metadata.actor.role,
          reason: historyDetails(event.data).reason,
          link: linkAt.get(event.position.toString()) ?? null,
        })),
      };
    },
  };
}
