// @vitest-environment jsdom
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';

import { COMMISSION_SENTENCE, commissionMention, ServerPlatformFee, usePlatformFeePercent } from './platform-fee.js';
import { PLATFORM_FEE_META_NAME, platformFeeOfPage } from './platform-fee-meta.js';

function namePercent(content: string): void {
  const meta = document.createElement('meta');
  meta.name = PLATFORM_FEE_META_NAME;
  meta.content = content;
  document.head.append(meta);
}

function Percent() {
  return String(usePlatformFeePercent());
}

describe('the platform fee a page names', () => {
  afterEach(() => {
    document.head.replaceChildren();
  });

  it("reads the percent from the page's meta, and none from a page without one or with anything but a percent", () => {
    expect(platformFeeOfPage(document)).toBeNull();
    namePercent('6');
    expect(platformFeeOfPage(document)).toBe(6);
    for (const content of ['', 'six', '-1', '101', 'Infinity']) {
      document.head.replaceChildren();
      namePercent(content);
      expect(platformFeeOfPage(document), content).toBeNull();
    }
    document.head.replaceChildren();
    namePercent('0');
    expect(platformFeeOfPage(document)).toBe(0);
  });

  it("uses the server's percent while the server renders, and the page's in the browser", () => {
    namePercent('2.5');
    expect(renderToString(createElement(ServerPlatformFee, { value: 6 }, createElement(Percent)))).toBe('6');
    expect(renderToString(createElement(Percent))).toBe('2.5');
  });

  it("says commission-free only at the beta's 0 %, the percent otherwise, and nothing when the page names none", () => {
    expect(commissionMention(0, COMMISSION_SENTENCE)).toBe(' Commission-free during beta.');
    expect(commissionMention(6, COMMISSION_SENTENCE)).toBe(' 6% commission on each sale.');
    expect(commissionMention(null, COMMISSION_SENTENCE)).toBe('');
  });
});
