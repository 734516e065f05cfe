import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import type { PayoutAccountCreated, PayoutAccountUpdated } from './events.js';
import { COMMERCE_MESSAGES } from './messages.js';
import { payoutAccountDecider, payoutStatusOf } from './payout-account.js';

const spec = deciderSpec(payoutAccountDecider);
const userId = 'seller-1';
const created = (accountId = 'acct_1'): PayoutAccountCreated => ({
  type: 'PayoutAccountCreated',
  data: { userId, provider: 'sandbox', accountId },
});
const updated = (observedAt: string, detailsSubmitted: boolean, chargesEnabled: boolean, accountId = 'acct_1'): PayoutAccountUpdated => ({
  type: 'PayoutAccountUpdated',
  data: { userId, accountId, providerEventId: `evt_${observedAt}`, detailsSubmitted, chargesEnabled, observedAt },
});

describe('payout account decider', () => {
  it('opens one account, and connecting again keeps it', () => {
    spec
      .given([])
      .when({ type: 'ConnectPayoutAccount', data: { userId, provider: 'sandbox', accountId: 'acct_1' } })
      .then([created()]);
    spec
      .given([created()])
      .when({ type: 'ConnectPayoutAccount', data: { userId, provider: 'sandbox', accountId: 'acct_2' } })
      .then([]);
  });

  it('applies the newest provider state only: a late, older webhook changes nothing', () => {
    const enabled = updated('2026-11-23T06:02:00.000Z', true, true);
    const older = updated('2026-11-23T06:01:00.000Z', true, false);
    spec.given([created()]).when({ type: 'RecordPayoutAccountState', data: enabled.data }).then([enabled]);
    spec.given([created(), enabled]).when({ type: 'RecordPayoutAccountState', data: older.data }).then([]);
    spec
      .given([created(), enabled])
      .when({ type: 'RecordPayoutAccountState', data: { ...enabled.data, providerEventId: 'evt_again' } })
      .then([]);
  });

  it('ignores news about an account the seller left, and refuses to disconnect nothing', () => {
    const other = updated('2026-11-23T06:02:00.000Z', true, true, 'acct_old');
    spec.given([created()]).when({ type: 'RecordPayoutAccountState', data: other.data }).then([]);
    spec
      .given([])
      .when({ type: 'DisconnectPayoutAccount', data: { userId, reason: 'disconnect' } })
      .thenThrows('conflict', COMMERCE_MESSAGES.noPayoutAccount);
    spec
      .given([created()])
      .when({ type: 'DisconnectPayoutAccount', data: { userId, reason: 'reset' } })
      .then([{ type: 'PayoutAccountDisconnected', data: { userId, accountId: 'acct_1', reason: 'reset' } }]);
  });

  it("names the spec's four states", () => {
    expect(payoutStatusOf(null)).toBe('not_connected');
    expect(payoutStatusOf({ detailsSubmitted: false, chargesEnabled: false })).toBe('pending');
    expect(payoutStatusOf({ detailsSubmitted: true, chargesEnabled: false })).toBe('restricted');
    expect(payoutStatusOf({ detailsSubmitted: true, chargesEnabled: true })).toBe('enabled');
  });
});
