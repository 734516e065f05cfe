// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { POPULAR_SEARCH_REMOVED, REMOVE_POPULAR_SEARCH } from '@domain/discovery/constants.js';
import { setApiTransport } from '@/lib/api-client.js';
import { KpiPanel } from './KpiPanel.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('KPIs: searched terms', () => {
  it('takes a term out of the popular searches with its button, and says so', async () => {
    const removals: unknown[] = [];
    setApiTransport(async (url, init) => {
      if (url.endsWith('/analytics/kpi'))
        return json({
          searchAnalytics: [{ term: 'buy cheap followers now', count: 3 }],
          postsClickedAnalytics: [],
          postsViewedAnalytics: [],
        });
      if (url.endsWith('/admin/popular-searches/remove')) {
        removals.push(JSON.parse(String(init?.body)));
        return json({ success: true, message: POPULAR_SEARCH_REMOVED });
      }
      return new Promise<Response>(() => {});
    });
    await act(async () => root.render(<KpiPanel />));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const button = container.querySelector<HTMLButtonElement>(`button[aria-label="${REMOVE_POPULAR_SEARCH}: buy cheap followers now"]`);
    expect(button?.textContent).toBe('Remove');
    await act(async () => button!.click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(removals).toEqual([{ term: 'buy cheap followers now' }]);
    expect(container.querySelector('[role="status"]')?.textContent).toBe(POPULAR_SEARCH_REMOVED);
    // The button gave way to the note.
    expect(container.querySelectorAll(`button[aria-label^="${REMOVE_POPULAR_SEARCH}"]`)).toHaveLength(0);
  });
});
