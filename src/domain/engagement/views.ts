import type { ResourceView } from '../catalogue/resource-view.js';
import type { PostAsOf } from '../templates/as-of.js';
import type { FieldChange, StatusLabel } from '../templates/lifecycle.js';

/** What the viewer has done to a resource (spec: prevActions); has_flagged drives the red-flag button. */
export interface PrevActions {
  has_liked: boolean;
  has_saved: boolean;
  has_flagged: boolean;
}

/** A resource as the detail page and the engagement answers (`rsc`) show it. */
export interface EngagedResourceView extends ResourceView {
  prevActions: PrevActions;
  analytics: { pageViews: { total: number }; clicks: number };
  /** How many comments it has. */
  comments: number;
}

/** Spec section 3, Comment. `message` is the text exactly as typed: render it as text. */
export interface CommentView {
  _id: string;
  message: string;
  /** `erased`: the member deleted their account; `info.displayName` then says so in place of a name. */
  author: { _id: string; username: string; erased: boolean; info: { displayName: string | null; thumbnail: string | null } };
  _dateCreated: string;
}

/** A page of a post's comments, newest first: `nextCursor` asks for the older ones (null: none left). */
export interface CommentPage {
  comments: CommentView[];
  /** How many comments the post has in all. */
  total: number;
  nextCursor: string | null;
}

/** A page of the signed-in user's saved posts. */
export interface ResourcePage {
  resources: EngagedResourceView[];
  /** How many there are in all. */
  total: number;
  page: number;
  pageSize: number;
  /** 1-based positions of the first and last resource shown (0 and 0 when empty). */
  from: number;
  to: number;
  /** The saved-posts label: 'Showing x - y of z'. */
  showing: string;
}

/** GET /users/progression: the get-started checklist (creating the account is done by definition). */
export interface Progression {
  verifyEmail: boolean;
  profilePicture: boolean;
  giveKudos: boolean;
  addComment: boolean;
  createPost: boolean;
}

/** GET /rewards/{userId}: one earned reward. */
export interface RewardView {
  _id: string;
  type: string;
  description: string;
  value: number;
  earned: boolean;
  timestamp: string;
}

/** GET /resources/{titleUrl}: a post as its detail page shows it, with what this viewer may do. */
export interface ResourceDetailAnswer {
  data: EngagedResourceView & {
    statusLabel: StatusLabel;
    /** Why the last moderation decision was taken; for the author and admins only. */
    statusReason: string | null;
    /** null for a paid post the viewer does not own. */
    link: string | null;
    owners: string[];
    /** The viewer bought it. */
    purchased: boolean;
    /** The content revision the viewer paid for (their link is that revision's); null when they did not buy it. */
    purchasedRevision: number | null;
    thumbnail: string | null;
    shareText: string;
    updatedAt: string;
    /** The edit waiting for a moderator, field by field (author and admins only; the fields above show it to them). */
    pendingEdit: FieldChange[] | null;
    /** The content revision shown: a review decision names it. */
    revision: number;
  };
  permissions: {
    isAuthor: boolean;
    canEdit: boolean;
    canSeeHistory: boolean;
    canSponsor: boolean;
    canDeletePermanently: boolean;
    canReport: boolean;
  };
  meta: { title: string; description: string; image: string | null; url: string };
  /** With `?asOf=` (author and admins): the post as it was then. */
  asOf?: PostAsOf;
}
