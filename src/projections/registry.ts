import type { Projection } from './projection.js';
import { contactMessagesProjection } from './read-models/contact-messages.js';
import { engagementProjection } from './read-models/engagement.js';
import { rewardsProjection } from './read-models/rewards.js';
import { templatesProjection } from './read-models/templates.js';
import { usersProjection } from './read-models/users.js';

/** Every projection the application runs. */
export const projections: readonly Projection[] = [usersProjection, templatesProjection, engagementProjection, rewardsProjection, contactMessagesProjection];

export function projectionNamed(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}
