import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { TagList } from './TagList.js';

const chips = (keywords: string[]) =>
  renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: '/', element: <TagList keywords={keywords} /> }])} />);

describe('the tag chips', () => {
  it('show the type and platform tags by their labels, never the stored name, and link by the name', () => {
    const html = chips(['business_intelligence', 'google sheets', 'budget']);
    expect(html).not.toContain('>business_intelligence<');
    expect(html).toContain('>Business Intelligence<');
    expect(html).toContain('>Google Sheets<');
    expect(html).toContain('>budget<');
    expect(html).toContain('href="/search/tag/business_intelligence"');
  });
});
