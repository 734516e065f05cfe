import { OrderedSet } from 'immutable';
import { DomainError, type Decider } from '../shared/events.js';
import type { UserLevel } from '../accounts/events.js';
import type { EditableContent, TemplateEvent, TemplateSubmitted } from './events.js';
import { DELETED_STATUS, isPublic, REVIEW_ACTIONS, STATUS, statusAfter, type ReviewDecision, type TemplateStatus } from './lifecycle.js';
import { TEMPLATE_MESSAGES } from './rules.js';
import { changedFields, withEdit, type VersionContent, type VersionField } from './versions.js';
import { FLAGS_FOR_REVIEW } from '../engagement/rules.js';
import { isStaffLevel } from '../accounts/access.js';

export interface TemplateState {
  status: TemplateStatus | null;
  /** True once the author or an admin deleted it: every later command finds nothing. */
  deleted: boolean;
  authorId: string | null;
  price: number;
  sponsored: boolean;
  /** The author and everyone who bought it (spec: owners), in that order; 2 or more forbids deleting. Persistent (see Decider.evolve). */
  owners: OrderedSet<string>;
  /** The edit waiting for a moderator while the approved version stays public; null when none waits. */
  pending: Partial<EditableContent> | null;
  /** The price the author asked for and no admin has decided on yet; null when none waits. */
  pendingPrice: number | null;
  /** Counts the content changes (submission, edits, image clears): a review names the one it decides on. */
  contentRevision: number;
  /**
   * Why members' flags or a report sent the post to a moderator, while that review is open; an edit
   * keeps it, so deciding on the edit sends the post back to the flag review instead of ending it.
   */
  flagReason: string | null;
  /** The red flags that opened the review now open (0 when a report opened it). */
  flagsInReview: number;
  /** The red flags a moderator last judged with 'Not Flagged': only as many again reopen a review. */
  flagsJudged: number;
  /** The latest published version's number (0 before the first approval) and content. */
  version: number;
  published: VersionContent | null;
  /** The content the next version starts from: the public one, or a never-approved post's replaced content (pending edits aside). */
  content: VersionContent | null;
  /** The author's note for the edit waiting (the last one given), null when none. */
  pendingNote: string | null;
}

/** Who asks: the decider checks author / admin / owner rights itself. */
export interface Requester {
  userId: string;
  lvl: UserLevel;
}

export type TemplateCommand =
  | { type: 'SubmitTemplate'; data: TemplateSubmitted['data'] }
  | { type: 'ApproveTemplate'; data: { templateId: string; reviewerId: string; reason?: string | null } }
  | {
      type: 'ReviewTemplate';
      /** `revision`: the content revision the moderator looked at; a later edit refuses the decision. */
      data: { templateId: string; reviewerId: string; decision: ReviewDecision; reason: string | null; revision?: number };
    }
  /** `flags`: the members' red flags counted, when they (not a report) ask for the review. */
  | { type: 'FlagTemplateForReview'; data: { templateId: string; reason: string; flags?: number } }
  /** `revision`: the content revision the editor opened; a save made since refuses the edit. */
  | {
      type: 'EditTemplate';
      data: { templateId: string; requester: Requester; changes: Partial<EditableContent>; revision?: number; changeNote?: string | null };
    }
  | { type: 'ClearTemplateImages'; data: { templateId: string; requester: Requester } }
  | { type: 'RequestPriceChange'; data: { templateId: string; requester: Requester; newPrice: number } }
  /** An admin's correction in resource management: published at once (spec: resource edit). */
  | {
      type: 'AdminEditTemplate';
      data: {
        templateId: string;
        reviewerId: string;
        changes: Partial<Pick<EditableContent, 'description' | 'instructions' | 'keywords'>>;
      };
    }
  | { type: 'ChangePrice'; data: { templateId: string; reviewerId: string; to: number } }
  /** `requested`: the price the admin saw in the request; a newer request refuses the decision. */
  | {
      type: 'DecidePriceChange';
      data: { templateId: string; reviewerId: string; approve: boolean; requested: number; reason: string | null };
    }
  | { type: 'SetSponsored'; data: { templateId: string; sponsored: boolean; reason?: string | null } }
  | { type: 'DeleteTemplate'; data: { templateId: string; requester: Requester; reason: string | null } }
  | { type: 'DeleteTemplatePermanently'; data: { templateId: string; reviewerId: string; reason: string | null } }
  | { type: 'RecordPurchase'; data: { templateId: string; buyerId: string; priceCents: number } }
  | { type: 'RecordPurchaseRefund'; data: { templateId: string; buyerId: string } };

/** Clearing the screenshots also clears those of a waiting edit. */
function withoutImages(pending: Partial<EditableContent> | null): Partial<EditableContent> | null {
  if (pending === null || pending.imageUrls === undefined) return pending;
  return { ...pending, imageUrls: [] };
}

function versionContentOf(content: TemplateSubmitted['data']): VersionContent {
  const { title, description, instructions, url, imageUrls, price, keywords } = content;
  return { title, description, instructions, url, imageUrls, price, keywords };
}

function illegal(status: TemplateStatus, verb: string): DomainError {
  return new DomainError('conflict', `A template that is ${status} cannot be ${verb}.`);
}

function existing(state: TemplateState): TemplateStatus {
  if (state.status === null || state.deleted) throw new DomainError('not_found', TEMPLATE_MESSAGES.doesNotExist);
  return state.status;
}

/** Edit, delete and image clear: the author, or lvl admin / owner (spec section 6). */
function mayChange(state: TemplateState, requester: Requester): boolean {
  return requester.userId === state.authorId || isStaffLevel(requester.lvl);
}

function review(state: TemplateState, data: Extract<TemplateCommand, { type: 'ReviewTemplate' }>['data']): TemplateEvent[] {
  const status = existing(state);
  const action = REVIEW_ACTIONS[data.decision];
  const reason = data.reason?.trim() || null;
  // Checked before the transition: a blank denial is bad input whatever the status.
  if (data.decision === 'deny' && reason === null) throw new DomainError('invalid', TEMPLATE_MESSAGES.denialBlank);
  if (data.revision !== undefined && data.revision !== state.contentRevision)
    throw new DomainError('conflict', TEMPLATE_MESSAGES.changedSinceOpened);
  if (!action.from.includes(status)) throw illegal(status, action.verb);
  const { templateId, reviewerId } = data;
  // The edit of a flagged post was decided, not the flags: the post waits for that decision again.
  const flags = state.flagsInReview > 0 ? { flags: state.flagsInReview } : {};
  const flagReview: TemplateEvent[] =
    state.pending !== null && state.flagReason !== null
      ? [{ type: 'TemplateFlaggedForReview', data: { templateId, reason: state.flagReason, ...flags } }]
      : [];
  switch (data.decision) {
    case 'approve':
      return [
        {
          type: 'TemplateApproved',
          data: { templateId, reviewerId, reason, ...(state.pending === null ? {} : { published: state.pending }) },
        },
        ...nextVersion(state, templateId, state.pending ?? {}, state.pendingNote),
        ...flagReview,
      ];
    case 'deny':
      return [
        {
          type: 'TemplateDenied',
          data: { templateId, reviewerId, reason: reason!, ...(state.pending === null ? {} : { editOnly: true }) },
        },
        ...flagReview,
      ];
    case 'not_flagged':
      return [{ type: 'TemplateFlagCleared', data: { templateId, reviewerId, reason } }];
    case 'hide':
      return [{ type: 'TemplateHidden', data: { templateId, reviewerId, reason } }];
  }
}

/**
 * The version mark an approval or an immediate change makes: v1 at the first approval, then one
 * whenever the public content differs from the latest version's; none otherwise.
 */
function nextVersion(
  state: TemplateState,
  templateId: string,
  edit: Partial<EditableContent>,
  changeNote: string | null,
  price?: number,
): TemplateEvent[] {
  if (state.content === null) return [];
  const content = { ...withEdit(state.content, edit), ...(price === undefined ? {} : { price }) };
  const changed: VersionField[] = state.published === null ? [] : changedFields(state.published, content);
  if (state.version > 0 && changed.length === 0) return [];
  return [{ type: 'TemplateVersionPublished', data: { templateId, version: state.version + 1, changeNote, changed, content } }];
}

/** Public content changed at once (a price change, cleared screenshots): a new version if the post has one already and anyone can see it. */
function immediateVersion(state: TemplateState, templateId: string, edit: Partial<EditableContent>, price?: number): TemplateEvent[] {
  return state.version > 0 && state.status !== null && isPublic(state.status) ? nextVersion(state, templateId, edit, null, price) : [];
}

function edit(state: TemplateState, data: Extract<TemplateCommand, { type: 'EditTemplate' }>['data']): TemplateEvent[] {
  const status = existing(state);
  const { templateId, requester, changes, revision, changeNote } = data;
  if (!mayChange(state, requester)) throw new DomainError('forbidden', TEMPLATE_MESSAGES.unauthorized);
  if (revision !== undefined && revision !== state.contentRevision) throw new DomainError('conflict', TEMPLATE_MESSAGES.editedElsewhere);
  if (Object.keys(changes).length === 0) return [];
  return [
    {
      type: 'TemplateEdited',
      data: { templateId, editorId: requester.userId, changes, previousStatus: status, ...(changeNote ? { changeNote } : {}) },
    },
  ];
}

export const templateDecider: Decider<TemplateState, TemplateCommand, TemplateEvent> = {
  initialState: () => ({
    status: null,
    deleted: false,
    authorId: null,
    price: 0,
    sponsored: false,
    owners: OrderedSet(),
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
  }),
  // Every sale of a post lands on its stream.
  snapshot: {
    name: 'template.2',
    toJson: (state) => ({ ...state, owners: [...state.owners] }),
    fromJson: (json) => {
      const state = json as Omit<TemplateState, 'owners'> & { owners: string[] };
      return { ...state, owners: OrderedSet(state.owners) };
    },
  },
  evolve: (state, event) => {
    const status = statusAfter(event);
    const next: TemplateState =
      status === undefined ? state : status === DELETED_STATUS ? { ...state, deleted: true } : { ...state, status };
    switch (event.type) {
      case 'TemplateSubmitted':
        return {
          ...next,
          authorId: event.data.authorId,
          price: event.data.price,
          owners: OrderedSet([event.data.authorId]),
          contentRevision: 1,
          content: versionContentOf(event.data),
        };
      case 'TemplateEdited': {
        const waits = next.status === STATUS.underReviewEdit;
        return {
          ...next,
          pending: waits ? { ...state.pending, ...event.data.changes } : null,
          content: waits || state.content === null ? state.content : withEdit(state.content, event.data.changes),
          pendingNote: event.data.changeNote ?? state.pendingNote,
          contentRevision: state.contentRevision + 1,
          flagReason: waits ? state.flagReason : null,
        };
      }
      case 'TemplateImagesCleared':
        return {
          ...next,
          pending: withoutImages(state.pending),
          content: state.content && { ...state.content, imageUrls: [] },
          contentRevision: state.contentRevision + 1,
        };
      case 'TemplateApproved':
        return {
          ...next,
          pending: null,
          flagReason: null,
          pendingNote: null,
          content: state.content && withEdit(state.content, event.data.published ?? {}),
        };
      case 'TemplateDenied':
        return { ...next, pending: null, flagReason: null, pendingNote: null };
      case 'TemplateVersionPublished':
        return { ...next, version: event.data.version, published: event.data.content };
      case 'TemplateFlaggedForReview':
        return { ...next, flagReason: event.data.reason, flagsInReview: event.data.flags ?? 0 };
      case 'TemplateFlagCleared':
        return { ...next, flagReason: null, flagsInReview: 0, flagsJudged: Math.max(state.flagsJudged, state.flagsInReview) };
      case 'TemplateHidden':
        return { ...next, flagReason: null, flagsInReview: 0 };
      case 'TemplateSponsored':
        return { ...next, sponsored: event.data.sponsored };
      case 'TemplatePriceChangeRequested':
        return { ...next, pendingPrice: event.data.newPrice };
      case 'TemplatePriceChanged':
        // A direct change settles a waiting request too: the admin set the price with it in view.
        return { ...next, price: event.data.to, pendingPrice: null, content: state.content && { ...state.content, price: event.data.to } };
      case 'TemplatePriceChangeDeclined':
        return { ...next, pendingPrice: null };
      case 'TemplatePurchased':
        return { ...next, owners: next.owners.add(event.data.buyerId) };
      case 'TemplatePurchaseRefunded':
        return { ...next, owners: next.owners.delete(event.data.buyerId) };
      default:
        return next;
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
        if (status === STATUS.liveFlagged) return [];
        // The flags a moderator judged stay judged: a flagger lowering and raising theirs again must not reopen the review.
        const { flags } = command.data;
        if (flags !== undefined && flags < state.flagsJudged + FLAGS_FOR_REVIEW) return [];
        // Still public while its edit waits: the flag is held, and deciding the edit opens its review.
        if (status === STATUS.underReviewEdit)
          return state.flagReason === null ? [{ type: 'TemplateFlaggedForReview', data: { ...command.data, whileEditWaits: true } }] : [];
        if (status !== STATUS.live) throw illegal(status, 'flagged for review');
        return [{ type: 'TemplateFlaggedForReview', data: command.data }];
      }
      case 'EditTemplate':
        return edit(state, command.data);
      case 'ClearTemplateImages': {
        existing(state);
        if (!mayChange(state, command.data.requester)) throw new DomainError('forbidden', TEMPLATE_MESSAGES.unauthorized);
        const { templateId } = command.data;
        return [
          { type: 'TemplateImagesCleared', data: { templateId, editorId: command.data.requester.userId } },
          ...immediateVersion(state, templateId, { imageUrls: [] }),
        ];
      }
      case 'RequestPriceChange': {
        existing(state);
        const { templateId, requester, newPrice } = command.data;
        if (!mayChange(state, requester)) throw new DomainError('forbidden', TEMPLATE_MESSAGES.unauthorized);
        // With another request waiting, asking for the current price withdraws it: that one is let through.
        if (state.pendingPrice === null && Math.round(newPrice * 100) === Math.round(state.price * 100))
          throw new DomainError('invalid', TEMPLATE_MESSAGES.priceUnchanged);
        return [
          {
            type: 'TemplatePriceChangeRequested',
            data: { templateId, requesterId: requester.userId, currentPrice: state.price, newPrice },
          },
        ];
      }
      case 'AdminEditTemplate': {
        const status = existing(state);
        const { templateId, reviewerId, changes } = command.data;
        if (Object.keys(changes).length === 0) return [];
        if (state.pending !== null) throw new DomainError('conflict', TEMPLATE_MESSAGES.adminEditWhileEditWaits);
        const edited: TemplateEvent = {
          type: 'TemplateEdited',
          data: { templateId, editorId: reviewerId, changes, previousStatus: status },
        };
        // A public post's correction goes live with it (the edit and its approval, both on the record); a new post's content is replaced while it waits.
        if (isPublic(status))
          return [
            edited,
            { type: 'TemplateApproved', data: { templateId, reviewerId, reason: TEMPLATE_MESSAGES.adminEditReason, published: changes } },
            ...nextVersion(state, templateId, changes, TEMPLATE_MESSAGES.adminEditReason),
          ];
        if (status === STATUS.underReview) return [edited];
        throw illegal(status, 'edited here');
      }
      case 'ChangePrice': {
        existing(state);
        const { templateId, reviewerId, to } = command.data;
        if (to === state.price && state.pendingPrice === null) return [];
        return [
          { type: 'TemplatePriceChanged', data: { templateId, reviewerId, from: state.price, to, requested: null } },
          ...immediateVersion(state, templateId, {}, to),
        ];
      }
      case 'DecidePriceChange': {
        existing(state);
        const { templateId, reviewerId, approve, requested, reason } = command.data;
        if (state.pendingPrice === null) throw new DomainError('conflict', TEMPLATE_MESSAGES.noPriceRequest);
        if (state.pendingPrice !== requested) throw new DomainError('conflict', TEMPLATE_MESSAGES.priceRequestChanged);
        return approve
          ? [
              { type: 'TemplatePriceChanged', data: { templateId, reviewerId, from: state.price, to: requested, requested } },
              ...immediateVersion(state, templateId, {}, requested),
            ]
          : [{ type: 'TemplatePriceChangeDeclined', data: { templateId, reviewerId, requested, reason } }];
      }
      case 'SetSponsored':
        existing(state);
        if (state.sponsored === command.data.sponsored) return [];
        return [{ type: 'TemplateSponsored', data: { ...command.data, reason: command.data.reason ?? null } }];
      case 'DeleteTemplate': {
        existing(state);
        const { templateId, requester, reason } = command.data;
        if (!mayChange(state, requester)) throw new DomainError('forbidden', TEMPLATE_MESSAGES.unauthorized);
        if (state.owners.size >= 2) throw new DomainError('conflict', TEMPLATE_MESSAGES.purchasedDelete);
        return [{ type: 'TemplateDeleted', data: { templateId, deletedBy: requester.userId, reason } }];
      }
      case 'DeleteTemplatePermanently':
        existing(state);
        return [{ type: 'TemplatePermanentlyDeleted', data: command.data }];
      case 'RecordPurchase':
        // A payment can land after the post was deleted (its checkout was open): the buyer paid, so
        // they are an owner of record (an admin may refund them); refusing would stall the reactor.
        if (state.status === null) throw new DomainError('not_found', TEMPLATE_MESSAGES.doesNotExist);
        if (state.owners.has(command.data.buyerId)) return [];
        return [{ type: 'TemplatePurchased', data: command.data }];
      case 'RecordPurchaseRefund':
        // The author is an owner by writing it, not by buying: a refund never removes them.
        if (command.data.buyerId === state.authorId || !state.owners.has(command.data.buyerId)) return [];
        return [{ type: 'TemplatePurchaseRefunded', data: command.data }];
    }
  },
};
