import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { ServerPlatformFee } from '@/lib/platform-fee.js';
import { NotConnected } from './PaymentsTab.js';

describe('the payments tab without a payout account', () => {
  it('offers Connect to Stripe to a verified member', () => {
    const html = renderToString(<NotConnected verified busy={false} onConnect={() => {}} />);
    expect(html).toContain('Connect to Stripe');
    expect(html).not.toContain(COMMERCE_MESSAGES.verifyToConnect);
  });

  it('tells an unverified member to verify first instead of a Connect button the server refuses (Access Denied)', () => {
    const html = renderToString(<NotConnected verified={false} busy={false} onConnect={() => {}} />);
    expect(html).not.toContain('Connect to Stripe');
    expect(html).toContain(COMMERCE_MESSAGES.verifyToConnect);
  });

  it("says there is no commission only at the beta's 0 %, and the percent charged otherwise", () => {
    const at = (percent: number) =>
      renderToString(
        <ServerPlatformFee value={percent}>
          <NotConnected verified busy={false} onConnect={() => {}} />
        </ServerPlatformFee>,
      );
    expect(at(0)).toContain('set prices on your templates. No commission during the beta.');
    expect(at(6)).toContain('set prices on your templates. 6% commission on each sale.');
    expect(at(6)).not.toContain('No commission');
  });
});
