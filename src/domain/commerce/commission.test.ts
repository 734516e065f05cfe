import { describe, expect, it } from 'vitest';
import { upcast } from '../shared/upcasting.js';
import { upcasters } from '../upcasters.js';
import { platformFeeOf, sellerEarningsOf } from './commission.js';

const stored = (type: string, data: unknown, schemaVersion: number) => ({
  id: 'e1',
  type,
  data,
  metadata: { schemaVersion, correlationId: 'c', causationId: 'c', actor: { userId: null, role: 'system' as const }, occurredAt: '' },
});

describe('the platform fee', () => {
  it('is the configured percent of the price in whole cents, and the seller earns the rest', () => {
    expect(platformFeeOf({ amount: 1250, currency: 'USD' }, 20)).toEqual({ amount: 250, currency: 'USD' });
    expect(platformFeeOf({ amount: 999, currency: 'USD' }, 6)).toEqual({ amount: 60, currency: 'USD' });
    expect(sellerEarningsOf({ price: { amount: 999, currency: 'USD' }, platformFee: { amount: 60, currency: 'USD' } })).toEqual({
      amount: 939,
      currency: 'USD',
    });
  });

  it('reads checkouts and purchases stored before it was recorded at the beta’s 0 %, and leaves a recorded fee as it is', () => {
    for (const type of ['CheckoutStarted', 'PurchaseRecorded']) {
      expect(upcast(upcasters, stored(type, { price: { amount: 1250, currency: 'USD' } }, 1))).toMatchObject({
        data: { platformFee: { amount: 0, currency: 'USD' } },
        // A checkout also learns until when its price holds (v3).
        metadata: { schemaVersion: type === 'CheckoutStarted' ? 3 : 2 },
      });
      const recorded = stored(type, { price: { amount: 1250, currency: 'USD' }, platformFee: { amount: 250, currency: 'USD' } }, 2);
      expect(upcast(upcasters, recorded).data).toMatchObject(recorded.data as object);
    }
  });
});
