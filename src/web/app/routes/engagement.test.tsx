// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import type { ResourceView } from '@domain/catalogue/resource-view.js';
import type { EngagedResourceView } from '@domain/engagement/views.js';
import { ResourceCard } from '@/features/resources/components/ResourceCard.js';
import { setApiTransport } from '@/lib/api-client.js';
import { getSession, refreshSession } from '@/lib/session.js';
import { closeModal, getActiveModal } from '@/lib/client-state.js';
import { engagementAction } from './engagement.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const resource: ResourceView = {
  _id: 'r1',
  titleUrl: 'weekly-planner',
  title: 'Weekly Planner',
  description: { short: 'Plan your week.', long: '' },
  price: 0,
  keywords: [],
  platform: 'notion',
  topic: 'productivity',
  sponsored: false,
  status: 'live',
  author: { _id: 'u1', username: 'ada', info: { displayName: 'Ada', thumbnail: null } },
  ratings: { positive: 12, negative: 0, redFlags: 0, saves: 3 },
  images: [],
  createdAt: '2025-01-01T00:00:00.000Z',
};
const member = { _id: 'u2', username: 'bo', actions: { likes: [], saves: [], posts: [] }, paid: [] } as unknown as CurrentUser;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the card meets it: the session, and like answers the test gives when it likes. */
function fakeApi(user: CurrentUser | null) {
  const sent: { url: string; body: unknown }[] = [];
  const answers: ((response: Response) => void)[] = [];
  setApiTransport(async (url, init) => {
    if (url.endsWith('/auth/session')) return json(200, { user });
    sent.push({ url, body: JSON.parse(String(init?.body)) });
    return new Promise<Response>((resolve) => answers.push(resolve));
  });
  return { sent, answer: (response: Response) => answers.shift()!(response) };
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const router = createMemoryRouter([
    { id: 'page', path: '/', Component: () => <ResourceCard resource={resource} /> },
    { path: '/engagement/:resourceId/:toggle', action: engagementAction },
  ]);
  act(() => root.render(<RouterProvider router={router} />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  closeModal();
  setApiTransport((url, init) => fetch(url, init));
});

const kudos = () => container.querySelector<HTMLButtonElement>('button[title="Kudos"]')!;
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('a like through the engagement action', () => {
  it('counts at once, keeps the count the server answers, and puts the post in the member likes', async () => {
    const api = fakeApi(member);
    await act(() => refreshSession());
    act(() => kudos().click());
    await settle();

    expect(api.sent).toEqual([{ url: '/api/resources/like/r1', body: { on: true } }]);
    expect(kudos().getAttribute('aria-pressed')).toBe('true');
    expect(kudos().textContent).toBe('13 kudos');
    expect(getSession().user?.actions.likes).toEqual(['r1']);

    const answered: EngagedResourceView = {
      ...resource,
      ratings: { ...resource.ratings, positive: 20 },
      prevActions: { has_liked: true, has_saved: false, has_flagged: false },
      analytics: { pageViews: { total: 1 }, clicks: 0 },
      comments: 0,
    };
    api.answer(json(200, { rsc: answered }));
    await settle();
    expect(kudos().textContent).toBe('20 kudos');
    expect(getSession().user?.actions.likes).toEqual(['r1']);
  });

  it('goes back to what it was when the server fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi(member);
    await act(() => refreshSession());
    act(() => kudos().click());
    await settle();
    expect(kudos().textContent).toBe('13 kudos');

    api.answer(json(500, { message: 'Internal Server Error' }));
    await settle();
    expect(kudos().getAttribute('aria-pressed')).toBe('false');
    expect(kudos().textContent).toBe('12 kudos');
    expect(getSession().user?.actions.likes).toEqual([]);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('asks a visitor to sign in and sends nothing', async () => {
    const api = fakeApi(null);
    await act(() => refreshSession());
    act(() => kudos().click());
    await settle();

    expect(getActiveModal()?.kind).toBe('login');
    expect(api.sent).toEqual([]);
    expect(kudos().textContent).toBe('12 kudos');
  });
});
