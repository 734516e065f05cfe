import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { SEARCH_MAX_QUERY_LENGTH } from '../../../../domain/discovery/constants.js';
import { SearchBar } from './SearchBar.js';

describe('navigation bar search', () => {
  it('takes no more text than a search accepts, as the search page box (longer text got a 400 from autocomplete and search)', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <SearchBar />
      </MemoryRouter>,
    );
    // HTML attribute names are case-insensitive (React writes maxLength).
    expect(html.toLowerCase()).toContain(`maxlength="${SEARCH_MAX_QUERY_LENGTH}"`);
  });
});
