import { Suspense } from 'react';
import { Await, Link } from 'react-router';

import { HOME_LIST_LIMIT } from '@domain/discovery/constants.js';
import { resourcePath, searchPath } from '@/lib/paths.js';
import { useShellData } from '../layout/shell-data.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

export function NotFoundPage() {
  const { topRated } = useShellData();

  return (
    <div className="container not-found">
      <PageHead title="Page not found" description={PAGE_DESCRIPTIONS.notFound} />
      <section className="not-found__message">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>This page doesn't exist</h1>
        <p>The link may be broken, or the page may have moved.</p>
        <Link to={searchPath()} className="button button--primary">
          Explore Templates
        </Link>
      </section>

      <Suspense fallback={<RecentPostsLoading />}>
        <Await resolve={topRated}>
          {(resources) =>
            resources.length > 0 && (
              <section className="not-found__recent" aria-labelledby="recent-posts-heading">
                <h2 id="recent-posts-heading">Recent Posts</h2>
                <ul className="link-list">
                  {resources.map((resource) => (
                    <li key={resource._id}>
                      <Link to={resourcePath(resource.titleUrl)}>{resource.title}</Link>
                    </li>
                  ))}
                </ul>
              </section>
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}

/**
 * The recent posts' place while they load (the page drawn in the browser, after an unknown address):
 * drawn empty, the page's footer showed under the message and was pushed away when they came.
 */
function RecentPostsLoading() {
  return (
    <section className="not-found__recent" role="status" aria-busy="true">
      <h2>Recent Posts</h2>
      <span className="visually-hidden">Loading recent posts…</span>
      <ul className="link-list" aria-hidden="true">
        {Array.from({ length: HOME_LIST_LIMIT }, (_, index) => (
          <li key={index} className="link-list__placeholder">
            <span className="skeleton-line" />
          </li>
        ))}
      </ul>
    </section>
  );
}
