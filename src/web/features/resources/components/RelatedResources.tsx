import { Suspense, useId } from 'react';
import { Await } from 'react-router';

import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { DETAIL_PAGE } from '@domain/engagement/rules.js';
import { CardGridSkeleton } from '@/components/ui/CardSkeleton.js';
import { ResourceCard } from './ResourceCard.js';

/** The detail page's two lists of other posts, as its loader streams them. */
export interface RelatedLists {
  author: Promise<ResourceView[]>;
  related: Promise<ResourceView[]>;
}

/** More By The Author or Related Posts under the detail page; left out when there is nothing to show. */
export function RelatedResources({ type, resources }: { type: 'author' | 'related'; resources: Promise<ResourceView[]> }) {
  const headingId = useId();
  const heading = <h2 id={headingId}>{type === 'author' ? DETAIL_PAGE.moreByAuthorHeading : DETAIL_PAGE.relatedPostsHeading}</h2>;
  const failed = (
    <section className="detail-related" aria-labelledby={headingId}>
      {heading}
      <p className="feed-error">{DETAIL_PAGE.relatedPostsFailed}</p>
    </section>
  );
  return (
    <Suspense
      fallback={
        <section className="detail-related" aria-labelledby={headingId}>
          {heading}
          <CardGridSkeleton />
        </section>
      }
    >
      <Await resolve={resources} errorElement={failed}>
        {(loaded: ResourceView[]) =>
          loaded.length === 0 ? null : (
            <section className="detail-related" aria-labelledby={headingId}>
              {heading}
              <div className="card-grid">
                {loaded.map((resource) => (
                  <ResourceCard key={resource._id} resource={resource} />
                ))}
              </div>
            </section>
          )
        }
      </Await>
    </Suspense>
  );
}
