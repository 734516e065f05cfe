import { describe, expect, it } from 'vitest';
import { socialCardPath, socialCardSvg, SOCIAL_CARD_TITLE_LINES, wrapTitle } from './social-card.js';

describe('the social card drawn for a post without pictures', () => {
  it('wraps the title at spaces, splits a word longer than a line, and ends a longer title in an ellipsis', () => {
    expect(wrapTitle('Quarterly Sales Forecast Sheet', 12, 3)).toEqual(['Quarterly', 'Sales', 'Forecast…']);
    expect(wrapTitle('Sales Forecast', 20, 3)).toEqual(['Sales Forecast']);
    expect(wrapTitle('abcdefghij', 4, 3)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapTitle('one two three four five six seven eight', 9, SOCIAL_CARD_TITLE_LINES)).toHaveLength(SOCIAL_CARD_TITLE_LINES);
  });

  it('escapes the title, names the site, the topic and app by their labels, and the price', () => {
    const svg = socialCardSvg(
      { title: '<script>x</script> & co', topic: 'marketing', platform: 'google sheets', priceCents: 1250 },
      'Tessera',
    );
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;x&lt;/script&gt; &amp; co');
    expect(svg).toContain('>Tessera<');
    expect(svg).toContain('>Marketing · Google Sheets<');
    expect(svg).toContain('>$ 12.50<');
    expect(socialCardSvg({ title: 'A', topic: 'marketing', platform: 'notion', priceCents: 0 }, 'Tessera')).toContain('>Free<');
  });

  it('lives beside the post page', () => {
    expect(socialCardPath('sales-forecast-ab12')).toBe('/resources/sales-forecast-ab12/card.png');
  });
});
