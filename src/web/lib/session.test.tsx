import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';

import { setApiTransport } from './api-client.js';
import { loadSession, useSession } from './session.js';

function SessionProbe() {
  const { loading, user } = useSession();
  return <span>{loading ? 'not yet known' : (user?.username ?? 'signed out')}</span>;
}

describe('useSession while a server-rendered page hydrates', () => {
  afterEach(() => setApiTransport((url, init) => fetch(url, init)));

  it("renders the server's state (not yet known) even once the session has arrived, so hydration matches the page", async () => {
    setApiTransport(
      async () => new Response(JSON.stringify({ user: null }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    expect(await loadSession()).toBeNull();
    // renderToString and hydration read the server snapshot; a later render reads the loaded session.
    expect(renderToString(<SessionProbe />)).toBe('<span>not yet known</span>');
  });
});
