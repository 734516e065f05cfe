import type { statusLabel } from '../../../domain/templates/rules.js';

export type StatusLabel = ReturnType<typeof statusLabel>;

/** The badge style of each created-post status: the colour repeats what the label says, never replaces it. */
export const STATUS_TONES: Record<StatusLabel, 'live' | 'review' | 'edited' | 'rejected'> = {
  Live: 'live',
  'Under Review': 'review',
  'Under Review - Edited': 'edited',
  Rejected: 'rejected',
};
