import { describe, expect, it } from 'vitest';
import { currentSchemaVersion, upcast, type UpcasterRegistry } from './upcasting.js';

const registry: UpcasterRegistry = {
  PriceSet: {
    1: (data) => ({ priceCents: Math.round((data as { price: number }).price * 100) }),
    2: (data) => ({ ...(data as object), currency: 'USD' }),
  },
};
const stored = (type: string, data: unknown, schemaVersion: number) => ({
  type,
  data,
  metadata: { schemaVersion, correlationId: 'c', causationId: 'c', actor: { userId: null, role: 'system' as const }, occurredAt: '' },
});

describe('upcasting', () => {
  it('lifts an old event through every step to the current version', () => {
    const event = upcast(registry, stored('PriceSet', { price: 12.5 }, 1));
    expect(event.data).toEqual({ priceCents: 1250, currency: 'USD' });
    expect(event.metadata.schemaVersion).toBe(3);
  });

  it('applies only the missing steps and leaves current events untouched', () => {
    expect(upcast(registry, stored('PriceSet', { priceCents: 5 }, 2)).data).toEqual({ priceCents: 5, currency: 'USD' });
    const current = stored('PriceSet', { priceCents: 5, currency: 'EUR' }, 3);
    expect(upcast(registry, current)).toBe(current);
    const other = stored('Other', { x: 1 }, 1);
    expect(upcast(registry, other)).toBe(other);
  });

  it('names the current version of a type', () => {
    expect(currentSchemaVersion(registry, 'PriceSet')).toBe(3);
    expect(currentSchemaVersion(registry, 'Unknown')).toBe(1);
  });
});
