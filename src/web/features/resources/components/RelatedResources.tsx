import { useEffect, useId, useState } from 'react';

import type { ResourceView } from '../../../../domain/catalogue/resource-view.js';
import { DETAIL_PAGE } from '../../../../domain/engagement/rules.js';
import { CardGridSkeleton } from '../../../components/ui/CardSkeleton.js';
import { ResourceCard } from '../../../components/ui/ResourceCard.js';
import { fetchRelatedResources } from '../api.js';

/** More By The Author or Related Posts under the detail page; left out when there is nothing to show. */
export function RelatedResources({ resourceId, type }: { resourceId: string; type: 'author' | 'related' }) {
  const [resources, setResources] = useState<ResourceView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const headingId = useId();

  useEffect(() => {
    const controller = new AbortController();
    setResources(null);
    setFailed(false);
    fetchRelatedResources(resourceId, type, controller.signal)
      .then(setResources)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error(error);
          setFailed(true);
        }
      });
    return () => controller.abort();
  }, [resourceId, type]);

  if (resources !== null && resources.length === 0) return null;
  return (
    <section className="detail-related" aria-labelledby={headingId}>
      <h2 id={headingId}>{type === 'author' ? DETAIL_PAGE.moreByAuthorHeading : DETAIL_PAGE.relatedPostsHeading}</h2>
      {failed ? (
        <p className="feed-error">{DETAIL_PAGE.relatedPostsFailed}</p>
      ) : resources === null ? (
        <CardGridSkeleton />
      ) : (
        <div className="card-grid">
          {resources.map((resource) => (
            <ResourceCard key={resource._id} resource={resource} />
          ))}
        </div>
      )}
    </section>
  );
}
