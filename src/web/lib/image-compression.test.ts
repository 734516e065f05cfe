import { describe, expect, it } from 'vitest';

import { hasImageExtension } from '@domain/shared/images.js';

import { needsReencoding, nextEncodingAttempt, shrinkUntilWithinLimit, type EncodingAttempt } from './image-compression.js';

/** An encoder whose output size follows the settings, like a real JPEG encoder's roughly does. */
function encoderFor(fullSizeBytes: number, seen: EncodingAttempt[]) {
  return async (attempt: EncodingAttempt) => {
    seen.push(attempt);
    return new Blob([new Uint8Array(Math.round(fullSizeBytes * attempt.quality * attempt.scale * attempt.scale))]);
  };
}

describe('shrinkUntilWithinLimit', () => {
  it('lowers quality, then size, until the result fits', async () => {
    const seen: EncodingAttempt[] = [];
    const result = await shrinkUntilWithinLimit(encoderFor(4_000_000, seen), 1_000_000, 100);
    expect(result?.size).toBeLessThanOrEqual(1_000_000);
    expect(seen[0]).toEqual({ quality: 0.92, scale: 1 });
    expect(seen.at(-1)?.scale).toBeLessThan(1);
    expect(seen.at(-1)?.quality).toBeCloseTo(0.5);
  });

  it('stops after the iteration limit and says it did not fit', async () => {
    let attempts = 0;
    const neverSmallEnough = async () => {
      attempts += 1;
      return new Blob([new Uint8Array(1_000_001)]);
    };
    expect(await shrinkUntilWithinLimit(neverSmallEnough, 1_000_000, 100)).toBeNull();
    expect(attempts).toBe(100);
  });

  it('encodes once when the first attempt already fits', async () => {
    const seen: EncodingAttempt[] = [];
    await shrinkUntilWithinLimit(encoderFor(10_000, seen), 1_000_000, 100);
    expect(seen).toHaveLength(1);
  });
});

describe('nextEncodingAttempt', () => {
  it('never goes below the minimum quality and keeps shrinking', () => {
    let attempt: EncodingAttempt = { quality: 0.92, scale: 1 };
    for (let index = 0; index < 20; index += 1) attempt = nextEncodingAttempt(attempt);
    expect(attempt.quality).toBe(0.5);
    expect(attempt.scale).toBeLessThan(0.2);
  });
});

describe('upload rules', () => {
  it('accepts the listed extensions in any case and refuses others', () => {
    expect(hasImageExtension('me.JPG')).toBe(true);
    expect(hasImageExtension('avatar.webp')).toBe(true);
    expect(hasImageExtension('notes.txt')).toBe(false);
    expect(hasImageExtension('image.gif')).toBe(false);
  });

  it('re-encodes large pictures and SVG only', () => {
    expect(needsReencoding({ size: 2_000_000, type: 'image/png', name: 'a.png' })).toBe(true);
    expect(needsReencoding({ size: 2_000, type: 'image/svg+xml', name: 'a.svg' })).toBe(true);
    expect(needsReencoding({ size: 2_000, type: 'image/png', name: 'a.png' })).toBe(false);
  });
});
