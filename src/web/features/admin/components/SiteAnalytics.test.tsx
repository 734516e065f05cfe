// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setApiTransport } from '@/lib/api-client.js';
import { SiteAnalytics } from './SiteAnalytics.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TREND_HEADING = 'Counters over the last 30 days';

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  setApiTransport((url, init) => fetch(url, init));
});

/** What the section shows between the chart's heading and the next heading. */
function trendSection(): string[] {
  const heading = [...container.querySelectorAll('h2')].find((candidate) => candidate.textContent === TREND_HEADING)!;
  const shown: string[] = [];
  for (let node = heading.nextElementSibling; node && node.tagName !== 'H2'; node = node.nextElementSibling)
    shown.push(`${node.getAttribute('role') ?? node.tagName.toLowerCase()}: ${node.textContent}`);
  return shown;
}

describe('site analytics: the counters-over-time chart', () => {
  it('says it is loading while the trend is on its way, like the counters and recent users', async () => {
    // No answer ever comes: every section stays loading.
    setApiTransport(() => new Promise<Response>(() => {}));
    await act(async () => root.render(<SiteAnalytics adminId="admin-1" />));
    expect(trendSection()).toEqual(['p: Loading...']);
  });

  it('says why when the trend cannot be loaded', async () => {
    setApiTransport(async (url) =>
      url.endsWith('/admin/analytics/trend')
        ? new Response(JSON.stringify({ error: true, message: 'The statistics are unavailable.' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          })
        : new Promise<Response>(() => {}),
    );
    await act(async () => root.render(<SiteAnalytics adminId="admin-1" />));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(trendSection()).toEqual(['alert: The statistics are unavailable.']);
  });
});
