import { describe, expect, it } from 'vitest';
import { AS_OF_MESSAGES, asOfProblem, parseAsOf } from './as-of.js';

describe('the asOf moment', () => {
  const now = new Date('2026-12-07T12:00:00Z');
  it('takes ISO 8601 moments in the past and refuses the rest with the reason', () => {
    expect(parseAsOf(undefined, now)).toEqual({ ok: true, at: null });
    expect(parseAsOf('2026-12-03', now)).toEqual({ ok: true, at: new Date('2026-12-03T00:00:00Z') });
    expect(parseAsOf('2026-12-03T10:00:00+01:00', now)).toEqual({ ok: true, at: new Date('2026-12-03T09:00:00Z') });
    expect(parseAsOf('3 Dec', now)).toEqual({ ok: false, problem: AS_OF_MESSAGES.malformed });
    expect(parseAsOf('2026-13-45T00:00:00Z', now)).toEqual({ ok: false, problem: AS_OF_MESSAGES.malformed });
    expect(parseAsOf('2026-12-08T00:00:00Z', now)).toEqual({ ok: false, problem: AS_OF_MESSAGES.inFuture });
  });

  it('checks a moment picked in the browser with the same rule', () => {
    expect(asOfProblem(new Date('2026-12-07T11:59:00Z'), now)).toBeNull();
    expect(asOfProblem(new Date('2026-12-07T12:01:00Z'), now)).toBe(AS_OF_MESSAGES.inFuture);
    expect(asOfProblem(new Date('not a date'), now)).toBe(AS_OF_MESSAGES.malformed);
  });
});
