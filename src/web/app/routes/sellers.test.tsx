import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { PAYMENTS_HELP_PATH } from '../../lib/paths.js';
import { SellersPage } from './sellers.js';

describe('the sellers page', () => {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <SellersPage />
    </MemoryRouter>,
  );

  it('states 0% commission now and 6% after the beta (spec 1 and 9)', () => {
    expect(html).toContain('0% commission during the beta');
    expect(html).toContain('After the beta the commission will be 6% of each sale');
    expect(html).toContain('6% after the beta');
  });

  it('says payout accounts and paid listings work today, and links to the payments help', () => {
    expect(html).not.toMatch(/being rolled out|upcoming release|as soon as payout accounts arrive/u);
    expect(html).toContain('Paid listings are open');
    expect(html).toContain(`href="${PAYMENTS_HELP_PATH}"`);
  });
});
