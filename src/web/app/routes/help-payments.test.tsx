import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { isServerRendered } from '../lazy-route.js';
import { routes } from '../router.js';
import { PAYMENTS_HELP_PATH } from '@/lib/paths.js';
import { ServerPlatformFee } from '@/lib/platform-fee.js';
import { PaymentsHelpPage } from './help-payments.js';

/** The page as the server renders it with this PLATFORM_FEE_PERCENT; null: a page that names no fee. */
const pageAt = (feePercent: number | null) => {
  const page = <RouterProvider router={createMemoryRouter([{ path: '/', element: <PaymentsHelpPage /> }])} />;
  return renderToStaticMarkup(
    feePercent === null ? page : <ServerPlatformFee.Provider value={feePercent}>{page}</ServerPlatformFee.Provider>,
  );
};

describe('the payments help page', () => {
  it('is the server-rendered page at the Payments tab’s help link, not the 404', () => {
    const page = matchRoutes(routes, PAYMENTS_HELP_PATH)!.at(-1)!.route;
    expect(page.path).toBe(PAYMENTS_HELP_PATH);
    expect(isServerRendered(page.handle)).toBe(true);
  });

  it('explains the four payout account states, the price limits, both ways to pay, refunds, commission and sales', () => {
    const html = pageAt(0);
    for (const state of ['Not connected', 'Pending onboarding', 'Connected', 'Restricted']) expect(html).toContain(`<dt>${state}</dt>`);
    for (const text of [
      'from $0.01 to $249',
      'A price of 0 makes the template free',
      'Pay with PayPal',
      'Refunds',
      'commission will be 6%',
      'href="/sales"',
      'href="/account#settings-tabs-tab-payments"',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('states the configured commission when PLATFORM_FEE_PERCENT sets one', () => {
    expect(pageAt(20)).toContain('takes a commission of 20% of each sale');
    expect(pageAt(20)).not.toContain('no commission');
  });

  it('leaves the commission out of a page that names no fee rather than guess it', () => {
    const unstated = pageAt(null);
    expect(unstated).toContain('Refunds');
    expect(unstated).not.toMatch(/commission/iu);
  });
});
