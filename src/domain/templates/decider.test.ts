import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import { REVIEW_TRANSITIONS, templateDecider, type Requester, type ReviewDecision, type TemplateCommand } from './decider.js';
import { TEMPLATE_STATUSES, type TemplateEvent, type TemplateStatus, type TemplateSubmitted } from './events.js';
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
  'under review edit': [submitted, approved, edited('live')],
  live: [submitted, approved],
  'live flagged': [submitted, approved, flagged],
  'not approved': [submitted, denied],
  hidden: [submitted, approved, flagged, hidden],
};

// Commands
const submit: TemplateCommand = { type: 'SubmitTemplate', data: submittedData };
const reviewBy = (decision: ReviewDecision, reason: string | null = null): TemplateCommand => ({ type: 'ReviewTemplate', data: { templateId, reviewerId, decision, reason } });
const edit = (requester: Requester, changes: object = { title: 'Weekly Planner 2' }): TemplateCommand => ({ type: 'EditTemplate', data: { templateId, requester, changes } });
const remove = (requester: Requester): TemplateCommand => ({ type: 'DeleteTemplate', data: { templateId, requester, reason: null } });

const spec = deciderSpec(templateDecider);
const fold = (events: TemplateEvent[]) => events.reduce(templateDecider.evolve, templateDecider.initialState());

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
    const expectedEvent: Record<ReviewDecision, TemplateEvent> = { approve: approved, deny: denied, not_flagged: flagCleared, hide: hidden };
    const reasonFor: Record<ReviewDecision, string | null> = { approve: null, deny: 'Broken link', not_flagged: null, hide: 'Spam' };

    for (const decision of Object.keys(REVIEW_TRANSITIONS) as ReviewDecision[]) {
      const { from, to, verb } = REVIEW_TRANSITIONS[decision];
      for (const status of TEMPLATE_STATUSES) {
        if (from.includes(status)) {
          it(`${decision}: ${status} → ${to}`, () => {
            spec.given(historyFor[status]).when(reviewBy(decision, reasonFor[decision])).then([expectedEvent[decision]]);
            expect(fold([...historyFor[status], expectedEvent[decision]]).status).toBe(to);
          });
        } else {
          it(`${decision}: refused from ${status} with a conflict`, () => {
            spec.given(historyFor[status]).when(reviewBy(decision, reasonFor[decision])).thenThrows('conflict', `A template that is ${status} cannot be ${verb}.`);
          });
        }
      }
    }

    it('the whole table: approve and deny from the two review statuses, not flagged and hide from live flagged', () => {
      expect(REVIEW_TRANSITIONS).toEqual({
        approve: { from: ['under review', 'under review edit'], to: 'live', verb: 'approved' },
        deny: { from: ['under review', 'under review edit'], to: 'not approved', verb: 'denied' },
        not_flagged: { from: ['live flagged'], to: 'live', verb: 'marked as not flagged' },
        hide: { from: ['live flagged'], to: 'hidden', verb: 'hidden' },
      });
    });

    it('denying needs a reason that is not blank', () => {
      spec.given([submitted]).when(reviewBy('deny', null)).thenThrows('invalid', TEMPLATE_MESSAGES.denialBlank);
      spec.given([submitted]).when(reviewBy('deny', '   ')).thenThrows('invalid', TEMPLATE_MESSAGES.denialBlank);
    });

    it('keeps the reason, trimmed, on every decision', () => {
      spec.given([submitted]).when(reviewBy('approve', '  Looks good ')).then([{ type: 'TemplateApproved', data: { templateId, reviewerId, reason: 'Looks good' } }]);
    });

    it('ApproveTemplate is approve without a note', () => {
      spec.given([submitted]).when({ type: 'ApproveTemplate', data: { templateId, reviewerId } }).then([approved]);
      spec.given([submitted, approved]).when({ type: 'ApproveTemplate', data: { templateId, reviewerId } }).thenThrows('conflict', 'A template that is live cannot be approved.');
    });

    it('refuses decisions on unknown and deleted templates', () => {
      spec.given([]).when(reviewBy('approve')).thenThrows('not_found', TEMPLATE_MESSAGES.doesNotExist);
      spec.given([submitted, deleted]).when(reviewBy('approve')).thenThrows('not_found', TEMPLATE_MESSAGES.doesNotExist);
    });
  });

  describe('FlagTemplateForReview', () => {
    const flag: TemplateCommand = { type: 'FlagTemplateForReview', data: { templateId, reason: '3 flags' } };
    it('live → live flagged', () => spec.given(historyFor.live).when(flag).then([flagged]));
    it('a flagged template stays flagged without a new event', () => spec.given(historyFor['live flagged']).when(flag).then([]));
    it('refuses templates that are not live', () => {
      spec.given(historyFor['under review']).when(flag).thenThrows('conflict', 'A template that is under review cannot be flagged for review.');
      spec.given(historyFor.hidden).when(flag).thenThrows('conflict', 'A template that is hidden cannot be flagged for review.');
    });
  });

  describe('EditTemplate', () => {
    it('sends the edit of a post in any status to under review edit', () => {
      for (const status of TEMPLATE_STATUSES) {
        spec.given(historyFor[status]).when(edit(author)).then([edited(status)]);
        expect(fold([...historyFor[status], edited(status)]).status).toBe('under review edit');
      }
    });

    it('lets admins and site owners edit too', () => {
      spec.given(historyFor.live).when(edit(admin)).then([edited('live', reviewerId)]);
      spec.given(historyFor.live).when(edit(siteOwner)).then([edited('live', strangerId)]);
    });

    it("refuses someone else's post", () => {
      spec.given(historyFor.live).when(edit(stranger)).thenThrows('forbidden', TEMPLATE_MESSAGES.unauthorized);
    });

    it('an edit without changes decides nothing', () => {
      spec.given(historyFor.live).when(edit(author, {})).then([]);
    });

    it('refuses deleted posts', () => {
      spec.given([submitted, deleted]).when(edit(author)).thenThrows('not_found', TEMPLATE_MESSAGES.doesNotExist);
    });
  });

  describe('ClearTemplateImages and RequestPriceChange', () => {
    it('records them for the author without changing the status', () => {
      spec.given(historyFor.live).when({ type: 'ClearTemplateImages', data: { templateId, requester: author } }).then([{ type: 'TemplateImagesCleared', data: { templateId, editorId: authorId } }]);
      const request: TemplateCommand = { type: 'RequestPriceChange', data: { templateId, requester: author, newPrice: 20 } };
      const requested: TemplateEvent = { type: 'TemplatePriceChangeRequested', data: { templateId, requesterId: authorId, currentPrice: 12, newPrice: 20 } };
      spec.given(historyFor.live).when(request).then([requested]);
      expect(fold([...historyFor.live, requested]).status).toBe('live');
    });

    it("refuses them on someone else's post", () => {
      spec.given(historyFor.live).when({ type: 'ClearTemplateImages', data: { templateId, requester: stranger } }).thenThrows('forbidden', TEMPLATE_MESSAGES.unauthorized);
      spec.given(historyFor.live).when({ type: 'RequestPriceChange', data: { templateId, requester: stranger, newPrice: 20 } }).thenThrows('forbidden', TEMPLATE_MESSAGES.unauthorized);
    });
  });

  describe('SetSponsored', () => {
    const sponsor = (value: boolean): TemplateCommand => ({ type: 'SetSponsored', data: { templateId, sponsored: value } });
    it('refuses to sponsor an unknown template', () => spec.given([]).when(sponsor(true)).thenThrows('not_found', TEMPLATE_MESSAGES.doesNotExist));
    it('sponsors and un-sponsors', () => {
      spec.given(historyFor.live).when(sponsor(true)).then([sponsored(true)]);
      spec.given([...historyFor.live, sponsored(true)]).when(sponsor(false)).then([sponsored(false)]);
    });
    it('repeating the current state decides nothing', () => {
      spec.given([...historyFor.live, sponsored(true)]).when(sponsor(true)).then([]);
      spec.given(historyFor.live).when(sponsor(false)).then([]);
    });
  });

  describe('DeleteTemplate', () => {
    it('the author deletes a post nobody bought', () => {
      spec.given(historyFor.live).when(remove(author)).then([deleted]);
      expect(fold([...historyFor.live, deleted]).deleted).toBe(true);
    });

    it('admins may delete through the editor, strangers may not', () => {
      spec.given(historyFor.live).when(remove(admin)).then([{ type: 'TemplateDeleted', data: { templateId, deletedBy: reviewerId, reason: null } }]);
      spec.given(historyFor.live).when(remove(stranger)).thenThrows('forbidden', TEMPLATE_MESSAGES.unauthorized);
    });

    it('refuses a post with 2 or more owners (the author and a buyer)', () => {
      spec.given([...historyFor.live, purchased(buyerId)]).when(remove(author)).thenThrows('conflict', TEMPLATE_MESSAGES.purchasedDelete);
      spec.given([...historyFor.live, purchased(buyerId)]).when(remove(admin)).thenThrows('conflict', TEMPLATE_MESSAGES.purchasedDelete);
    });

    it('counts each buyer once, and the author buying their own post adds no owner', () => {
      expect(fold([...historyFor.live, purchased(buyerId), purchased(buyerId)]).owners).toEqual([authorId, buyerId]);
      spec.given([...historyFor.live, purchased(authorId)]).when(remove(author)).then([deleted]);
    });

    it('refuses to delete twice', () => {
      spec.given([...historyFor.live, deleted]).when(remove(author)).thenThrows('not_found', TEMPLATE_MESSAGES.doesNotExist);
    });
  });

  describe('DeleteTemplatePermanently', () => {
    const removeFor = (reason: string | null): TemplateCommand => ({ type: 'DeleteTemplatePermanently', data: { templateId, reviewerId, reason } });
    it('removes a post in any status, even a purchased one', () => {
      for (const status of TEMPLATE_STATUSES) spec.given(historyFor[status]).when(removeFor('Scam')).then([removed]);
      spec.given([...historyFor.live, purchased(buyerId)]).when(removeFor('Scam')).then([removed]);
    });
    it('nothing is left to remove afterwards', () => {
      spec.given([...historyFor.live, removed]).when(removeFor(null)).thenThrows('not_found', TEMPLATE_MESSAGES.doesNotExist);
      spec.given([...historyFor.live, removed]).when(reviewBy('hide')).thenThrows('not_found', TEMPLATE_MESSAGES.doesNotExist);
    });
  });

  describe('RecordPurchase', () => {
    const buy = (buyer: string): TemplateCommand => ({ type: 'RecordPurchase', data: { templateId, buyerId: buyer, priceCents: 1200 } });
    it('adds an owner once', () => {
      spec.given(historyFor.live).when(buy(buyerId)).then([purchased(buyerId)]);
      spec.given([...historyFor.live, purchased(buyerId)]).when(buy(buyerId)).then([]);
    });
  });

  it('evolves status, sponsorship, owners and deletion from the events', () => {
    expect(fold([])).toEqual({ status: null, deleted: false, authorId: null, price: 0, sponsored: false, owners: [] });
    expect(fold([submitted, approved, sponsored(true), purchased(buyerId)])).toEqual({
      status: 'live',
      deleted: false,
      authorId,
      price: 12,
      sponsored: true,
      owners: [authorId, buyerId],
    });
  });
});
