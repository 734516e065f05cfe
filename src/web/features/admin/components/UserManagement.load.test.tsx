// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { setApiTransport } from '@/lib/api-client.js';
import { UserManagement } from './UserManagement.js';

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

describe('user management: the account list', () => {
  it('says what could not be loaded and why, and loads again on Try again', async () => {
    let calls = 0;
    setApiTransport(async () => {
      calls += 1;
      if (calls === 1) return json(503, { error: true, message: 'The accounts are unavailable.' });
      return json(200, { data: [], pagination: { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 25 } });
    });
    await act(async () => root.render(<UserManagement user={{ _id: 'u1', username: 'viewer', lvl: 'owner' } as CurrentUser} />));
    await settle();
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Could not load the accounts: The accounts are unavailable.');
    const retry = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Try again');
    expect(retry).toBeDefined();
    await act(async () => retry!.click());
    await settle();
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.textContent).toContain('0 accounts');
  });
});
