import type { DomainEvent } from '../shared/events.js';

export type TemplateLiked = DomainEvent<'TemplateLiked', { templateId: string; userId: string }>;
export type TemplateUnliked = DomainEvent<'TemplateUnliked', { templateId: string; userId: string }>;
export type LikeEvent = TemplateLiked | TemplateUnliked;

/** One stream per user and template: toggles of different users never contend. */
export const likeStream = (templateId: string, userId: string) => `like-${templateId}-${userId}`;

/** Saves and views are emitted by the engagement work (issue 4); popularity counts them already. */
export type TemplateSaved = DomainEvent<'TemplateSaved', { templateId: string; userId: string }>;
export type TemplateUnsaved = DomainEvent<'TemplateUnsaved', { templateId: string; userId: string }>;
export type TemplateViewed = DomainEvent<'TemplateViewed', { templateId: string; userId: string | null }>;
export type SaveEvent = TemplateSaved | TemplateUnsaved;

/** A red flag: a signed-in user marks a template as broken or doubtful (a toggle, unlike a report). */
export type TemplateFlagged = DomainEvent<'TemplateFlagged', { templateId: string; userId: string }>;
export type TemplateUnflagged = DomainEvent<'TemplateUnflagged', { templateId: string; userId: string }>;
export type FlagEvent = TemplateFlagged | TemplateUnflagged;

/** A click-through to the template's link; counted every time. */
export type TemplateClicked = DomainEvent<'TemplateClicked', { templateId: string; userId: string }>;

/** The text is stored exactly as typed; the web app renders it as text, never as HTML. */
export type CommentPosted = DomainEvent<'CommentPosted', { commentId: string; templateId: string; authorId: string; message: string }>;

/**
 * A report to the moderators. The reporter's name, e-mail and message are personal data:
 * vault ciphertext under the reporter's key, so erasing the reporter erases them too.
 * `reason` is null when the reporter left the reason list on its placeholder.
 */
export type TemplateReported = DomainEvent<
  'TemplateReported',
  { reportId: string; templateId: string; reporterId: string; reason: string | null; nameEnc: string; emailEnc: string; messageEnc: string }
>;

export type EngagementEvent = LikeEvent | SaveEvent | FlagEvent | TemplateClicked | TemplateViewed | CommentPosted | TemplateReported;

export const saveStream = (templateId: string, userId: string) => `save-${templateId}-${userId}`;
export const flagStream = (templateId: string, userId: string) => `flag-${templateId}-${userId}`;
export const clickStream = (templateId: string, userId: string) => `click-${templateId}-${userId}`;
/**
 * Every view is a stream of its own: views of one post never contend (a shared stream per day made
 * parallel viewers conflict). Counts come from the read model, which counts `TemplateViewed` by its
 * `templateId`, whatever stream the event is in, so views stored under the former per-day streams
 * (`view-{template}-{viewer|anonymous}-{day}`) are counted alike.
 */
export const viewStream = (templateId: string, viewId: string) => `view-${templateId}-${viewId}`;
export const commentStream = (commentId: string) => `comment-${commentId}`;
export const reportStream = (reportId: string) => `report-${reportId}`;
