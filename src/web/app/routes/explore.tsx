import { Suspense, useState } from 'react';
import { Await, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';

import { EXPLORE_HEADING, EXPLORE_PREVIEW_COUNT } from '@domain/discovery/constants.js';
import { fetchExploreCards, type ExploreCard } from '@/features/discovery/api.js';
import '@/features/discovery/discovery.css';
import { resourcePath, tagSearchPath } from '@/lib/paths.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

export function exploreLoader({ request }: LoaderFunctionArgs) {
  return { cards: fetchExploreCards(request.signal) };
}

export function ExplorePage() {
  const { cards } = useLoaderData<typeof exploreLoader>();
  return (
    <div className="container browse-page">
      <PageHead title={EXPLORE_HEADING} description={PAGE_DESCRIPTIONS.explore} />
      <header className="browse-page__header">
        <h1>{EXPLORE_HEADING}</h1>
      </header>
      <Suspense
        fallback={
          <div className="spinner" role="status">
            <span className="visually-hidden">Loading…</span>
          </div>
        }
      >
        <Await
          resolve={cards}
          errorElement={
            <p className="feed-error" role="alert">
              We couldn't load the tags right now.
            </p>
          }
        >
          {(loaded: ExploreCard[]) =>
            loaded.length === 0 ? (
              <p className="empty-state">No tags yet — templates with keywords will show up here.</p>
            ) : (
              <ul className="explore-grid">
                {loaded.map((card) => (
                  <li key={card.term}>
                    <TagCard card={card} />
                  </li>
                ))}
              </ul>
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}

function TagCard({ card }: { card: ExploreCard }) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? card.resources : card.resources.slice(0, EXPLORE_PREVIEW_COUNT);
  return (
    <section className="side-card explore-card" aria-label={`Tag ${card.term}`}>
      <div className="explore-card__head">
        <h2>
          <Link to={tagSearchPath(card.term)}>#{card.term}</Link>
        </h2>
        <span className="muted">{card.count}</span>
      </div>
      <ul className="explore-card__posts">
        {shown.map((resource) => (
          <li key={resource._id}>
            <Link to={resourcePath(resource.titleUrl)}>{resource.title}</Link>
          </li>
        ))}
      </ul>
      {card.resources.length > EXPLORE_PREVIEW_COUNT && (
        <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'See Less' : 'See More'}
        </button>
      )}
    </section>
  );
}
