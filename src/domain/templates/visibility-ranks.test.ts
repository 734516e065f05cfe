import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../shared/events.js';
import { CatalogueFold, pastLists, placesIn } from './visibility-ranks.js';

let position = 0n;
const event = (type: string, minute: number, data: Record<string, unknown>): RecordedEvent => {
  position += 1n;
  return {
    id: `e${position}`,
    type,
    data,
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actor: { userId: null, role: 'system' },
      occurredAt: new Date(Date.UTC(2026, 11, 1, 9, minute)).toISOString(),
      schemaVersion: 1,
    },
    streamId: `template-${String(data.templateId)}`,
    revision: position,
    position,
  };
};
const submitted = (templateId: string, minute: number, authorId = 'ann') =>
  event('TemplateSubmitted', minute, { templateId, authorId, topic: 'Productivity', platform: 'notion' });

describe('visibility ranks at a past moment', () => {
  it('chooses and orders the folded catalogue as the lists do: kudos then newest, public only, the author’s own', () => {
    const fold = new CatalogueFold();
    for (const recorded of [
      submitted('a', 0),
      event('TemplateApproved', 1, { templateId: 'a' }),
      submitted('b', 2, 'bob'),
      event('TemplateApproved', 3, { templateId: 'b' }),
      event('TemplateLiked', 4, { templateId: 'a', userId: 'u1' }),
      submitted('c', 5),
      event('TemplateApproved', 6, { templateId: 'c' }),
      submitted('waiting', 7),
    ])
      fold.apply(recorded);
    const catalogue = fold.catalogue();
    const a = catalogue.find((post) => post.id === 'a')!;
    const lists = pastLists(catalogue, a);
    expect(lists.topRated).toEqual([
      { id: 'a', likes: 1 },
      { id: 'c', likes: 0 },
      { id: 'b', likes: 0 },
    ]);
    expect(lists.newest).toEqual(['c', 'b', 'a']);
    expect(lists.profile).toEqual(['c', 'a']);
    expect(lists.sponsored).toEqual([]);
    const places = placesIn(lists, 'a');
    expect(places['home:toprated']).toMatchObject({ rank: 1, shows: 12 });
    expect(places['home:new']).toMatchObject({ rank: 3 });
    expect(places.trending).toMatchObject({ rank: 1, sponsoredPlace: false });
    expect(places.profile).toEqual({ rank: 2, shows: null });
    expect(placesIn(lists, 'waiting')['home:new']).toMatchObject({ rank: null });
  });
});
