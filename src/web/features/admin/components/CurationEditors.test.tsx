// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CURATION_MESSAGES } from '@domain/discovery/curation.js';
import { setApiTransport } from '@/lib/api-client.js';
import { CurationEditors } from './CurationEditors.js';

// React warns when act() runs outside a test environment that declares it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Entry = Record<string, unknown>;
type Sent = { method: string; path: string; body?: Entry[] };

/**
 * The API as the editors meet it: the lists as `saved` holds them (empty by default), a PUT that, like the real one, gives new
 * entries an id and answers the list, and a DELETE of one entry; a request to a path in `failing` answers that failure instead.
 */
function fakeServer(failing = new Map<string, { status: number; message: string }>(), saved: Record<string, Entry[]> = {}) {
  const sent: Sent[] = [];
  let nextId = 1;
  setApiTransport(async (url, init) => {
    const path = url.replace(/^\/api/u, '');
    const method = init.method ?? 'GET';
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (method === 'GET') return json(200, saved[path] ?? []);
    const body = init.body === undefined ? undefined : (JSON.parse(String(init.body)) as Entry[]);
    sent.push({ method, path, ...(body ? { body } : {}) });
    const failure = failing.get(path);
    if (failure) return json(failure.status, { error: true, message: failure.message });
    if (method === 'DELETE') return json(200, { success: true });
    return json(200, {
      success: true,
      message: CURATION_MESSAGES.saved,
      data: body!.map((entry) => ({ ...entry, _id: entry._id ?? `server-${nextId++}` })),
    });
  });
  return { sent, failing };
}

let container: HTMLDivElement;
let root: Root;
let alerts: string[];

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((message?: unknown) => void alerts.push(String(message)));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
  setApiTransport((url, init) => fetch(url, init));
});

/** Lets the editor's requests answer and React render what they bring. */
async function settle() {
  for (let round = 0; round < 5; round += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Types into a field the way React hears it: through the native setter, then an input event. */
function type(field: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The field an entry's visible label names. */
function fieldOf(entry: Element, name: string): HTMLInputElement {
  const label = [...entry.querySelectorAll('label')].find((candidate) => candidate.firstChild?.textContent?.trim() === name);
  return label!.querySelector<HTMLInputElement>('input, select')!;
}

function fillEveryEntry() {
  for (const entry of container.querySelectorAll('li')) {
    act(() => type(fieldOf(entry, 'Name'), `Entry in ${entry.getAttribute('aria-label')}`));
    act(() => type(fieldOf(entry, 'Link'), '/topics/ai'));
  }
}

async function save() {
  act(() => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  await settle();
}

describe('homepage collections and top apps editors', () => {
  it('gives every field of every entry a visible label, not only a placeholder', async () => {
    fakeServer();
    act(() => root.render(<CurationEditors />));
    await settle();
    const fields = [...container.querySelectorAll<HTMLInputElement | HTMLSelectElement>('li input, li select')];
    expect(fields).toHaveLength(8 * 4);
    for (const field of fields) expect(field.labels?.[0]?.textContent?.trim()).toMatch(/^(?:Name|Link|Image|Type|Description)/u);
    expect(fieldOf(container.querySelector('li[aria-label="Top apps entry 1"]')!, 'Description')).toBeDefined();
  });

  it('sends the ids the server answered on the next save, so saved entries stay the same entries', async () => {
    const { sent } = fakeServer();
    act(() => root.render(<CurationEditors />));
    await settle();
    fillEveryEntry();

    await save();
    expect(alerts).toEqual([CURATION_MESSAGES.saved]);
    const [firstCollections, firstTopApps] = sent;
    expect(firstCollections!.body!.every((entry) => entry._id === undefined)).toBe(true);

    await save();
    const [, , againCollections, againTopApps] = sent;
    expect(againCollections!.path).toBe('/admin/api/collections');
    expect(againCollections!.body!.map((entry) => entry._id)).toEqual(['server-1', 'server-2', 'server-3', 'server-4']);
    expect(againTopApps!.path).toBe('/admin/api/topapps');
    expect(againTopApps!.body!.map((entry) => entry._id)).toEqual(['server-5', 'server-6', 'server-7', 'server-8']);
    // Only the ids differ: the entries are sent as before.
    expect(againCollections!.body!.map(({ _id, ...entry }) => entry)).toEqual(firstCollections!.body);
    expect(againTopApps!.body!.map(({ _id, ...entry }) => entry)).toEqual(firstTopApps!.body);
  });

  it('says which list was saved and which was not when one request fails, keeps the unsaved edits and saves them on the retry', async () => {
    const { sent, failing } = fakeServer(new Map([['/admin/api/topapps', { status: 500, message: 'Internal Server Error' }]]));
    act(() => root.render(<CurationEditors />));
    await settle();
    fillEveryEntry();
    const topAppNames = () => [...container.querySelectorAll('li[aria-label^="Top apps"]')].map((entry) => fieldOf(entry, 'Name').value);
    const typedNames = topAppNames();

    await save();
    const partly = CURATION_MESSAGES.partlySaved('Collections', 'top apps', null);
    expect(partly).toBe('Collections saved, but top apps not saved. Your top apps edits are still in the form: press Save to try again.');
    expect(alerts).toEqual([partly]);
    // Still said on the screen once the alert is gone, and the edits are still there.
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(partly);
    expect(topAppNames()).toEqual(typedNames);

    failing.clear();
    await save();
    const [firstCollections, firstTopApps, retryCollections, retryTopApps] = sent;
    expect(retryTopApps!.body).toEqual(firstTopApps!.body);
    // The saved list is sent again with its ids: unchanged, the server records nothing for it.
    expect(retryCollections!.body!.map(({ _id, ...entry }) => entry)).toEqual(firstCollections!.body);
    expect(retryCollections!.body!.every((entry) => typeof entry._id === 'string')).toBe(true);
    expect(alerts).toEqual([partly, CURATION_MESSAGES.saved]);
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('still saves top apps when the server refuses the collections, and gives its reason', async () => {
    const { sent } = fakeServer(
      new Map([['/admin/api/collections', { status: 400, message: '0.link: A link starts with / (a page here) or https://' }]]),
    );
    act(() => root.render(<CurationEditors />));
    await settle();
    fillEveryEntry();

    await save();
    expect(sent.map((request) => request.path)).toEqual(['/admin/api/collections', '/admin/api/topapps']);
    const partly = CURATION_MESSAGES.partlySaved('Top apps', 'collections', '0.link: A link starts with / (a page here) or https://');
    expect(partly).toBe(
      'Top apps saved, but collections not saved (0.link: A link starts with / (a page here) or https://). Your collections edits are still in the form: press Save to try again.',
    );
    expect(alerts).toEqual([partly]);
  });

  it('removes the entries dropped by a smaller count with DELETE before the PUT; a failed DELETE leaves that list unsaved and in the form', async () => {
    const saved = {
      '/collections': ['c1', 'c2', 'c3', 'c4'].map((_id) => ({
        _id,
        name: `Collection ${_id}`,
        link: `/topics/${_id}`,
        img: null,
        type: 'select',
      })),
      '/topapps': ['a1', 'a2', 'a3'].map((_id) => ({ _id, name: `App ${_id}`, link: `/apps/${_id}`, img: null, description: '' })),
    };
    const { sent, failing } = fakeServer(new Map([['/admin/api/topapps/a3', { status: 500, message: 'Internal Server Error' }]]), saved);
    act(() => root.render(<CurationEditors />));
    await settle();
    const [collectionsCount, topAppsCount] = container.querySelectorAll<HTMLSelectElement>('select[id$="-count"]');
    const choose = (select: HTMLSelectElement, count: number) => {
      select.value = String(count);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    };
    act(() => choose(collectionsCount!, 2));
    act(() => choose(topAppsCount!, 2));

    await save();
    const requests = () =>
      sent.map(({ method, path, body }) => `${method} ${path}${body ? ` [${body.map((entry) => entry._id).join(',')}]` : ''}`);
    // The lists are saved side by side; within each, the removals come first.
    expect(requests().filter((request) => request.includes('collections'))).toEqual([
      'DELETE /admin/api/collections/c3',
      'DELETE /admin/api/collections/c4',
      'PUT /admin/api/collections [c1,c2]',
    ]);
    expect(requests().filter((request) => request.includes('topapps'))).toEqual(['DELETE /admin/api/topapps/a3']);
    const partly = CURATION_MESSAGES.partlySaved('Collections', 'top apps', null);
    expect(alerts).toEqual([partly]);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(partly);
    expect(container.querySelectorAll('li[aria-label^="Top apps"]')).toHaveLength(2);

    failing.clear();
    sent.length = 0;
    await save();
    // The saved collections have nothing more to remove; the top apps' removal is sent again, then their list.
    expect(requests()).toEqual(['PUT /admin/api/collections [c1,c2]', 'DELETE /admin/api/topapps/a3', 'PUT /admin/api/topapps [a1,a2]']);
    expect(alerts).toEqual([partly, CURATION_MESSAGES.saved]);
  });
});
