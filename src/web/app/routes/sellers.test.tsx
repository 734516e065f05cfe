import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { PAYMENTS_HELP_PATH } from '@/lib/paths.js';
import { ServerPlatformFee } from '@/lib/platform-fee.js';
import { SellersPage } from './sellers.js';

/** The page as the server renders it with this PLATFORM_FEE_PERCENT; null: a page that names no fee. */
const pageAt = (feePercent: number | null) => {
  const page = <RouterProvider router={createMemoryRouter([{ path: '/', element: <SellersPage /> }])} />;
  return renderToStaticMarkup(
    feePercent === null ? page : <ServerPlatformFee.Provider value={feePercent}>{page}</ServerPlatformFee.Provider>,
  );
};

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
    expect(at20).toContain('List for free and set your own price (20% commission on each sale).');
    expect(at20).not.toMatch(/no commission|(?<!\d)0% commission|after the beta|keep 100%|in beta/iu);
  });

  it('makes no claim about the commission on a page that names no fee', () => {
    const unstated = pageAt(null);
    expect(unstated).toContain('List for free and set your own price.');
    expect(unstated).not.toMatch(/commission|keep 100%/iu);
  });

  it('says payout accounts and paid listings work today, and links to the payments help', () => {
    expect(html).not.toMatch(/being rolled out|upcoming release|as soon as payout accounts arrive/u);
    expect(html).toContain('Paid listings are open');
    expect(html).toContain(`href="${PAYMENTS_HELP_PATH}"`);
  });
});
