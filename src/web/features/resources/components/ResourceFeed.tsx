import { Fragment, Suspense, useEffect, type ReactNode } from 'react';
import { Await, Link, useAsyncError, useRevalidator } from 'react-router';

import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { CardGridSkeleton } from '@/components/ui/CardSkeleton.js';
import { ResourceCard } from './ResourceCard.js';

interface ResourceFeedProps {
  resources: Promise<ResourceView[]>;
  /** Shown when the list comes back empty. */
  emptyMessage: string;
  /** Where "See more Templates" leads; no link when absent. */
  seeMoreHref?: string;
  /** A card shown at a random position in the list (the promo card). */
  promo?: ReactNode;
  /** The list is the first on the page: its first card's picture loads first (see ResourceCard). */
  leadsPage?: boolean;
}

/**
 * Where the promo card goes: a position that looks random but follows from the list, so the server's
 * page and the browser's hydration agree, and re-renders don't move the card.
 */
function promoPosition(resources: readonly ResourceView[]): number {
  let hash = 0;
  for (const { _id } of resources) for (let index = 0; index < _id.length; index += 1) hash = (hash * 31 + _id.charCodeAt(index)) >>> 0;
  return hash % resources.length;
}

/** A grid of resource cards that shows skeletons while its list loads. */
export function ResourceFeed({ resources, emptyMessage, seeMoreHref, promo, leadsPage = false }: ResourceFeedProps) {
  return (
    <div className="resource-feed">
      <Suspense fallback={<CardGridSkeleton />}>
        <Await resolve={resources} errorElement={<FeedError />}>
          {(loaded) =>
            loaded.length === 0 ? (
              <p className="empty-state">{emptyMessage}</p>
            ) : (
              <ul className="card-grid">
                {loaded.map((resource, index) => (
                  <Fragment key={resource._id}>
                    {promo !== undefined && index === promoPosition(loaded) && <li>{promo}</li>}
                    <li>
                      <ResourceCard resource={resource} leadsPage={leadsPage && index === 0} />
                    </li>
                  </Fragment>
                ))}
              </ul>
            )
          }
        </Await>
      </Suspense>
      {seeMoreHref !== undefined && (
        <Link className="button button--secondary resource-feed__more" to={seeMoreHref}>
          See more Templates
        </Link>
      )}
    </div>
  );
}

function FeedError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();

  useEffect(() => {
    console.error('Could not load a resource feed', error);
  }, [error]);

  return (
    <div className="feed-error" role="alert">
      <p>We couldn't load these templates right now.</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void revalidator.revalidate()}
        disabled={revalidator.state === 'loading'}
      >
        Try again
      </button>
    </div>
  );
}
