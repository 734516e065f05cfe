import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { CARD_MINIMUM_CHARGE, formatMoney } from '@domain/commerce/money.js';
import { PriceInput } from './PriceInput.js';

const hint = COMMERCE_MESSAGES.belowCardMinimumHint(formatMoney(CARD_MINIMUM_CHARGE));
const priced = (value: number) =>
  renderToString(
    <RouterProvider
      router={createMemoryRouter([
        {
          path: '/',
          element: <PriceInput id="price" userId="seller" value={value} onChange={() => {}} paymentsPath="/account#payments" />,
        },
      ])}
    />,
  );

describe('the price input', () => {
  it('tells the seller that a price below the card minimum can be paid with PayPal only', () => {
    expect(priced(0.01)).toContain(hint);
    expect(priced(0.49)).toContain(hint);
  });

  it('says nothing of it for a free post or a price cards can pay', () => {
    expect(priced(0)).not.toContain(hint);
    expect(priced(0.5)).not.toContain(hint);
    expect(priced(12)).not.toContain(hint);
  });
});
