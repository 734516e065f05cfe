import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { documentTitle } from '@/lib/brand.js';
import { isChunkLoadError } from '../lazy-route.js';

/** Shown in place of a page that failed to load or render. */
export function RouteErrorPage() {
  const error = useRouteError();

  if (isChunkLoadError(error)) {
    return (
      <div className="container not-found">
        <title>{documentTitle('Page could not load')}</title>
        <section className="not-found__message" role="alert">
          <h1>This page could not load</h1>
          <p>A part of the app did not arrive — the connection may have dropped, or a new version of the site was just released.</p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </section>
      </div>
    );
  }

  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="container not-found">
      <title>{documentTitle('Something went wrong')}</title>
      <section className="not-found__message" role="alert">
        <h1>Something went wrong</h1>
        <p>We couldn't show this page. Please try again in a moment.</p>
        {detail !== null && <p className="muted">{detail}</p>}
        <Link to="/" className="button button--primary">
          Back to the home page
        </Link>
      </section>
    </div>
  );
}
