import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import {
  clickDecider,
  commentDecider,
  flagDecider,
  likeDecider,
  reportDecider,
  saveDecider,
  viewDecider,
  type LikeCommand,
} from './decider.js';
import { clickStream, flagStream, likeStream, saveStream, viewStream, type TemplateLiked, type TemplateUnliked } from './events.js';
import { ENGAGEMENT_LIMITS, ENGAGEMENT_MESSAGES, REPORT_REASONS } from './rules.js';
import { reportSchema } from './schemas.js';

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
    spec
      .given([])
      .when({ type: 'ToggleLike', data: other })
      .then([{ type: 'TemplateLiked', data: other }]);
  });

  it('keeps one stream per user and template', () => {
    expect(likeStream('t1', 'u1')).toBe('like-t1-u1');
    expect(likeStream('t1', 'u1')).not.toBe(likeStream('t1', 'u2'));
    expect(likeStream('t1', 'u1')).not.toBe(likeStream('t2', 'u1'));
  });
});

describe('save and flag deciders', () => {
  it('toggle saves per user and template, by the last event', () => {
    const save = deciderSpec(saveDecider);
    const saved = { type: 'TemplateSaved', data } as const;
    const unsaved = { type: 'TemplateUnsaved', data } as const;
    save.given([]).when({ type: 'ToggleSave', data }).then([saved]);
    save.given([saved]).when({ type: 'ToggleSave', data }).then([unsaved]);
    save.given([saved, unsaved]).when({ type: 'ToggleSave', data }).then([saved]);
  });

  it('end in the state a command names, appending nothing when already there', () => {
    const save = deciderSpec(saveDecider);
    const saved = { type: 'TemplateSaved', data } as const;
    const unsaved = { type: 'TemplateUnsaved', data } as const;
    save.given([]).when({ type: 'ToggleSave', data, on: false }).then([]);
    save.given([saved, unsaved]).when({ type: 'ToggleSave', data, on: false }).then([]);
    save.given([saved]).when({ type: 'ToggleSave', data, on: false }).then([unsaved]);
    save.given([saved]).when({ type: 'ToggleSave', data, on: true }).then([]);
    save.given([]).when({ type: 'ToggleSave', data, on: true }).then([saved]);
  });

  it('toggle red flags', () => {
    const flag = deciderSpec(flagDecider);
    const flagged = { type: 'TemplateFlagged', data } as const;
    flag.given([]).when({ type: 'ToggleFlag', data }).then([flagged]);
    flag
      .given([flagged])
      .when({ type: 'ToggleFlag', data })
      .then([{ type: 'TemplateUnflagged', data }]);
  });

  it('keep their own streams, apart from likes', () => {
    expect(new Set([likeStream('t1', 'u1'), saveStream('t1', 'u1'), flagStream('t1', 'u1'), clickStream('t1', 'u1')]).size).toBe(4);
  });
});

describe('click and view counters', () => {
  it('count every click and every view, whatever came before', () => {
    const clicked = { type: 'TemplateClicked', data } as const;
    deciderSpec(clickDecider).given([clicked, clicked]).when({ type: 'RecordClick', data }).then([clicked]);
    const anonymous = { templateId: 'template-1', userId: null };
    deciderSpec(viewDecider)
      .given([])
      .when({ type: 'RecordView', data: anonymous })
      .then([{ type: 'TemplateViewed', data: anonymous }]);
  });

  it('give every view a stream of its own, so views of one post never contend', () => {
    expect(viewStream('t1', 'view-a')).toBe('view-t1-view-a');
    expect(viewStream('t1', 'view-a')).not.toBe(viewStream('t1', 'view-b'));
  });
});

describe('comment decider', () => {
  const comment = deciderSpec(commentDecider);
  const posted = (message: string) => ({ commentId: 'c1', templateId: 'template-1', authorId: 'user-1', message });

  it('posts the text exactly as typed, markup included', () => {
    const message = '<script>alert("x")</script>\n  second line  ';
    comment
      .given([])
      .when({ type: 'PostComment', data: posted(message) })
      .then([{ type: 'CommentPosted', data: posted(message) }]);
  });

  it('refuses empty and blank comments, and one character over the limit', () => {
    comment
      .given([])
      .when({ type: 'PostComment', data: posted('') })
      .thenThrows('invalid', ENGAGEMENT_MESSAGES.commentEmpty);
    comment
      .given([])
      .when({ type: 'PostComment', data: posted(' \n\t ') })
      .thenThrows('invalid', ENGAGEMENT_MESSAGES.commentEmpty);
    const max = ENGAGEMENT_LIMITS.commentMax;
    comment
      .given([])
      .when({ type: 'PostComment', data: posted('x'.repeat(max + 1)) })
      .thenThrows('invalid', ENGAGEMENT_MESSAGES.commentTooLong(max));
    comment
      .given([])
      .when({ type: 'PostComment', data: posted('x'.repeat(max)) })
      .then([{ type: 'CommentPosted', data: posted('x'.repeat(max)) }]);
  });

  it('counts an emoji as one character: a comment of the limit in emoji is posted, one more refused', () => {
    const max = ENGAGEMENT_LIMITS.commentMax;
    comment
      .given([])
      .when({ type: 'PostComment', data: posted('😀'.repeat(max)) })
      .then([{ type: 'CommentPosted', data: posted('😀'.repeat(max)) }]);
    comment
      .given([])
      .when({ type: 'PostComment', data: posted('😀'.repeat(max + 1)) })
      .thenThrows('invalid', ENGAGEMENT_MESSAGES.commentTooLong(max));
  });

  it('posts a comment once', () => {
    comment
      .given([{ type: 'CommentPosted', data: posted('hi') }])
      .when({ type: 'PostComment', data: posted('hi') })
      .thenThrows('conflict');
  });
});

describe('report decider', () => {
  const report = deciderSpec(reportDecider);
  const reportData = {
    reportId: 'r1',
    templateId: 'template-1',
    reporterId: 'user-1',
    reason: 'spam',
    nameEnc: 'pd1:n',
    emailEnc: 'pd1:e',
    messageEnc: 'pd1:m',
  };

  it("reports someone else's template", () => {
    report
      .given([])
      .when({ type: 'ReportTemplate', data: reportData, template: { authorId: 'user-2' } })
      .then([{ type: 'TemplateReported', data: reportData }]);
  });

  it('refuses the author reporting their own post', () => {
    report
      .given([])
      .when({ type: 'ReportTemplate', data: reportData, template: { authorId: 'user-1' } })
      .thenThrows('forbidden', ENGAGEMENT_MESSAGES.reportOwnPost);
  });
});

describe('engagement rules', () => {
  it("accepts the spec's report reasons and the placeholder, nothing else", () => {
    const form = { resourceId: 't', name: 'Ada', message: 'Broken link', email: 'ada@example.com' };
    for (const reason of [...Object.keys(REPORT_REASONS), '', undefined])
      expect(reportSchema.safeParse({ ...form, reason }).success).toBe(true);
    expect(reportSchema.safeParse({ ...form, reason: 'because' }).error?.issues[0]?.message).toBe(ENGAGEMENT_MESSAGES.reportReasonUnknown);
    expect(reportSchema.safeParse({ ...form, name: '  ' }).error?.issues[0]?.message).toBe(ENGAGEMENT_MESSAGES.reportNameRequired);
    expect(reportSchema.safeParse({ ...form, email: 'not-an-address' }).success).toBe(false);
  });
});
