import { Link } from 'react-router';

import { keywordLabel, visibleKeywords } from '@domain/catalogue/presentation.js';
import { tagSearchPath } from '@/lib/paths.js';

/** A resource's keywords as links to their tag search; nothing when none is shown. */
export function TagList({ keywords }: { keywords: readonly string[] }) {
  const shown = visibleKeywords(keywords);
  if (shown.length === 0) return null;
  return (
    <ul className="tag-list" aria-label="Tags">
      {shown.map((keyword) => (
        <li key={keyword}>
          <Link className="tag" to={tagSearchPath(keyword)}>
            {keywordLabel(keyword)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
