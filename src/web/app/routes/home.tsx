import { useLoaderData, type LoaderFunctionArgs } from 'react-router';

import { SEARCH_SORT } from '../../../domain/catalogue/presentation.js';
import { Tabs } from '../../components/ui/Tabs.js';
import { ChecklistCard, useProgression } from '../../features/discovery/components/ChecklistCard.js';
import { CreateSomethingBox, GeneratorHero } from '../../features/discovery/components/HomeBoxes.js';
import { HomeSidebar } from '../../features/discovery/components/HomeSidebar.js';
import { PromoCard } from '../../features/discovery/components/PromoCard.js';
import { TagsRow } from '../../features/discovery/components/TagsRow.js';
import { useViewerSummary } from '../../features/discovery/viewer.js';
import '../../features/discovery/discovery.css';
import { fetchSponsoredResources, fetchTodaysResources, fetchTopRatedResources } from '../../features/resources/api.js';
import { ResourceFeed } from '../../features/resources/components/ResourceFeed.js';
import { documentTitle } from '../../lib/brand.js';
import { searchPath } from '../../lib/paths.js';
import { useSession } from '../../features/session/session.js';

/** The feeds start loading at once and stream in, so the page shows skeletons instead of waiting. */
export function homeLoader({ request }: LoaderFunctionArgs) {
  return {
    sponsored: fetchSponsoredResources(request.signal),
    trending: fetchTopRatedResources(request.signal),
    newToday: fetchTodaysResources(request.signal),
  };
}

export function HomePage() {
  const { sponsored, trending, newToday } = useLoaderData<typeof homeLoader>();
  const viewer = useViewerSummary();
  const { user } = useSession();
  const progression = useProgression(user?._id ?? null);

  return (
    <>
      <title>{documentTitle()}</title>
      <GeneratorHero viewer={viewer} />
      <div className="container">
        <TagsRow singleLine />
      </div>

      <div className="container home-layout">
        <section className="home-feeds" aria-label="Templates">
          <Tabs
            label="Template feeds"
            tabs={[
              {
                id: 'trending',
                label: 'Trending',
                panel: (
                  <>
                    <ResourceFeed resources={sponsored} emptyMessage="No sponsored templates right now." />
                    <ResourceFeed
                      resources={trending}
                      emptyMessage="No trending templates yet — check back soon."
                      seeMoreHref={searchPath({ sort: SEARCH_SORT.mostPopularLast90Days })}
                      promo={<PromoCard viewer={viewer} />}
                    />
                  </>
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
        <div className="home-aside">
          <CreateSomethingBox viewer={viewer} />
          <HomeSidebar checklist={progression && <ChecklistCard progression={progression} />} />
        </div>
      </div>
    </>
  );
}
