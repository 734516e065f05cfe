import { useEffect, useState } from 'react';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';

import { SEARCH_SORT } from '@domain/catalogue/presentation.js';
import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { Tabs } from '@/components/ui/Tabs.js';
import { ChecklistCard, useProgression } from '@/features/discovery/components/ChecklistCard.js';
import { CreateSomethingBox, GeneratorHero } from '@/features/discovery/components/HomeBoxes.js';
import { HomeSidebar } from '@/features/discovery/components/HomeSidebar.js';
import { PromoCard } from '@/features/discovery/components/PromoCard.js';
import { loadTagRow, TagsRow } from '@/features/discovery/components/TagsRow.js';
import { fetchQuickLinks, fetchTopContributors, fetchTrendingTools } from '@/features/discovery/api.js';
import { useViewerSummary } from '@/features/discovery/viewer.js';
import '@/features/discovery/discovery.css';
import { fetchSponsoredResources, fetchTodaysResources, fetchTopRatedResources } from '@/features/resources/api.js';
import { ResourceFeed } from '@/features/resources/components/ResourceFeed.js';
import { showMessageModal } from '@/lib/client-state.js';
import { trendingTopRated } from '@domain/discovery/trending.js';
import { HOME_TOUR_TARGETS } from '@/features/tours/tours.js';
import { ACCOUNT_DELETED_PARAMETER, searchPath } from '@/lib/paths.js';
import { useSession } from '@/lib/session.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

/** The feeds and the sidebar's lists start loading at once and stream in (the server renders them with the page). */
export function homeLoader({ request }: LoaderFunctionArgs) {
  const sponsored = fetchSponsoredResources(request.signal);
  return {
    sponsored,
    trending: withoutRepeats(fetchTopRatedResources(request.signal), sponsored),
    newToday: fetchTodaysResources(request.signal),
    tools: logged(fetchTrendingTools(request.signal), 'trending tools', request.signal),
    links: logged(fetchQuickLinks(request.signal), 'quick links', request.signal),
    creators: logged(fetchTopContributors(request.signal), 'top creators', request.signal),
    tags: logged(loadTagRow(), 'keywords', request.signal),
  };
}

/** A sidebar list that fails is left out of the page; the failure is logged (not a load cancelled by leaving the page). */
function logged<T>(list: Promise<T>, what: string, signal: AbortSignal): Promise<T> {
  return list.catch((error: unknown) => {
    if (!signal.aborted) console.error(`Could not load ${what}`, error);
    throw error;
  });
}

/** The Trending tab shows the sponsored list above the top-rated one, and a feed never repeats a card. */
async function withoutRepeats(feed: Promise<ResourceView[]>, shownAbove: Promise<ResourceView[]>): Promise<ResourceView[]> {
  // The sponsored list failing only empties that list (the feed logs it); the top-rated one stays whole.
  return trendingTopRated(await feed, await shownAbove.catch(() => [] as ResourceView[]));
}

/** Spec (home, error catalogue): a query string holding invalid-token opens this error modal. */
const INVALID_TOKEN_PARAMETER = 'invalid-token';

export function HomePage() {
  const { sponsored, trending, newToday, tools, links, creators, tags } = useLoaderData<typeof homeLoader>();
  const { search } = useLocation();
  const invalidToken = search.includes(INVALID_TOKEN_PARAMETER);
  const accountDeleted = new URLSearchParams(search).has(ACCOUNT_DELETED_PARAMETER);
  useEffect(() => {
    if (invalidToken) showMessageModal(ACCOUNT_MESSAGES.invalidTokenTitle, ACCOUNT_MESSAGES.resetTokenInvalid, undefined, 'danger');
    else if (accountDeleted) showMessageModal(ACCOUNT_MESSAGES.accountDeletedTitle, ACCOUNT_MESSAGES.accountDeleted);
  }, [invalidToken, accountDeleted]);
  // The row drawn for this visit stays when the loaders run again (a session coming does): a new draw
  // reordered the tiles under the reader, the page's largest layout shift.
  const [tagRow] = useState(tags);
  const viewer = useViewerSummary();
  const { user } = useSession();
  const progression = useProgression(user?._id ?? null);

  return (
    <>
      <PageHead description={PAGE_DESCRIPTIONS.home} />
      <GeneratorHero viewer={viewer} />
      <div className="container" data-tour={HOME_TOUR_TARGETS.tags}>
        <TagsRow terms={tagRow} singleLine />
      </div>

      <div className="container home-layout">
        <section className="home-feeds" aria-labelledby="home-feeds-heading">
          {/* The cards' titles are h3: this names their level for screen readers' heading lists. */}
          <h2 id="home-feeds-heading" className="visually-hidden">
            Templates
          </h2>
          <Tabs
            label="Template feeds"
            tabs={[
              {
                id: 'trending',
                label: 'Trending',
                panel: (
                  <>
                    {/* Either list can be the first on the screen: the sponsored one is often empty. */}
                    <ResourceFeed resources={sponsored} emptyMessage="No sponsored templates right now." leadsPage />
                    <ResourceFeed
                      leadsPage
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
          <div data-tour={HOME_TOUR_TARGETS.sidebar}>
            <HomeSidebar
              lists={{ tools, links, creators }}
              checklist={
                progression && (
                  <div data-tour={HOME_TOUR_TARGETS.getStarted}>
                    <ChecklistCard progression={progression} />
                  </div>
                )
              }
            />
          </div>
        </div>
      </div>
    </>
  );
}
