import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { isReadablePath } from '@domain/shared/text.js';
import { HYDRATION_DATA_ELEMENT_ID, restoreLoaderData, type HydrationPayload } from './app/hydration.js';
import { routes } from './app/router.js';
import { streamedDataStrategy } from './app/streamed-data.js';
import { loadSession } from './lib/session.js';
import { HydratingRoot } from './lib/browser-store.js';
import { NOT_FOUND_PATH } from './lib/paths.js';
import './styles.css';
import './styles/shell.css';

// An address the app cannot read is not found, as the server answered it: the page is the not-found page.
if (!isReadablePath(window.location.pathname)) window.history.replaceState(null, '', NOT_FOUND_PATH);

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

/** The page's lazily loaded routes, loaded before hydration so the first render matches the server's. */
async function loadMatchedLazyRoutes(): Promise<void> {
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const lazy = route.lazy as () => Promise<Record<string, unknown>>;
      Object.assign(route, { ...(await lazy()), lazy: undefined });
    }),
  );
}

/**
 * A signed-in viewer's page was rendered for nobody in particular: once the session is known, the
 * loaders run again with it, filling in the viewer's likes, saves and purchases.
 */
function fillInPersonalParts(router: DataRouter): void {
  void loadSession().then((user) => {
    if (user !== null) void router.revalidate();
  });
}

/**
 * Set once React has the page: a page the server drew once it is hydrated with every effect of its
 * first commit run (what the first effects do, such as a scroll, comes only then); a page drawn in
 * the browser once its first render is under way, so a test there still waits for what it needs to
 * see. The boot script then makes the taps it held meanwhile (app/early-taps.ts); browser tests wait for it.
 */
function markAppStarted(): void {
  document.documentElement.dataset.appStarted = 'true';
}

/** Hydrates a server-rendered page (its data is in the page), or draws the app from scratch. */
async function start(root: HTMLElement): Promise<void> {
  const rendered = document.getElementById(HYDRATION_DATA_ELEMENT_ID);
  if (!rendered?.textContent) {
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={createBrowserRouter(routes, { dataStrategy: streamedDataStrategy })} />
      </StrictMode>,
    );
    markAppStarted();
    return;
  }
  const payload = JSON.parse(rendered.textContent) as HydrationPayload;
  await loadMatchedLazyRoutes();
  const router = createBrowserRouter(routes, {
    hydrationData: { loaderData: restoreLoaderData(payload) },
    dataStrategy: streamedDataStrategy,
  });
  // In a transition, React hydrates in slices of a few milliseconds and lets the browser paint and
  // take input between them, instead of one long task over the whole page (the page is already
  // drawn by the server; a tap meanwhile is held by the boot script until it is done).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <HydratingRoot onHydrated={markAppStarted}>
          <RouterProvider router={router} />
        </HydratingRoot>
      </StrictMode>,
    );
  });
  fillInPersonalParts(router);
}

void start(container);
