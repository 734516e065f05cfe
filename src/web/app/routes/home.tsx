import { useLoaderData, type LoaderFunctionArgs } from 'react-router';

import { SEARCH_SORT } from '../../../domain/catalogue/presentation.js';
import { Tabs } from '../../components/ui/Tabs.js';
import { fetchTodaysResources, fetchTopRatedResources } from '../../features/resources/api.js';
import { ResourceFeed } from '../../features/resources/components/ResourceFeed.js';
import { documentTitle } from '../../lib/brand.js';
import { searchPath } from '../../lib/paths.js';

/** Both feeds start loading at once and stream in, so the page shows skeletons instead of waiting. */
export function homeLoader({ request }: LoaderFunctionArgs) {
  return {
    trending: fetchTopRatedResources(request.signal),
    newToday: fetchTodaysResources(request.signal),
  };
}

export function HomePage() {
  const { trending, newToday } = useLoaderData<typeof homeLoader>();

  return (
    <>
      <title>{documentTitle()}</title>
      <section className="hero">
        <div className="container">
          <h1 className="hero__title">Ready-to-use templates, made by the community</h1>
          <p className="hero__lead">
            Find templates and tools for the apps you already use — free or paid, shared by makers like you.
            Commission-free during beta.
          </p>
        </div>
      </section>

      <section className="container home-feeds" aria-label="Templates">
        <Tabs
          label="Template feeds"
          tabs={[
            {
              id: 'trending',
              label: 'Trending',
              panel: (
                <ResourceFeed
                  resources={trending}
                  emptyMessage="No trending templates yet — check back soon."
                  seeMoreHref={searchPath({ sort: SEARCH_SORT.mostPopularLast90Days })}
                />
              ),
            },
            {
              id: 'new',
              label: 'New',
              panel: (
                <ResourceFeed
                  resources={newToday}
                  emptyMessage="Nothing new today yet — check back later."
                  seeMoreHref={searchPath({ sort: SEARCH_SORT.newest })}
                />
              ),
            },
          ]}
        />
      </section>
    </>
  );
}
