import { Suspense, useEffect } from 'react';
import { Await, Link, useAsyncError, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { VERSION_MESSAGES } from '@domain/templates/versions.js';
import { CardGridSkeleton } from '@/components/ui/CardSkeleton.js';
import { ResourceCard } from '@/features/resources/components/ResourceCard.js';
import { showToast } from '@/components/ui/toasts.js';
import { requireSignedIn } from '@/features/accounts/route-guards.js';
import { fetchPurchasedResources, type PurchasedAnswer, type PurchasedResource } from '@/features/commerce/api.js';
import { MemberListEmpty, MemberListLayout } from '@/features/member-lists/components/MemberListLayout.js';
import { refreshSession, useSession } from '@/lib/session.js';
import { ApiError } from '@/lib/api-client.js';
import { documentTitle } from '@/lib/brand.js';
import { resourcePath } from '@/lib/paths.js';
import '@/features/discovery/discovery.css';

export const PURCHASED_POSTS_TITLE = 'Purchased Resources';
const PURCHASED_DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export async function purchasedPostsLoader({ request }: LoaderFunctionArgs) {
  const user = await requireSignedIn(request);
  void refreshSession();
  return { user, purchased: fetchPurchasedResources(request.signal) };
}

/** /purchased-posts (spec 2.8): what the signed-in user bought, newest first. */
export function PurchasedPostsPage() {
  const { user: loadedUser, purchased } = useLoaderData<typeof purchasedPostsLoader>();
  const user = useSession().user ?? loadedUser;
  return (
    <MemberListLayout
      user={user}
      aside={
        <section className="side-card">
          <h2>Keep exploring</h2>
          <p className="muted">Paid templates from the community.</p>
          <Link to="/search?price=paid">Browse paid templates</Link>
        </section>
      }
    >
      <title>{documentTitle(PURCHASED_POSTS_TITLE)}</title>
      {/* The session knows the standing purchases: the loading list takes the room they will, and the side panel below it on a phone stays put. */}
      <Suspense
        fallback={
          <>
            <PurchasedHeader count={user.paid.length} />
            {user.paid.length === 0 ? <NoPurchases /> : <CardGridSkeleton count={user.paid.length} />}
          </>
        }
      >
        <Await resolve={purchased} errorElement={<PurchasesFailed />}>
          {(answer: PurchasedAnswer) => <PurchasedList resources={answer.resources} updated={answer.updated} />}
        </Await>
      </Suspense>
    </MemberListLayout>
  );
}

/** `updated`: how many have a newer version than the one held, said beside the count ("2 Updated"). */
function PurchasedHeader({ count, updated = 0 }: { count: number; updated?: number }) {
  return (
    <header className="member-list-page__header">
      <h1>
        {PURCHASED_POSTS_TITLE} <span className="count-badge">{count}</span>
        {updated > 0 && (
          <>
            {' '}
            <span className="updated-badge" data-testid="purchases-updated">
              {updated} {VERSION_MESSAGES.updated}
            </span>
          </>
        )}
      </h1>
    </header>
  );
}

/** "Updated · v3 is out (you have v1)" under a bought post with a newer version: the post page shows what changed. */
function UpdatedNote({ resource }: { resource: PurchasedResource }) {
  if (!resource.updateAvailable) return null;
  return (
    <p className="purchased-card__updated">
      <span className="updated-badge">{VERSION_MESSAGES.updated}</span>{' '}
      <Link to={resourcePath(resource.titleUrl)}>
        v{resource.latestVersion} is out (you have v{resource.versionHeld})
      </Link>
    </p>
  );
}

function NoPurchases() {
  return <MemberListEmpty message={COMMERCE_MESSAGES.noPurchases} to="/search?price=paid" action="Browse paid templates" />;
}

function PurchasedList({ resources, updated }: { resources: PurchasedResource[]; updated: number }) {
  return (
    <>
      <PurchasedHeader count={resources.length} updated={updated} />
      {resources.length === 0 ? (
        <NoPurchases />
      ) : (
        <ul className="card-grid" aria-label={PURCHASED_POSTS_TITLE}>
          {resources.map((resource) => (
            <li key={resource._id}>
              <ResourceCard resource={resource} />
              <UpdatedNote resource={resource} />
              <p className="muted purchased-card__when">
                Bought {PURCHASED_DATE.format(new Date(resource.purchase.date))} for ${resource.purchase.price.toFixed(2)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** 'Failed to fetch resources.' then the server-given path or /login (spec 8). */
function PurchasesFailed() {
  const error = useAsyncError();
  const navigate = useNavigate();
  useEffect(() => {
    showToast('error', COMMERCE_MESSAGES.purchasesLoadFailed);
    if (error instanceof ApiError && error.status === 401) void navigate('/login', { replace: true });
  }, [error, navigate]);
  return (
    <p className="feed-error" role="alert">
      {COMMERCE_MESSAGES.purchasesLoadFailed}
    </p>
  );
}
