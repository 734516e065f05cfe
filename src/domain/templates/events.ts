import type { DomainEvent } from '../shared/events.js';
import type { TemplateContent } from './rules.js';

export type TemplateStatus = 'under review' | 'live' | 'live flagged' | 'under review edit' | 'not approved' | 'hidden';

export type TemplateSubmitted = DomainEvent<
  'TemplateSubmitted',
  TemplateContent & { templateId: string; authorId: string; titleUrl: string }
>;
export type TemplateApproved = DomainEvent<'TemplateApproved', { templateId: string; reviewerId: string }>;
export type TemplateSponsored = DomainEvent<'TemplateSponsored', { templateId: string; sponsored: boolean }>;

export type TemplateEvent = TemplateSubmitted | TemplateApproved | TemplateSponsored;

export const templateStream = (templateId: string) => `template-${templateId}`;
