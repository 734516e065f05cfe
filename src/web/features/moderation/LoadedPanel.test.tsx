// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { HistoryEntry } from '@domain/templates/history.js';
import { setApiTransport } from '@/lib/api-client.js';
import { HistoryPanel } from './HistoryPanel.js';
import { TrailPanel } from './TrailPanel.js';

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

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const reported: HistoryEntry = {
  id: 'e1',
  type: 'TemplateReported',
  title: 'Reported',
  _date: '2026-12-03T14:05:00.000Z',
  actor: { userId: null, username: null, role: 'base', impersonatedBy: null },
  reason: 'Dead link',
  status: null,
  details: {},
};

describe('history and trail panels: loading, failing, and the moment of each entry', () => {
  it('say what failed to load and why, in the same words', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    setApiTransport(async () => {
      await answered;
      return json(503, { error: true, message: 'The log is unavailable.' });
    });
    await act(async () =>
      root.render(
        <MemoryRouter>
          <HistoryPanel resourceId="r1" />
          <TrailPanel resourceId="r1" />
        </MemoryRouter>,
      ),
    );
    expect([...container.querySelectorAll('[role="status"]')].map((note) => note.textContent)).toEqual([
      'Loading the history…',
      'Loading the trail…',
    ]);
    answer();
    await settle();
    expect([...container.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent)).toEqual([
      'Could not load the history: The log is unavailable.',
      'Could not load the trail: The log is unavailable.',
    ]);
  });

  it('opens the post as it was at each entry’s moment', async () => {
    setApiTransport(async () => json(200, { history: [reported] }));
    await act(async () =>
      root.render(
        <MemoryRouter>
          <HistoryPanel resourceId="r1" titleUrl="weekly-planner" />
        </MemoryRouter>,
      ),
    );
    await settle();
    const link = container.querySelector<HTMLAnchorElement>('a.history-panel__as-of');
    expect(link?.textContent).toBe('View as it was');
    expect(link?.getAttribute('href')).toBe('/resources/weekly-planner?asOf=2026-12-03T14%3A05%3A00.000Z');
  });
});
