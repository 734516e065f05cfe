import { Suspense, useRef } from 'react';
import { Await, Link, Navigate, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';

import { SAVED_POSTS_EMPTY, SAVED_POSTS_PAGE_SIZE, SAVED_POSTS_TITLE } from '@domain/engagement/rules.js';
import { itemsOnPage } from '@domain/shared/pagination.js';
import type { EngagedResourceView, ResourcePage } from '@domain/engagement/views.js';
import { CardGridSkeleton } from '@/components/ui/CardSkeleton.js';
import { Pagination, useScrollAfterPageChange } from '@/components/ui/Pagination.js';
import { ResourceCard } from '@/features/resources/components/ResourceCard.js';
import { requireSignedIn } from '@/features/accounts/route-guards.js';
import { fetchSavedPage } from '@/features/member-lists/api.js';
import { submitToggle, useToggleFetcher } from '@/features/resources/engagement.js';
import { LoadFailed, MemberListEmpty, MemberListLayout } from '@/features/member-lists/components/MemberListLayout.js';
import { pageCount, pageFromSearch, pageLocation, pageNumbersFor } from '@/features/member-lists/paging.js';
import { refreshSession, useSession } from '@/lib/session.js';
import { documentTitle } from '@/lib/brand.js';

export async function savedPostsLoader({ request }: LoaderFunctionArgs) {
  const user = await requireSignedIn(request);
  // The side menu's counts come from the session: re-read it so they match the list (saves made elsewhere count too).
  void refreshSession();
  const page = pageFromSearch(new URL(request.url).searchParams);
  return { user, page, saved: fetchSavedPage(page, request.signal) };
}

/** /saved-posts (posts-payments-rewards.md 2.6): the signed-in user's saved templates, 10 per page. */
export function SavedPostsPage() {
  const { user: loadedUser, page, saved } = useLoaderData<typeof savedPostsLoader>();
  const user = useSession().user ?? loadedUser;
  const { pathname, search } = useLocation();
  const listRef = useRef<HTMLElement>(null);
  useScrollAfterPageChange(listRef, page);
  // The session knows how many posts are saved: the loading list takes the room they will, and the side panel below it on a phone stays put.
  const expected = itemsOnPage(user.actions.saves.length, page, SAVED_POSTS_PAGE_SIZE);

  return (
    <MemberListLayout user={user} aside={<BrowseMorePanel />}>
      <title>{documentTitle(SAVED_POSTS_TITLE)}</title>
      <header className="member-list-page__header">
        <h1>{SAVED_POSTS_TITLE}</h1>
      </header>
      <section ref={listRef} aria-label={SAVED_POSTS_TITLE}>
        <Suspense
          key={search}
          fallback={
            expected === 0 ? (
              <SavedEmpty />
            ) : (
              <>
                <p className="muted member-list-page__showing" aria-hidden="true">
                  &nbsp;
                </p>
                <CardGridSkeleton count={expected} />
              </>
            )
          }
        >
          <Await resolve={saved} errorElement={<LoadFailed />}>
            {(answer: ResourcePage) => <SavedList answer={answer} pathname={pathname} />}
          </Await>
        </Suspense>
      </section>
    </MemberListLayout>
  );
}

function SavedList({ answer, pathname }: { answer: ResourcePage; pathname: string }) {
  const navigate = useNavigate();
  const totalPages = pageCount(answer.total, answer.pageSize);

  if (answer.resources.length === 0 && answer.total > 0) {
    // A page past the end (the last save on it was removed, or a typed address): show the last real page.
    return <Navigate to={pageLocation(pathname, totalPages)} replace />;
  }
  if (answer.total === 0) return <SavedEmpty />;
  return (
    <>
      <p className="muted member-list-page__showing" data-testid="saved-showing">
        {answer.showing}
      </p>
      <ul className="card-grid">
        {answer.resources.map((resource) => (
          <li key={resource._id} className="saved-card">
            <ResourceCard resource={resource} />
            <UnsaveButton resource={resource} />
          </li>
        ))}
      </ul>
      {totalPages > 1 && (
        <Pagination
          pageNumbers={pageNumbersFor(answer.page, totalPages)}
          pageStatus={`${answer.page} / ${totalPages}`}
          onPage={(page) => void navigate(pageLocation(pathname, page))}
        />
      )}
    </>
  );
}

function SavedEmpty() {
  return <MemberListEmpty message={SAVED_POSTS_EMPTY} to="/search" action="Browse templates" />;
}

/** Takes a template off the list through the engagement action; the page's loader then runs again, reloading this page of the list and the session's counts. */
function UnsaveButton({ resource }: { resource: EngagedResourceView }) {
  const fetcher = useToggleFetcher('save', resource._id);
  const busy = fetcher.state !== 'idle';

  return (
    <button
      type="button"
      className="button button--ghost saved-card__unsave"
      disabled={busy}
      aria-label={`Remove ${resource.title} from saved posts`}
      onClick={() => void submitToggle(fetcher, 'save', resource._id, false, { reloadPage: true })}
    >
      {busy ? 'Removing…' : 'Remove from saved'}
    </button>
  );
}

function BrowseMorePanel() {
  return (
    <section className="side-card">
      <h2>Find more templates</h2>
      <p className="muted">Search the catalogue by topic, app or price and save what you want to come back to.</p>
      <Link to="/search" className="button button--secondary">
        Explore templates
      </Link>
    </section>
  );
}
