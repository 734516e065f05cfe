import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import { templateDecider, type Requester, type TemplateCommand } from './decider.js';
import type { TemplateEvent, TemplateSubmitted, TemplateVersionPublished } from './events.js';
import { REVIEW_ACTIONS, TEMPLATE_STATUSES, type ReviewDecision, type TemplateStatus } from './lifecycle.js';
import { TEMPLATE_MESSAGES } from './rules.js';

const templateId = '7d2c5b8e-4f0a-4c8b-9a3e-2b1d0c9e8f71';
const authorId = 'a1b2c3d4-0000-4000-8000-000000000001';
const reviewerId = 'a1b2c3d4-0000-4000-8000-000000000002';
const strangerId = 'a1b2c3d4-0000-4000-8000-000000000003';
const buyerId = 'a1b2c3d4-0000-4000-8000-000000000004';

const author: Requester = { userId: authorId, lvl: 'base' };
const stranger: Requester = { userId: strangerId, lvl: 'base' };
const admin: Requester = { userId: reviewerId, lvl: 'admin' };
const siteOwner: Requester = { userId: strangerId, lvl: 'owner' };

const submittedData: TemplateSubmitted['data'] = {
  templateId,
  authorId,
  titleUrl: 'weekly-planner-7d2c5b8e4f0a',
  title: 'Weekly Planner',
  description: 'Plan the week in Notion.',
  instructions: 'Duplicate it.',
  url: 'https://example.com/weekly-planner',
  topic: 'productivity',
  platform: 'notion',
  keywords: ['planner'],
  price: 12,
  imageUrls: [],
};

// Events
const submitted: TemplateEvent = { type: 'TemplateSubmitted', data: submittedData };
const approved: TemplateEvent = { type: 'TemplateApproved', data: { templateId, reviewerId, reason: null } };
const v1Content = {
  title: 'Weekly Planner',
  description: 'Plan the week in Notion.',
  instructions: 'Duplicate it.',
  url: 'https://example.com/weekly-planner',
  imageUrls: [],
  price: 12,
  keywords: ['planner'],
};
/** The version marks: v1 at the first approval, then one per approved change of the public content. */
const v1: TemplateEvent = {
  type: 'TemplateVersionPublished',
  data: { templateId, version: 1, changeNote: null, changed: [], content: v1Content },
};
const v2 = (
  changed: TemplateVersionPublished['data']['changed'],
  content: Partial<typeof v1Content>,
  changeNote: string | null = null,
): TemplateEvent => ({
  type: 'TemplateVersionPublished',
  data: { templateId, version: 2, changeNote, changed, content: { ...v1Content, ...content } },
});
const v2Title = v2(['title'], { title: 'Weekly Planner 2' });
const denied: TemplateEvent = { type: 'TemplateDenied', data: { templateId, reviewerId, reason: 'Broken link' } };
const flagged: TemplateEvent = { type: 'TemplateFlaggedForReview', data: { templateId, reason: '3 flags' } };
const flagCleared: TemplateEvent = { type: 'TemplateFlagCleared', data: { templateId, reviewerId, reason: null } };
const hidden: TemplateEvent = { type: 'TemplateHidden', data: { templateId, reviewerId, reason: 'Spam' } };
const edited = (previousStatus: TemplateStatus, editor = authorId): TemplateEvent => ({
  type: 'TemplateEdited',
  data: { templateId, editorId: editor, changes: { title: 'Weekly Planner 2' }, previousStatus },
});
const sponsored = (value: boolean): TemplateEvent => ({ type: 'TemplateSponsored', data: { templateId, sponsored: value, reason: null } });
const purchased = (buyer: string): TemplateEvent => ({ type: 'TemplatePurchased', data: { templateId, buyerId: buyer, priceCents: 1200 } });
const deleted: TemplateEvent = { type: 'TemplateDeleted', data: { templateId, deletedBy: authorId, reason: null } };
const removed: TemplateEvent = { type: 'TemplatePermanentlyDeleted', data: { templateId, reviewerId, reason: 'Scam' } };

/** The shortest history that leaves the template in each status. */
const historyFor: Record<TemplateStatus, TemplateEvent[]> = {
  'under review': [submitted],
  'under review edit': [submitted, approved, v1, edited('live')],
  live: [submitted, approved, v1],
  'live flagged': [submitted, approved, v1, flagged],
  'not approved': [submitted, denied],
  hidden: [submitted, approved, v1, flagged, hidden],
};

// Commands
const submit: TemplateCommand = { type: 'SubmitTemplate', data: submittedData };
const reviewBy = (decision: ReviewDecision, reason: string | null = null, revision?: number): TemplateCommand => ({
  type: 'ReviewTemplate',
  data: { templateId, reviewerId, decision, reason, ...(revision === undefined ? {} : { revision }) },
});
const edit = (requester: Requester, changes: object = { title: 'Weekly Planner 2' }): TemplateCommand => ({
  type: 'EditTemplate',
  data: { templateId, requester, changes },
});
const remove = (requester: Requester): TemplateCommand => ({ type: 'DeleteTemplate', data: { templateId, requester, reason: null } });

const spec = deciderSpec(templateDecider);
const fold = (events: TemplateEvent[]) => events.reduce(templateDecider.evolve, templateDecider.initialState());
/** The folded state with its owners as a list, as the assertions write them. */
const folded = (events: TemplateEvent[]) => {
  const state = fold(events);
  return { ...state, owners: state.owners.toArray() };
};

describe('template decider', () => {
  it('each history used below really leads to its status', () => {
    for (const status of TEMPLATE_STATUSES) expect(fold(historyFor[status]).status).toBe(status);
  });

  describe('SubmitTemplate', () => {
    it('submits a new template for review', () => {
      spec.given([]).when(submit).then([submitted]);
    });

    it('refuses to submit the same template twice, even after it was deleted', () => {
      spec.given([submitted]).when(submit).thenThrows('conflict', 'This template already exists.');
      spec.given([submitted, deleted]).when(submit).thenThrows('conflict', 'This template already exists.');
    });
  });

  describe('review decisions follow exactly the spec transitions', () => {
    const reasonFor: Record<ReviewDecision, string | null> = { approve: null, deny: 'Broken link', not_flagged: null, hide: 'Spam' };
    const editDenied: TemplateEvent = { type: 'TemplateDenied', data: { templateId, reviewerId, reason: 'Broken link', editOnly: true } };
    const editApproved: TemplateEvent = {
      type: 'TemplateApproved',
      data: { templateId, reviewerId, reason: null, published: { title: 'Weekly Planner 2' } },
    };
    /** Every allowed decision: from which status, the event, and where it leads; everything else is refused. */
    const allowed: [ReviewDecision, TemplateStatus, TemplateEvent[], TemplateStatus][] = [
      ['approve', 'under review', [approved, v1], 'live'],
      ['approve', 'under review edit', [editApproved, v2Title], 'live'],
      ['deny', 'under review', [denied], 'not approved'],
      // A denied edit keeps the approved version live.
      ['deny', 'under review edit', [editDenied], 'live'],
      ['not_flagged', 'live flagged', [flagCleared], 'live'],
      ['hide', 'live flagged', [hidden], 'hidden'],
    ];

    for (const [decision, from, events, to] of allowed) {
      it(`${decision}: ${from} → ${to}`, () => {
        spec.given(historyFor[from]).when(reviewBy(decision, reasonFor[decision])).then(events);
        expect(fold([...historyFor[from], ...events]).status).toBe(to);
      });
    }
    for (const decision of Object.keys(REVIEW_ACTIONS) as ReviewDecision[]) {
      for (const status of TEMPLATE_STATUSES) {
        if (allowed.some(([d, from]) => d === decision && from === status)) continue;
        it(`${decision}: refused from ${status} with a conflict`, () => {
          spec
            .given(historyFor[status])
            .when(reviewBy(decision, reasonFor[decision]))
            .thenThrows('conflict', `A template that is ${status} cannot be ${REVIEW_ACTIONS[decision].verb}.`);
        });
      }
    }

    it('a decision on the revision the moderator saw goes through; one on an older revision is refused', () => {
      const history = historyFor['under review edit'];
      expect(fold(history).contentRevision).toBe(2);
      spec
        .given(history)
        .when(reviewBy('approve', null, 2))
        .then([editApproved, v2Title]);
      // The author edited again after the moderator opened revision 2.
      const again: TemplateEvent = {
        type: 'TemplateEdited',
        data: { templateId, editorId: authorId, changes: { url: 'https://example.com/other' }, previousStatus: 'under review edit' },
      };
      spec
        .given([...history, again])
        .when(reviewBy('approve', null, 2))
        .thenThrows('conflict', TEMPLATE_MESSAGES.changedSinceOpened);
      spec
        .given([...history, again])
        .when(reviewBy('deny', 'No', 2))
        .thenThrows('conflict', TEMPLATE_MESSAGES.changedSinceOpened);
      spec
        .given(historyFor['under review'])
        .when(reviewBy('approve', null, 1))
        .then([approved, v1]);
    });

    it('denying needs a reason that is not blank', () => {
      spec.given([submitted]).when(reviewBy('deny', null)).thenThrows('invalid', 'Denial message cannot be blank');
      spec.given([submitted]).when(reviewBy('deny', '   ')).thenThrows('invalid', 'Denial message cannot be blank');
    });

    it('keeps the reason, trimmed, on every decision', () => {
      spec
        .given([submitted])
        .when(reviewBy('approve', '  Looks good '))
        .then([{ type: 'TemplateApproved', data: { templateId, reviewerId, reason: 'Looks good' } }, v1]);
    });

    it('ApproveTemplate is approve without a note', () => {
      spec.given([submitted]).when({ type: 'ApproveTemplate', data: { templateId, reviewerId } }).then([approved, v1]);
      spec
        .given([submitted, approved])
        .when({ type: 'ApproveTemplate', data: { templateId, reviewerId } })
        .thenThrows('conflict', 'A template that is live cannot be approved.');
    });

    it('refuses decisions on unknown and deleted templates', () => {
      spec.given([]).when(reviewBy('approve')).thenThrows('not_found', 'This post does not exist');
      spec.given([submitted, deleted]).when(reviewBy('approve')).thenThrows('not_found', 'This post does not exist');
    });
  });

  describe('FlagTemplateForReview', () => {
    const flag: TemplateCommand = { type: 'FlagTemplateForReview', data: { templateId, reason: '3 flags' } };
    it('live → live flagged', () => spec.given(historyFor.live).when(flag).then([flagged]));
    it('a flagged template stays flagged without a new event', () => spec.given(historyFor['live flagged']).when(flag).then([]));
    it('holds a flag on a post whose edit waits (still public): it stays under review edit, and deciding the edit opens the flag review', () => {
      const held: TemplateEvent = { type: 'TemplateFlaggedForReview', data: { templateId, reason: '3 flags', whileEditWaits: true } };
      spec.given(historyFor['under review edit']).when(flag).then([held]);
      expect(fold([...historyFor['under review edit'], held]).status).toBe('under review edit');
      // Held once: a second report while the same edit waits adds nothing.
      spec
        .given([...historyFor['under review edit'], held])
        .when(flag)
        .then([]);
      // An edit of a post already flagged keeps its flag: nothing new to hold.
      spec
        .given([...historyFor['live flagged'], edited('live flagged')])
        .when(flag)
        .then([]);
      for (const [decision, reason, decided] of [
        [
          'approve',
          null,
          [{ type: 'TemplateApproved', data: { templateId, reviewerId, reason: null, published: { title: 'Weekly Planner 2' } } }, v2Title],
        ],
        ['deny', 'No', [{ type: 'TemplateDenied', data: { templateId, reviewerId, reason: 'No', editOnly: true } }]],
      ] as const satisfies readonly (readonly [ReviewDecision, string | null, TemplateEvent[]])[]) {
        spec
          .given([...historyFor['under review edit'], held])
          .when(reviewBy(decision, reason))
          .then([...decided, flagged]);
        expect(fold([...historyFor['under review edit'], held, ...decided, flagged]).status).toBe('live flagged');
      }
    });
    it("after 'Not Flagged', members' flags send the post back only once as many again are raised as the moderator judged", () => {
      const byFlags = (flags: number): TemplateCommand => ({
        type: 'FlagTemplateForReview',
        data: { templateId, reason: `${flags} flags`, flags },
      });
      const flaggedBy = (flags: number): TemplateEvent => ({
        type: 'TemplateFlaggedForReview',
        data: { templateId, reason: `${flags} flags`, flags },
      });
      const judged = [...historyFor.live, flaggedBy(3), flagCleared];
      // One flagger lowering and raising their flag again counts the same 3.
      spec.given(judged).when(byFlags(3)).then([]);
      spec.given(judged).when(byFlags(5)).then([]);
      spec
        .given(judged)
        .when(byFlags(6))
        .then([flaggedBy(6)]);
      // A report is not a tally: it always asks a moderator.
      spec.given(judged).when(flag).then([flagged]);
    });
    it('refuses templates that are not live', () => {
      spec
        .given(historyFor['under review'])
        .when(flag)
        .thenThrows('conflict', 'A template that is under review cannot be flagged for review.');
      spec.given(historyFor.hidden).when(flag).thenThrows('conflict', 'A template that is hidden cannot be flagged for review.');
    });
  });

  describe('EditTemplate', () => {
    it('an edit of a public post waits as under review edit; one of a post nobody sees yet goes back to under review', () => {
      const after: Record<TemplateStatus, TemplateStatus> = {
        live: 'under review edit',
        'live flagged': 'under review edit',
        'under review edit': 'under review edit',
        'under review': 'under review',
        'not approved': 'under review',
        hidden: 'under review',
      };
      for (const status of TEMPLATE_STATUSES) {
        spec
          .given(historyFor[status])
          .when(edit(author))
          .then([edited(status)]);
        expect(fold([...historyFor[status], edited(status)]).status).toBe(after[status]);
      }
    });

    it('successive edits of a live post add up to one pending edit; approval or denial clears it', () => {
      const second: TemplateEvent = {
        type: 'TemplateEdited',
        data: { templateId, editorId: authorId, changes: { url: 'https://example.com/2' }, previousStatus: 'under review edit' },
      };
      const state = fold([...historyFor.live, edited('live'), second]);
      expect(state.pending).toEqual({ title: 'Weekly Planner 2', url: 'https://example.com/2' });
      expect(state.contentRevision).toBe(3);
      expect(
        fold([
          ...historyFor.live,
          edited('live'),
          { type: 'TemplateDenied', data: { templateId, reviewerId, reason: 'No', editOnly: true } },
        ]).pending,
      ).toBeNull();
      // A post nobody sees yet has no approved version to keep: its edit replaces the content.
      expect(fold([submitted, edited('under review')]).pending).toBeNull();
    });

    it('an edit does not end a flag review: once the edit is approved or denied, the post waits as live flagged again', () => {
      const editedWhileFlagged = [...historyFor['live flagged'], edited('live flagged')];
      const reflagged: TemplateEvent = { type: 'TemplateFlaggedForReview', data: { templateId, reason: '3 flags' } };
      spec
        .given(editedWhileFlagged)
        .when(reviewBy('approve'))
        .then([
          { type: 'TemplateApproved', data: { templateId, reviewerId, reason: null, published: { title: 'Weekly Planner 2' } } },
          v2Title,
          reflagged,
        ]);
      spec
        .given(editedWhileFlagged)
        .when(reviewBy('deny', 'No'))
        .then([{ type: 'TemplateDenied', data: { templateId, reviewerId, reason: 'No', editOnly: true } }, reflagged]);
      // A flag review a moderator settled is not brought back by a later edit.
      const settled = [...historyFor['live flagged'], flagCleared, edited('live')];
      spec
        .given(settled)
        .when(reviewBy('approve'))
        .then([
          { type: 'TemplateApproved', data: { templateId, reviewerId, reason: null, published: { title: 'Weekly Planner 2' } } },
          v2Title,
        ]);
    });

    it('lets admins and site owners edit too', () => {
      spec
        .given(historyFor.live)
        .when(edit(admin))
        .then([edited('live', reviewerId)]);
      spec
        .given(historyFor.live)
        .when(edit(siteOwner))
        .then([edited('live', strangerId)]);
    });

    it("refuses someone else's post", () => {
      spec
        .given(historyFor.live)
        .when(edit(stranger))
        .thenThrows('forbidden', 'Unauthorized: You should be admin/author to do this action.');
    });

    it('an edit without changes decides nothing', () => {
      spec.given(historyFor.live).when(edit(author, {})).then([]);
    });

    it('refuses deleted posts', () => {
      spec.given([submitted, deleted]).when(edit(author)).thenThrows('not_found', 'This post does not exist');
    });
  });

  describe('ClearTemplateImages and RequestPriceChange', () => {
    it('records them for the author without changing the status', () => {
      spec
        .given(historyFor.live)
        .when({ type: 'ClearTemplateImages', data: { templateId, requester: author } })
        .then([{ type: 'TemplateImagesCleared', data: { templateId, editorId: authorId } }]);
      const request: TemplateCommand = { type: 'RequestPriceChange', data: { templateId, requester: author, newPrice: 20 } };
      const requested: TemplateEvent = {
        type: 'TemplatePriceChangeRequested',
        data: { templateId, requesterId: authorId, currentPrice: 12, newPrice: 20 },
      };
      spec.given(historyFor.live).when(request).then([requested]);
      expect(fold([...historyFor.live, requested]).status).toBe('live');
    });

    it("refuses them on someone else's post", () => {
      spec
        .given(historyFor.live)
        .when({ type: 'ClearTemplateImages', data: { templateId, requester: stranger } })
        .thenThrows('forbidden', 'Unauthorized: You should be admin/author to do this action.');
      spec
        .given(historyFor.live)
        .when({ type: 'RequestPriceChange', data: { templateId, requester: stranger, newPrice: 20 } })
        .thenThrows('forbidden', 'Unauthorized: You should be admin/author to do this action.');
    });

    it('refuses a price change request for the price the post already has, unless it withdraws a waiting one', () => {
      spec
        .given(historyFor.live)
        .when({ type: 'RequestPriceChange', data: { templateId, requester: author, newPrice: 12 } })
        .thenThrows('invalid', TEMPLATE_MESSAGES.priceUnchanged);
      const waiting: TemplateEvent = {
        type: 'TemplatePriceChangeRequested',
        data: { templateId, requesterId: authorId, currentPrice: 12, newPrice: 20 },
      };
      spec
        .given([...historyFor.live, waiting])
        .when({ type: 'RequestPriceChange', data: { templateId, requester: author, newPrice: 12 } })
        .then([{ type: 'TemplatePriceChangeRequested', data: { templateId, requesterId: authorId, currentPrice: 12, newPrice: 12 } }]);
    });
  });

  describe('SetSponsored', () => {
    const sponsor = (value: boolean): TemplateCommand => ({ type: 'SetSponsored', data: { templateId, sponsored: value } });
    it('refuses to sponsor an unknown template', () =>
      spec.given([]).when(sponsor(true)).thenThrows('not_found', 'This post does not exist'));
    it('sponsors and un-sponsors', () => {
      spec
        .given(historyFor.live)
        .when(sponsor(true))
        .then([sponsored(true)]);
      spec
        .given([...historyFor.live, sponsored(true)])
        .when(sponsor(false))
        .then([sponsored(false)]);
    });
    it('repeating the current state decides nothing', () => {
      spec
        .given([...historyFor.live, sponsored(true)])
        .when(sponsor(true))
        .then([]);
      spec.given(historyFor.live).when(sponsor(false)).then([]);
    });
  });

  describe('DeleteTemplate', () => {
    it('the author deletes a post nobody bought', () => {
      spec.given(historyFor.live).when(remove(author)).then([deleted]);
      expect(fold([...historyFor.live, deleted]).deleted).toBe(true);
    });

    it('admins may delete through the editor, strangers may not', () => {
      spec
        .given(historyFor.live)
        .when(remove(admin))
        .then([{ type: 'TemplateDeleted', data: { templateId, deletedBy: reviewerId, reason: null } }]);
      spec
        .given(historyFor.live)
        .when(remove(stranger))
        .thenThrows('forbidden', 'Unauthorized: You should be admin/author to do this action.');
    });

    it('refuses a post with 2 or more owners (the author and a buyer)', () => {
      spec
        .given([...historyFor.live, purchased(buyerId)])
        .when(remove(author))
        .thenThrows('conflict', 'Post have been purchased, delete is not allowed.');
      spec
        .given([...historyFor.live, purchased(buyerId)])
        .when(remove(admin))
        .thenThrows('conflict', 'Post have been purchased, delete is not allowed.');
    });

    it('counts each buyer once, and the author buying their own post adds no owner', () => {
      expect(folded([...historyFor.live, purchased(buyerId), purchased(buyerId)]).owners).toEqual([authorId, buyerId]);
      spec
        .given([...historyFor.live, purchased(authorId)])
        .when(remove(author))
        .then([deleted]);
    });

    it('refuses to delete twice', () => {
      spec
        .given([...historyFor.live, deleted])
        .when(remove(author))
        .thenThrows('not_found', 'This post does not exist');
    });
  });

  describe('DeleteTemplatePermanently', () => {
    const removeFor = (reason: string | null): TemplateCommand => ({
      type: 'DeleteTemplatePermanently',
      data: { templateId, reviewerId, reason },
    });
    it('removes a post in any status, even a purchased one', () => {
      for (const status of TEMPLATE_STATUSES) spec.given(historyFor[status]).when(removeFor('Scam')).then([removed]);
      spec
        .given([...historyFor.live, purchased(buyerId)])
        .when(removeFor('Scam'))
        .then([removed]);
    });
    it('nothing is left to remove afterwards', () => {
      spec
        .given([...historyFor.live, removed])
        .when(removeFor(null))
        .thenThrows('not_found', 'This post does not exist');
      spec
        .given([...historyFor.live, removed])
        .when(reviewBy('hide'))
        .thenThrows('not_found', 'This post does not exist');
    });
  });

  describe('RecordPurchase', () => {
    const buy = (buyer: string): TemplateCommand => ({ type: 'RecordPurchase', data: { templateId, buyerId: buyer, priceCents: 1200 } });
    it('adds an owner once', () => {
      spec
        .given(historyFor.live)
        .when(buy(buyerId))
        .then([purchased(buyerId)]);
      spec
        .given([...historyFor.live, purchased(buyerId)])
        .when(buy(buyerId))
        .then([]);
    });

    it('still adds the buyer of a post deleted while they paid: the payment was taken, and the commerce reactor must not stall on it', () => {
      const deleted = { type: 'TemplateDeleted' as const, data: { templateId, deletedBy: authorId, reason: null } };
      spec
        .given([...historyFor.live, deleted])
        .when(buy(buyerId))
        .then([purchased(buyerId)]);
      spec
        .given([...historyFor.live, removed])
        .when(buy(buyerId))
        .then([purchased(buyerId)]);
      spec.given([]).when(buy(buyerId)).thenThrows('not_found', 'This post does not exist');
    });

    it('a refund removes the buyer (never the author), after which the post may be deleted again', () => {
      const refund = (buyer: string): TemplateCommand => ({ type: 'RecordPurchaseRefund', data: { templateId, buyerId: buyer } });
      const refunded = { type: 'TemplatePurchaseRefunded' as const, data: { templateId, buyerId } };
      spec
        .given([...historyFor.live, purchased(buyerId)])
        .when(refund(buyerId))
        .then([refunded]);
      spec
        .given([...historyFor.live, purchased(buyerId), refunded])
        .when(refund(buyerId))
        .then([]);
      spec.given(historyFor.live).when(refund(authorId)).then([]);
      spec
        .given([...historyFor.live, purchased(buyerId), refunded])
        .when(remove(author))
        .then([{ type: 'TemplateDeleted', data: { templateId, deletedBy: authorId, reason: null } }]);
    });
  });

  it('evolves status, sponsorship, owners and deletion from the events', () => {
    expect(folded([])).toEqual({
      status: null,
      deleted: false,
      authorId: null,
      price: 0,
      sponsored: false,
      owners: [],
      pending: null,
      pendingPrice: null,
      contentRevision: 0,
      flagReason: null,
      flagsInReview: 0,
      flagsJudged: 0,
      version: 0,
      published: null,
      content: null,
      pendingNote: null,
    });
    expect(folded([submitted, approved, v1, sponsored(true), purchased(buyerId)])).toEqual({
      status: 'live',
      deleted: false,
      authorId,
      price: 12,
      sponsored: true,
      owners: [authorId, buyerId],
      pending: null,
      pendingPrice: null,
      contentRevision: 1,
      flagReason: null,
      flagsInReview: 0,
      flagsJudged: 0,
      version: 1,
      published: v1Content,
      content: v1Content,
      pendingNote: null,
    });
  });

  describe("an admin's correction and the price-change inbox", () => {
    const requested = (newPrice: number): TemplateEvent => ({
      type: 'TemplatePriceChangeRequested',
      data: { templateId, requesterId: authorId, currentPrice: 12, newPrice },
    });
    const decide = (approve: boolean, price: number, reason: string | null = null): TemplateCommand => ({
      type: 'DecidePriceChange',
      data: { templateId, reviewerId, approve, requested: price, reason },
    });
    const correction = { description: 'Sharper.', keywords: ['okr'] };
    const adminEdit: TemplateCommand = { type: 'AdminEditTemplate', data: { templateId, reviewerId, changes: correction } };

    it('publishes a correction of a public post at once, with the edit and its approval on the record', () => {
      spec
        .given(historyFor.live)
        .when(adminEdit)
        .then([
          { type: 'TemplateEdited', data: { templateId, editorId: reviewerId, changes: correction, previousStatus: 'live' } },
          { type: 'TemplateApproved', data: { templateId, reviewerId, reason: TEMPLATE_MESSAGES.adminEditReason, published: correction } },
          v2(['description', 'tags'], correction, TEMPLATE_MESSAGES.adminEditReason),
        ]);
      spec
        .given(historyFor['under review'])
        .when(adminEdit)
        .then([
          { type: 'TemplateEdited', data: { templateId, editorId: reviewerId, changes: correction, previousStatus: 'under review' } },
        ]);
      spec.given(historyFor['under review edit']).when(adminEdit).thenThrows('conflict', TEMPLATE_MESSAGES.adminEditWhileEditWaits);
      spec.given(historyFor.hidden).when(adminEdit).thenThrows('conflict', 'A template that is hidden cannot be edited here.');
    });

    it('approves the waiting request it names, declines it, and refuses a stale or missing one', () => {
      spec
        .given([...historyFor.live, requested(20)])
        .when(decide(true, 20))
        .then([
          { type: 'TemplatePriceChanged', data: { templateId, reviewerId, from: 12, to: 20, requested: 20 } },
          v2(['price'], { price: 20 }),
        ]);
      spec
        .given([...historyFor.live, requested(20)])
        .when(decide(false, 20, 'Too much'))
        .then([{ type: 'TemplatePriceChangeDeclined', data: { templateId, reviewerId, requested: 20, reason: 'Too much' } }]);
      spec
        .given([...historyFor.live, requested(20), requested(25)])
        .when(decide(true, 20))
        .thenThrows('conflict', TEMPLATE_MESSAGES.priceRequestChanged);
      spec.given(historyFor.live).when(decide(true, 20)).thenThrows('conflict', TEMPLATE_MESSAGES.noPriceRequest);
      const changed: TemplateEvent = { type: 'TemplatePriceChanged', data: { templateId, reviewerId, from: 12, to: 30, requested: null } };
      spec
        .given([...historyFor.live, requested(20), changed])
        .when(decide(true, 20))
        .thenThrows('conflict', TEMPLATE_MESSAGES.noPriceRequest);
      expect(fold([...historyFor.live, requested(20), changed])).toMatchObject({ price: 30, pendingPrice: null });
    });

    it('sets a price directly, and records nothing when it is already that price', () => {
      spec
        .given(historyFor.live)
        .when({ type: 'ChangePrice', data: { templateId, reviewerId, to: 15 } })
        .then([
          { type: 'TemplatePriceChanged', data: { templateId, reviewerId, from: 12, to: 15, requested: null } },
          v2(['price'], { price: 15 }),
        ]);
      spec
        .given(historyFor.live)
        .when({ type: 'ChangePrice', data: { templateId, reviewerId, to: 12 } })
        .then([]);
    });
  });
});

describe('versions', () => {
  const spec = deciderSpec(templateDecider);
  const editWithNote = (changes: Record<string, unknown>, changeNote?: string): TemplateCommand => ({
    type: 'EditTemplate',
    data: { templateId, requester: author, changes, ...(changeNote === undefined ? {} : { changeNote }) },
  });
  const approve: TemplateCommand = { type: 'ApproveTemplate', data: { templateId, reviewerId } };

  it("carries the author's note from the edit to the version its approval publishes", () => {
    const noted: TemplateEvent = {
      type: 'TemplateEdited',
      data: {
        templateId,
        editorId: authorId,
        changes: { instructions: 'Duplicate it, then fill in.' },
        previousStatus: 'live',
        changeNote: 'Clearer steps',
      },
    };
    spec
      .given(historyFor.live)
      .when(editWithNote({ instructions: 'Duplicate it, then fill in.' }, 'Clearer steps'))
      .then([noted]);
    spec
      .given([...historyFor.live, noted])
      .when(approve)
      .then([
        {
          type: 'TemplateApproved',
          data: { templateId, reviewerId, reason: null, published: { instructions: 'Duplicate it, then fill in.' } },
        },
        v2(['instructions'], { instructions: 'Duplicate it, then fill in.' }, 'Clearer steps'),
      ]);
  });

  it('an approval that changes nothing public is no new version; hiding and approving again neither', () => {
    const same: TemplateEvent = {
      type: 'TemplateEdited',
      data: { templateId, editorId: authorId, changes: { title: 'Weekly Planner' }, previousStatus: 'live' },
    };
    spec
      .given([...historyFor.live, same])
      .when(approve)
      .then([{ type: 'TemplateApproved', data: { templateId, reviewerId, reason: null, published: { title: 'Weekly Planner' } } }]);
  });

  it('clearing the screenshots of a public post with images is a version; one without is not', () => {
    const withImages = [
      submitted,
      approved,
      { ...v1, data: { ...(v1.data as object), content: { ...v1Content, imageUrls: ['/api/images/a.png'] } } } as TemplateEvent,
    ];
    spec
      .given(withImages)
      .when({ type: 'ClearTemplateImages', data: { templateId, requester: author } })
      .then([{ type: 'TemplateImagesCleared', data: { templateId, editorId: authorId } }, v2(['images'], { imageUrls: [] })]);
  });
});
