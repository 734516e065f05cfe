import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../shared/events.js';
import { explainVisibility, standingAt } from './visibility.js';

let position = 0n;
const event = (type: string, occurredAt: string, data: Record<string, unknown> = {}): RecordedEvent => {
  position += 1n;
  return {
    id: `e${position}`,
    type,
    data: { templateId: 't1', ...data },
    metadata: { correlationId: 'c', causationId: 'c', actor: { userId: null, role: 'system' }, occurredAt, schemaVersion: 1 },
    streamId: 'template-t1',
    revision: position,
    position,
  };
};

const log = [
  event('TemplateSubmitted', '2026-12-01T09:00:00.000Z'),
  event('TemplateApproved', '2026-12-02T09:00:00.000Z'),
  event('TemplateLiked', '2026-12-02T10:00:00.000Z', { userId: 'u1' }),
  event('TemplateLiked', '2026-12-02T11:00:00.000Z', { userId: 'u2' }),
  event('TemplateFlagged', '2026-12-03T08:00:00.000Z', { userId: 'u3' }),
  event('TemplateFlaggedForReview', '2026-12-03T09:00:00.000Z', { whileEditWaits: false, reason: 'flags' }),
  event('TemplateUnliked', '2026-12-04T09:00:00.000Z', { userId: 'u1' }),
  event('TemplateHidden', '2026-12-05T09:00:00.000Z', { reason: 'broken' }),
];

describe('visibility: the standing folded from the log', () => {
  it('is nothing before the post was submitted, and follows status, kudos and flags up to the moment', () => {
    expect(standingAt(log, new Date('2026-11-30T00:00:00Z'))).toBeNull();
    expect(standingAt(log, new Date('2026-12-01T12:00:00Z'))).toMatchObject({
      status: 'under review',
      statusSince: log[0]!.metadata.occurredAt,
    });
    expect(standingAt(log, new Date('2026-12-03T12:00:00Z'))).toMatchObject({
      status: 'live flagged',
      kudos: 2,
      flags: 1,
      flaggedForReview: true,
      flaggedSince: '2026-12-03T09:00:00.000Z',
    });
    expect(standingAt(log, new Date('2026-12-06T00:00:00Z'))).toMatchObject({ status: 'hidden', kudos: 1, flaggedForReview: false });
  });

  it('explains each status in plain words with its date', () => {
    const at = (iso: string) => {
      const moment = new Date(iso);
      return explainVisibility(standingAt(log, moment)!, {}, moment);
    };
    expect(at('2026-12-01T12:00:00Z').surfaces[0]!.reasons[0]!.message).toBe('Waiting for review since 1 Dec');
    const flagged = at('2026-12-03T12:00:00Z');
    expect(flagged.listed).toBe(true);
    expect(flagged.surfaces.find((surface) => surface.surface === 'home:toprated')!.reasons[0]!.message).toBe(
      'Not recommended since 3 Dec: 1 member flagged it and a moderator is looking again',
    );
    expect(at('2026-12-06T00:00:00Z').surfaces[0]!.reasons[0]!.message).toBe('Hidden since 5 Dec: 1 member flagged it');
  });

  it('says a post sent to review by a report was reported, not that 0 members flagged it', () => {
    const reported = [
      event('TemplateSubmitted', '2026-12-01T09:00:00.000Z'),
      event('TemplateApproved', '2026-12-02T09:00:00.000Z'),
      event('TemplateFlaggedForReview', '2026-12-03T09:00:00.000Z', { whileEditWaits: false, reason: 'Reported: Doesn’t Work' }),
    ];
    const moment = new Date('2026-12-04T00:00:00Z');
    const topRated = explainVisibility(standingAt(reported, moment)!, {}, moment).surfaces.find((s) => s.surface === 'home:toprated')!;
    expect(topRated.reasons[0]!.message).toBe('Not recommended since 3 Dec: it was reported and a moderator is looking again');
  });

  it('ranks with the lists’ places: shown within the cut, and says how far below it a post is', () => {
    const moment = new Date('2026-12-02T12:00:00Z');
    const answer = explainVisibility(
      standingAt(log, moment)!,
      {
        'home:toprated': { rank: 14, shows: 12, lowestShownKudos: 4 },
        'home:new': { rank: 3, shows: 12 },
        profile: { rank: 1, shows: null },
      },
      moment,
    );
    expect(answer.score).toEqual({ total: 2, parts: [{ name: 'kudos', value: 2 }] });
    expect(answer.surfaces.find((surface) => surface.surface === 'home:toprated')).toEqual({
      surface: 'home:toprated',
      shown: false,
      rank: 14,
      reasons: [
        {
          code: 'below_cut',
          message: 'Not on Top rated: it shows the 12 with the most kudos; this post is number 14 with 2 kudos (the lowest shown has 4)',
        },
      ],
    });
    expect(answer.surfaces.find((surface) => surface.surface === 'home:new')).toMatchObject({ shown: true, rank: 3 });
    expect(answer.surfaces.find((surface) => surface.surface === 'profile')).toMatchObject({ shown: true, rank: 1 });
  });
});
