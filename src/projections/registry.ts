import type { Projection } from './projection.js';
import { analyticsProjection } from './read-models/analytics/projection.js';
import { priceRequestsProjection } from './read-models/price-requests/projection.js';
import { curationProjection } from './read-models/curation/projection.js';
import { searchAnalyticsProjection } from './read-models/search-analytics/projection.js';
import { searchProjection } from './read-models/search/projection.js';
import { commerceProjection } from './read-models/commerce/projection.js';
import { contactMessagesProjection } from './read-models/contact-messages/projection.js';
import { engagementProjection } from './read-models/engagement/projection.js';
import { rewardsProjection } from './read-models/rewards/projection.js';
import { templatesProjection } from './read-models/templates/projection.js';
import { usersProjection } from './read-models/users/projection.js';
import { generationsProjection } from './read-models/generations/projection.js';
import { massEmailsProjection } from './read-models/mass-emails/projection.js';
import { integrationsProjection } from './read-models/integrations/projection.js';
import { supportProjection } from './read-models/support/projection.js';
import { versionsProjection } from './read-models/versions/projection.js';

/** Every projection the application runs. */
export const projections: readonly Projection[] = [
  usersProjection,
  templatesProjection,
  engagementProjection,
  rewardsProjection,
  contactMessagesProjection,
  searchProjection,
  searchAnalyticsProjection,
  commerceProjection,
  generationsProjection,
  supportProjection,
  analyticsProjection,
  priceRequestsProjection,
  curationProjection,
  massEmailsProjection,
  integrationsProjection,
  versionsProjection,
];

export function projectionNamed(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}
