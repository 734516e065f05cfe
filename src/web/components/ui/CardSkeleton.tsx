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
