import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import type { TemplateFormProgressed } from './events.js';
import { formProgressDecider, type FormProgressCommand } from './form-progress.js';

const userId = 'a1b2c3d4-0000-4000-8000-000000000001';
const track = (formProgress: Record<string, boolean>): FormProgressCommand => ({
  type: 'TrackFormProgress',
  data: { userId, formProgress },
});
const tracked = (formProgress: Record<string, boolean>): TemplateFormProgressed => ({
  type: 'TemplateFormProgressed',
  data: { userId, formProgress },
});
const spec = deciderSpec(formProgressDecider);

describe('form progress decider', () => {
  it('records the first flags', () =>
    spec
      .given([])
      .when(track({ url: true }))
      .then([tracked({ url: true })]));
  it('records a change', () =>
    spec
      .given([tracked({ url: true })])
      .when(track({ url: true, title: true }))
      .then([tracked({ url: true, title: true })]));
  it('a repeat of the last flags records nothing (false and missing are the same)', () => {
    spec
      .given([tracked({ url: true })])
      .when(track({ url: true, title: false }))
      .then([]);
  });
});
