// @vitest-environment jsdom
import { act, Suspense, use, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';

import { HydratingRoot, neverNotifies, useBrowserStore } from './browser-store.js';

// React warns when act() runs outside a test environment that declares it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SERVER_VALUE = 'as the server drew it';

interface Reader {
  Reader: () => ReactNode;
  /** What each of its renders drew. */
  drawn: string[];
}

function makeReader(browserValue: string): Reader {
  const drawn: string[] = [];
  const browserSnapshot = () => browserValue;
  function Reader(): ReactNode {
    const value = useBrowserStore(neverNotifies, browserSnapshot, SERVER_VALUE);
    drawn.push(value);
    return <p>{value}</p>;
  }
  return { Reader, drawn };
}

/** Content that waits for `data` in the browser: React hydrates its boundary after the page's first commit. */
function Late({ data, children }: { data: Promise<string> | string; children: ReactNode }): ReactNode {
  const label = typeof data === 'string' ? data : use(data);
  return (
    <section>
      <h2>{label}</h2>
      {children}
    </section>
  );
}

function Page({ data, children }: { data: Promise<string> | string; children: ReactNode }): ReactNode {
  return (
    <main>
      <h1>Template</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <Late data={data}>{children}</Late>
      </Suspense>
    </main>
  );
}

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  container = undefined;
});

/**
 * Draws the page on the server with its data at hand, then hydrates it in the browser (as main.tsx
 * does) with the data arriving after the first commit, as the template page's related lists do.
 */
async function hydrateWithLateBoundary({ Reader, drawn }: Reader): Promise<{ errors: unknown[] }> {
  container = document.createElement('div');
  container.innerHTML = renderToString(
    <Page data="Related posts">
      <Reader />
    </Page>,
  );
  document.body.append(container);
  drawn.length = 0; // only the browser's renders count
  const errors: unknown[] = [];
  let arrive: (label: string) => void = () => undefined;
  const data = new Promise<string>((resolve) => {
    arrive = resolve;
  });
  await act(async () => {
    hydrateRoot(
      container!,
      // Without StrictMode, whose second render of each component would be counted too.
      <HydratingRoot onHydrated={() => undefined}>
        <Page data={data}>
          <Reader />
        </Page>
      </HydratingRoot>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  await act(async () => arrive('Related posts'));
  return { errors };
}

describe('useBrowserStore in a Suspense boundary hydrated after the first commit', () => {
  it('draws what the server drew while hydrating, then the browser’s value', async () => {
    const reader = makeReader('as this browser has it');
    const { errors } = await hydrateWithLateBoundary(reader);
    expect(errors).toEqual([]);
    expect(reader.drawn[0]).toBe(SERVER_VALUE);
    expect(container!.querySelector('section p')?.textContent).toBe('as this browser has it');
  });

  it('is not drawn again when the browser’s value is the server’s (a blocking redraw of every card)', async () => {
    const reader = makeReader(SERVER_VALUE);
    const { errors } = await hydrateWithLateBoundary(reader);
    expect(errors).toEqual([]);
    expect(container!.querySelector('section p')?.textContent).toBe(SERVER_VALUE);
    expect(reader.drawn).toEqual([SERVER_VALUE]);
  });
});
