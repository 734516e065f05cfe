import { FEED_SKELETON_COUNT } from '@domain/catalogue/presentation.js';

/** A grey stand-in with a resource card's shape, shown while a feed loads. */
export function CardSkeleton() {
  return (
    <div className="resource-card resource-card--skeleton" aria-hidden="true">
      <div className="resource-card__media skeleton-block" />
      <div className="resource-card__body">
        <div className="skeleton-line skeleton-line--short" />
        <div className="skeleton-line skeleton-line--title" />
        <div className="skeleton-line" />
        <div className="skeleton-line" />
      </div>
    </div>
  );
}

/** Card skeletons in a grid, announced as loading: the spec's three for a feed, or as many cards as a list is known to hold. */
export function CardGridSkeleton({ count = FEED_SKELETON_COUNT }: { count?: number }) {
  return (
    <div className="card-grid" role="status" aria-busy="true">
      <span className="visually-hidden">Loading templates…</span>
      {Array.from({ length: count }, (_, index) => (
        <CardSkeleton key={index} />
      ))}
    </div>
  );
}
