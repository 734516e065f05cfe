import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import { likeDecider, type LikeCommand } from './decider.js';
import { likeStream, type TemplateLiked, type TemplateUnliked } from './events.js';

const data = { templateId: 'template-1', userId: 'user-1' };
const toggle: LikeCommand = { type: 'ToggleLike', data };
const liked: TemplateLiked = { type: 'TemplateLiked', data };
const unliked: TemplateUnliked = { type: 'TemplateUnliked', data };

const spec = deciderSpec(likeDecider);

describe('like decider', () => {
  it('likes a template the user has never liked', () => {
    spec.given([]).when(toggle).then([liked]);
  });

  it('unlikes a liked template', () => {
    spec.given([liked]).when(toggle).then([unliked]);
  });

  it('likes again after an unlike', () => {
    spec.given([liked, unliked]).when(toggle).then([liked]);
  });

  it('toggles by the last event, however long the history', () => {
    spec.given([liked, unliked, liked, unliked, liked]).when(toggle).then([unliked]);
    spec.given([liked, unliked, liked, unliked]).when(toggle).then([liked]);
  });

  it('carries the template and the user of the command', () => {
    const other = { templateId: 'template-2', userId: 'user-9' };
    spec.given([]).when({ type: 'ToggleLike', data: other }).then([{ type: 'TemplateLiked', data: other }]);
  });

  it('keeps one stream per user and template', () => {
    expect(likeStream('t1', 'u1')).toBe('like-t1-u1');
    expect(likeStream('t1', 'u1')).not.toBe(likeStream('t1', 'u2'));
    expect(likeStream('t1', 'u1')).not.toBe(likeStream('t2', 'u1'));
  });
});
