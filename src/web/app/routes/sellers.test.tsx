import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { PAYMENTS_HELP_PATH } from '../../lib/paths.js';
import { SellersPage } from './sellers.js';

/** The page as its loader answers with this PLATFORM_FEE_PERCENT. */
const pageAt = (feePercent: number) =>
  renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ id: 'sellers', path: '/', element: <SellersPage /> }], { hydrationData: { loaderData: { sellers: { feePercent } } } })} />);

describe('the sellers page', () => {
  const html = pageAt(0);

  it('states 0% commission now and 6% after the beta (spec 1 and 9)', () => {
    expect(html).toContain('0% commission during the beta');
    expect(html).toContain('After the beta the commission will be 6% of each sale');
    expect(html).toContain('6% after the beta');
  });

  it('states the configured commission when PLATFORM_FEE_PERCENT sets one, and no longer promises none', () => {
    const at20 = pageAt(20);
    expect(at20).toContain('20% commission');
    expect(at20).toContain('takes a commission of 20% of each sale');
    expect(at20).not.toMatch(/no commission|(?<!\d)0% commission|after the beta/iu);
  });

  it('says payout accounts and paid listings work today, and links to the payments help', () => {
    expect(html).not.toMatch(/being rolled out|upcoming release|as soon as payout accounts arrive/u);
    expect(html).toContain('Paid listings are open');
    expect(html).toContain(`href="${PAYMENTS_HELP_PATH}"`);
  });
});
