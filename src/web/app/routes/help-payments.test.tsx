import { renderToStaticMarkup } from 'react-dom/server';
import { matchRoutes, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { isServerRendered } from '../lazy-route.js';
import { routes } from '../router.js';
import { PAYMENTS_HELP_PATH } from '../../lib/paths.js';
import { PaymentsHelpPage } from './help-payments.js';

describe('the payments help page', () => {
  it('is the server-rendered page at the Payments tab’s help link, not the 404', () => {
    const page = matchRoutes(routes, PAYMENTS_HELP_PATH)!.at(-1)!.route;
    expect(page.path).toBe(PAYMENTS_HELP_PATH);
    expect(isServerRendered(page.handle)).toBe(true);
  });

  it('explains the four payout account states, the price limits, both ways to pay, refunds, commission and sales', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <PaymentsHelpPage />
      </MemoryRouter>,
    );
    for (const state of ['Not connected', 'Pending onboarding', 'Connected', 'Restricted']) expect(html).toContain(`<dt>${state}</dt>`);
    for (const text of ['from $0.01 to $249', 'A price of 0 makes the template free', 'Pay with PayPal', 'Refunds', 'commission will be 6%', 'href="/sales"', 'href="/account#settings-tabs-tab-payments"']) {
      expect(html).toContain(text);
    }
  });
});
