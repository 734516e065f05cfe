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
