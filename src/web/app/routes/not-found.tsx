import { Suspense } from 'react';
import { Await, Link } from 'react-router';

import { documentTitle } from '../../lib/brand.js';
import { resourcePath, searchPath } from '../../lib/paths.js';
import { useShellData } from '../layout/shell-data.js';

export function NotFoundPage() {
  const { topRated } = useShellData();

  return (
    <div className="container not-found">
      <title>{documentTitle('Page not found')}</title>
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

      <Suspense>
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
