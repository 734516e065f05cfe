import { Suspense, useRef } from 'react';
import { Await, Navigate, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';

import { itemsOnPage } from '@domain/shared/pagination.js';
import {
  CREATED_POSTS_PAGE_SIZE,
  CREATED_POSTS_SCROLL_DELAY_MS,
  CREATED_POSTS_SCROLL_OFFSET_PX,
  CREATED_POSTS_TEXTS,
  createdPostsHeading,
} from '@domain/templates/rules.js';
import { Pagination, useScrollAfterPageChange } from '@/components/ui/Pagination.js';
import { requireSignedIn } from '@/features/accounts/route-guards.js';
import { fetchCreatedPage, type CreatedPostsPage } from '@/features/member-lists/api.js';
import { CreatedPostRow, CreatedPostRowSkeleton } from '@/features/member-lists/components/CreatedPostRow.js';
import { LoadFailed, MemberListEmpty, MemberListLayout } from '@/features/member-lists/components/MemberListLayout.js';
import { pageFromSearch, pageLocation, pageNumbersFor } from '@/features/member-lists/paging.js';
import { refreshSession, useSession } from '@/lib/session.js';
import { useCreateAction } from '@/lib/create-action.js';
import { documentTitle } from '@/lib/brand.js';
import '@/features/discovery/discovery.css';

const PAGE_TITLE = 'Created Posts';

export async function sharedPostsLoader({ request }: LoaderFunctionArgs) {
  const user = await requireSignedIn(request);
  // The side menu's counts come from the session: re-read it so they match the list.
  void refreshSession();
  const page = pageFromSearch(new URL(request.url).searchParams);
  return { user, page, created: fetchCreatedPage(page, request.signal) };
}

/** /shared-posts (posts-payments-rewards.md 2.7): the signed-in user's own posts in every status, 10 per page. */
export function SharedPostsPage() {
  const { user: loadedUser, page, created } = useLoaderData<typeof sharedPostsLoader>();
  const user = useSession().user ?? loadedUser;
  const { pathname, search } = useLocation();
  const listRef = useRef<HTMLElement>(null);
  useScrollAfterPageChange(listRef, page, { delayMs: CREATED_POSTS_SCROLL_DELAY_MS, offsetPx: CREATED_POSTS_SCROLL_OFFSET_PX });

  return (
    <MemberListLayout user={user} aside={<CreatePanel />}>
      <title>{documentTitle(PAGE_TITLE)}</title>
      <section ref={listRef} aria-labelledby="created-posts-heading">
        {/* The session knows the member's posts: the loading list takes the room they will, and the side panel below it on a phone stays put. */}
        <Suspense key={search} fallback={<CreatedListSkeleton total={user.actions.posts.length} page={page} />}>
          <Await resolve={created} errorElement={<CreatedListFailed />}>
            {(answer: CreatedPostsPage) => <CreatedList answer={answer} pathname={pathname} />}
          </Await>
        </Suspense>
      </section>
    </MemberListLayout>
  );
}

function CreatedList({ answer, pathname }: { answer: CreatedPostsPage; pathname: string }) {
  const navigate = useNavigate();
  const { currentPage, totalPages, totalItems } = answer.pagination;

  if (answer.data.length === 0 && totalItems > 0) {
    // A page past the end (a typed address): show the last real page.
    return <Navigate to={pageLocation(pathname, totalPages)} replace />;
  }
  return (
    <>
      <header className="member-list-page__header">
        <h1 id="created-posts-heading">{answer.heading}</h1>
      </header>
      {totalItems === 0 ? (
        <NoCreatedPosts />
      ) : (
        <ul className="created-posts">
          {answer.data.map((post) => (
            <li key={post._id}>
              <CreatedPostRow post={post} />
            </li>
          ))}
        </ul>
      )}
      {totalPages > 1 && (
        <Pagination
          pageNumbers={pageNumbersFor(currentPage, totalPages)}
          pageStatus={`${currentPage} / ${totalPages}`}
          onPage={(page) => void navigate(pageLocation(pathname, page))}
        />
      )}
    </>
  );
}

function NoCreatedPosts() {
  return <MemberListEmpty message={CREATED_POSTS_TEXTS.emptyState} to="/create" action={CREATED_POSTS_TEXTS.createFirst} />;
}

/** The list as the session's `total` posts will fill page `page`: its heading, a row for each, or the empty list's message. */
function CreatedListSkeleton({ total, page }: { total: number; page: number }) {
  const rows = itemsOnPage(total, page, CREATED_POSTS_PAGE_SIZE);
  const header = (
    <header className="member-list-page__header">
      <h1 id="created-posts-heading">{createdPostsHeading(total, page)}</h1>
    </header>
  );
  if (rows === 0) {
    return (
      <>
        {header}
        <NoCreatedPosts />
      </>
    );
  }
  return (
    <div role="status" aria-busy="true">
      {header}
      <span className="visually-hidden">Loading your posts…</span>
      <ul className="created-posts" aria-hidden="true">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index}>
            <CreatedPostRowSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

function CreatedListFailed() {
  return (
    <>
      <header className="member-list-page__header">
        <h1 id="created-posts-heading">{PAGE_TITLE}</h1>
      </header>
      <LoadFailed />
    </>
  );
}

/** The sidebar's second panel: the way to the next post (same three-way Create action as the navbar). */
function CreatePanel() {
  const create = useCreateAction();
  return (
    <section className="side-card">
      <h2>Share another template</h2>
      <p className="muted">New posts are reviewed by a moderator before they go live.</p>
      <button type="button" className="button button--secondary" onClick={create}>
        Create A Post
      </button>
    </section>
  );
}
