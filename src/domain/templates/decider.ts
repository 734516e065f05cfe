import { DomainError, type Decider } from '../shared/events.js';
import type { UserLevel } from '../accounts/events.js';
import type { EditableContent, TemplateEvent, TemplateStatus, TemplateSubmitted } from './events.js';
import { TEMPLATE_MESSAGES } from './rules.js';

export interface TemplateState {
  status: TemplateStatus | null;
  /** True once the author or an admin deleted it: every later command finds nothing. */
  deleted: boolean;
  authorId: string | null;
  price: number;
  sponsored: boolean;
  /** The author and everyone who bought it (spec: owners); 2 or more forbids deleting. */
  owners: readonly string[];
}

/** Who asks: the decider checks author / admin / owner rights itself. */
export interface Requester {
  userId: string;
  lvl: UserLevel;
}

/** The admin portal's review decisions, named after the spec's buttons. */
export type ReviewDecision = 'approve' | 'deny' | 'hide' | 'not_flagged';

export type TemplateCommand =
  | { type: 'SubmitTemplate'; data: TemplateSubmitted['data'] }
  | { type: 'ApproveTemplate'; data: { templateId: string; reviewerId: string; reason?: string | null } }
  | { type: 'ReviewTemplate'; data: { templateId: string; reviewerId: string; decision: ReviewDecision; reason: string | null } }
  | { type: 'FlagTemplateForReview'; data: { templateId: string; reason: string } }
  | { type: 'EditTemplate'; data: { templateId: string; requester: Requester; changes: Partial<EditableContent> } }
  | { type: 'ClearTemplateImages'; data: { templateId: string; requester: Requester } }
  | { type: 'RequestPriceChange'; data: { templateId: string; requester: Requester; newPrice: number } }
  | { type: 'SetSponsored'; data: { templateId: string; sponsored: boolean; reason?: string | null } }
  | { type: 'DeleteTemplate'; data: { templateId: string; requester: Requester; reason: string | null } }
  | { type: 'DeleteTemplatePermanently'; data: { templateId: string; reviewerId: string; reason: string | null } }
  | { type: 'RecordPurchase'; data: { templateId: string; buyerId: string; priceCents: number } };

/**
 * The moderation transitions (generator-admin-site.md, Resource status values): from which
 * statuses each admin decision may be taken, and where it leads.
 */
export const REVIEW_TRANSITIONS: Record<ReviewDecision, { from: readonly TemplateStatus[]; to: TemplateStatus; verb: string }> = {
  approve: { from: ['under review', 'under review edit'], to: 'live', verb: 'approved' },
  deny: { from: ['under review', 'under review edit'], to: 'not approved', verb: 'denied' },
  not_flagged: { from: ['live flagged'], to: 'live', verb: 'marked as not flagged' },
  hide: { from: ['live flagged'], to: 'hidden', verb: 'hidden' },
};

function illegal(status: TemplateStatus, verb: string): DomainError {
  return new DomainError('conflict', `A template that is ${status} cannot be ${verb}.`);
}

function existing(state: TemplateState): TemplateStatus {
  if (state.status === null || state.deleted) throw new DomainError('not_found', TEMPLATE_MESSAGES.doesNotExist);
  return state.status;
}

/** Edit, delete and image clear: the author, or lvl admin / owner (spec section 6). */
function mayChange(state: TemplateState, requester: Requester): boolean {
  return requester.userId === state.authorId || requester.lvl === 'admin' || requester.lvl === 'owner';
}

function review(state: TemplateState, data: Extract<TemplateCommand, { type: 'ReviewTemplate' }>['data']): TemplateEvent[] {
  const status = existing(state);
  const transition = REVIEW_TRANSITIONS[data.decision];
  const reason = data.reason?.trim() || null;
  // Checked before the transition: a blank denial is bad input whatever the status.
  if (data.decision === 'deny' && reason === null) throw new DomainError('invalid', TEMPLATE_MESSAGES.denialBlank);
  if (!transition.from.includes(status)) throw illegal(status, transition.verb);
  const { templateId, reviewerId } = data;
  switch (data.decision) {
    case 'approve':
      return [{ type: 'TemplateApproved', data: { templateId, reviewerId, reason } }];
    case 'deny':
      return [{ type: 'TemplateDenied', data: { templateId, reviewerId, reason: reason! } }];
    case 'not_flagged':
      return [{ type: 'TemplateFlagCleared', data: { templateId, reviewerId, reason } }];
    case 'hide':
      return [{ type: 'TemplateHidden', data: { templateId, reviewerId, reason } }];
  }
}

export const templateDecider: Decider<TemplateState, TemplateCommand, TemplateEvent> = {
  initialState: () => ({ status: null, deleted: false, authorId: null, price: 0, sponsored: false, owners: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'TemplateSubmitted':
        return { ...state, status: 'under review', authorId: event.data.authorId, price: event.data.price, owners: [event.data.authorId] };
      case 'TemplateApproved':
      case 'TemplateFlagCleared':
        return { ...state, status: 'live' };
      case 'TemplateDenied':
        return { ...state, status: 'not approved' };
      case 'TemplateHidden':
        return { ...state, status: 'hidden' };
      case 'TemplateFlaggedForReview':
        return { ...state, status: 'live flagged' };
      case 'TemplateEdited':
        return { ...state, status: 'under review edit' };
      case 'TemplateSponsored':
        return { ...state, sponsored: event.data.sponsored };
      case 'TemplateDeleted':
      case 'TemplatePermanentlyDeleted':
        return { ...state, deleted: true };
      case 'TemplatePurchased':
        return state.owners.includes(event.data.buyerId) ? state : { ...state, owners: [...state.owners, event.data.buyerId] };
      case 'TemplateImagesCleared':
      case 'TemplatePriceChangeRequested':
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'SubmitTemplate':
        if (state.status !== null) throw new DomainError('conflict', 'This template already exists.');
        return [{ type: 'TemplateSubmitted', data: command.data }];
      case 'ApproveTemplate':
        return review(state, { ...command.data, decision: 'approve', reason: command.data.reason ?? null });
      case 'ReviewTemplate':
        return review(state, command.data);
      case 'FlagTemplateForReview': {
        const status = existing(state);
        if (status === 'live flagged') return [];
        if (status !== 'live') throw illegal(status, 'flagged for review');
        return [{ type: 'TemplateFlaggedForReview', data: command.data }];
      }
      case 'EditTemplate': {
        const status = existing(state);
        const { templateId, requester, changes } = command.data;
        if (!mayChange(state, requester)) throw new DomainError('forbidden', TEMPLATE_MESSAGES.unauthorized);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'TemplateEdited', data: { templateId, editorId: requester.userId, changes, previousStatus: status } }];
      }
      case 'ClearTemplateImages': {
        existing(state);
        if (!mayChange(state, command.data.requester)) throw new DomainError('forbidden', TEMPLATE_MESSAGES.unauthorized);
        return [{ type: 'TemplateImagesCleared', data: { templateId: command.data.templateId, editorId: command.data.requester.userId } }];
      }
      case 'RequestPriceChange': {
        existing(state);
        const { templateId, requester, newPrice } = command.data;
        if (!mayChange(state, requester)) throw new DomainError('forbidden', TEMPLATE_MESSAGES.unauthorized);
        return [{ type: 'TemplatePriceChangeRequested', data: { templateId, requesterId: requester.userId, currentPrice: state.price, newPrice } }];
      }
      case 'SetSponsored':
        existing(state);
        if (state.sponsored === command.data.sponsored) return [];
        return [{ type: 'TemplateSponsored', data: { ...command.data, reason: command.data.reason ?? null } }];
      case 'DeleteTemplate': {
        existing(state);
        const { templateId, requester, reason } = command.data;
        if (!mayChange(state, requester)) throw new DomainError('forbidden', TEMPLATE_MESSAGES.unauthorized);
        if (state.owners.length >= 2) throw new DomainError('conflict', TEMPLATE_MESSAGES.purchasedDelete);
        return [{ type: 'TemplateDeleted', data: { templateId, deletedBy: requester.userId, reason } }];
      }
      case 'DeleteTemplatePermanently':
        existing(state);
        return [{ type: 'TemplatePermanentlyDeleted', data: command.data }];
      case 'RecordPurchase':
        existing(state);
        if (state.owners.includes(command.data.buyerId)) return [];
        return [{ type: 'TemplatePurchased', data: command.data }];
    }
  },
};
