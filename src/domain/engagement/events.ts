import type { DomainEvent } from '../shared/events.js';

export type TemplateLiked = DomainEvent<'TemplateLiked', { templateId: string; userId: string }>;
export type TemplateUnliked = DomainEvent<'TemplateUnliked', { templateId: string; userId: string }>;
export type LikeEvent = TemplateLiked | TemplateUnliked;

/** One stream per user and template: toggles of different users never contend. */
export const likeStream = (templateId: string, userId: string) => `like-${templateId}-${userId}`;
