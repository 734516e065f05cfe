import { Suspense } from 'react';
import { Await, Link } from 'react-router';

import { TAG_ROW_SIZE } from '@domain/discovery/constants.js';
import { tagSearchPath } from '@/lib/paths.js';
import { fetchKeywordTerms, randomSample } from '../api.js';

/**
 * Up to 12 keyword terms in random order, from the 24-hour keyword cache (spec). Started by the page's
 * loader, so the server draws the row with the page and the browser hydrates with the same sample.
 */
export function loadTagRow(): Promise<string[]> {
  return fetchKeywordTerms().then((all) => randomSample(all, TAG_ROW_SIZE));
}

/** The keyword tiles: skeletons while they load, one line on the home page. A failure leaves the row empty. */
export function TagsRow({ terms, singleLine }: { terms: Promise<string[]>; singleLine: boolean }) {
  const className = singleLine ? 'tags-row tags-row--single-line' : 'tags-row';
  const skeleton = (
    <ul className={className} aria-busy="true" aria-label="Popular tags">
      {Array.from({ length: TAG_ROW_SIZE }, (_, index) => (
        <li key={index} className="tag-tile tag-tile--skeleton skeleton-block" />
      ))}
    </ul>
  );
  return (
    <Suspense fallback={skeleton}>
      <Await resolve={terms} errorElement={<ul className={className} aria-label="Popular tags" />}>
        {(loaded: string[]) => (
          <ul className={className} aria-label="Popular tags">
            {loaded.map((term) => (
              <li key={term}>
                <Link className="tag-tile" to={tagSearchPath(term)}>
                  {term}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Await>
    </Suspense>
  );
}
