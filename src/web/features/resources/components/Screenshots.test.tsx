import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { IMAGE_VARIANT_WIDTHS } from '@domain/shared/images.js';
import { MAIN_SCREENSHOT_SIZES, SCREENSHOT_THUMBNAIL_SIZES, Screenshots } from './Screenshots.js';

const first = '/api/images/44444444-4444-4444-8444-444444444444.webp';
const second = '/api/images/55555555-5555-4555-8555-555555555555.webp';
const srcSetOf = (url: string) => IMAGE_VARIANT_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', ');

describe('screenshots of a template page', () => {
  it('offers the main screenshot and the thumbnails at each variant width, each with the width it is drawn at', () => {
    const html = renderToStaticMarkup(
      <Screenshots images={[{ imageUrl: first }, { imageUrl: second }]} title="Weekly Planner" platform="notion" />,
    );
    const [main, ...thumbnails] = html.match(/<img [^>]*>/gu)!;
    expect(main).toContain(`srcSet="${srcSetOf(first)}"`);
    expect(main).toContain(`sizes="${MAIN_SCREENSHOT_SIZES}"`);
    expect(main).toContain('fetchPriority="high"');
    expect(main).not.toContain('loading="lazy"');
    expect(thumbnails).toHaveLength(2);
    expect(thumbnails[1]).toContain(`srcSet="${srcSetOf(second)}"`);
    expect(thumbnails[1]).toContain(`sizes="${SCREENSHOT_THUMBNAIL_SIZES}"`);
    expect(thumbnails[1]).toContain('loading="lazy"');
  });
});
