import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { TAG_ROW_SIZE } from '../../../../domain/discovery/constants.js';
import { tagSearchPath } from '../../../lib/paths.js';
import { fetchKeywordTerms, randomSample } from '../api.js';

/** Up to 12 keyword tiles in random order, from the 24-hour keyword cache; one line on the home page. */
export function TagsRow({ singleLine }: { singleLine: boolean }) {
  const [terms, setTerms] = useState<string[] | null>(null);

  useEffect(() => {
    let current = true;
    fetchKeywordTerms().then(
      (all) => current && setTerms(randomSample(all, TAG_ROW_SIZE)),
      (error: unknown) => {
        console.error('Could not load keywords', error);
        if (current) setTerms([]);
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const className = singleLine ? 'tags-row tags-row--single-line' : 'tags-row';
  if (terms === null) {
    return (
      <ul className={className} aria-busy="true" aria-label="Popular tags">
        {Array.from({ length: TAG_ROW_SIZE }, (_, index) => (
          <li key={index} className="tag-tile tag-tile--skeleton skeleton-block" />
        ))}
      </ul>
    );
  }
  return (
    <ul className={className} aria-label="Popular tags">
      {terms.map((term) => (
        <li key={term}>
          <Link className="tag-tile" to={tagSearchPath(term)}>
            {term}
          </Link>
        </li>
      ))}
    </ul>
  );
}
