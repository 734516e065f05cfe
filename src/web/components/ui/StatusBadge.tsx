import type { StatusLabel } from '@domain/templates/lifecycle.js';

/** The badge style of each post status: the colour repeats what the label says, never replaces it. */
const STATUS_TONES: Record<StatusLabel, 'live' | 'review' | 'edited' | 'rejected'> = {
  Live: 'live',
  'Under Review': 'review',
  'Under Review - Edited': 'edited',
  Rejected: 'rejected',
};

/** A post's status label (spec 4, Post status) as a badge; screen readers hear 'Status: …'. */
export function StatusBadge({ label }: { label: StatusLabel }) {
  return (
    <span className={`post-status post-status--${STATUS_TONES[label]}`} data-testid="post-status">
      <span className="visually-hidden">Status: </span>
      {label}
    </span>
  );
}
