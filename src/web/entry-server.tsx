/**
 * The server's renderer of the public pages: the same routes and loaders as the browser, run with
 * react-router's static handler, rendered by React's streaming renderer into the built index.html.
 * Loaders reach the API through an anonymous transport, so a page holds nothing of its viewer; the
 * browser fills in the personal parts after hydration.
 */
import { PassThrough, Writable, type Readable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';

import { headTagsIn, withHeadTags } from './app/head-tags.js';
import { hydrationScriptElement, settleLoaderData } from './app/hydration.js';
import { isServerRendered } from './app/lazy-route.js';
import { jsonDataElement } from './app/json-data-element.js';
import { ROUTE_CHUNKS_ELEMENT_ID } from './app/page-scripts.js';
import { routes } from './app/router.js';
import { NOT_FOUND_PATH } from './lib/paths.js';
import type { PageCookies } from './lib/shell-constants.js';
import { ServerPageCookies } from './lib/ServerPageCookies.js';
import { setApiTransport, type ApiTransport } from './lib/api-client.js';
import { ServerPlatformFee } from './lib/platform-fee.js';

/** A render that takes longer than this is cut short (the browser finishes the page). */
const RENDER_TIMEOUT_MS = 10_000;
const ROOT_ELEMENT = '<div id="root"></div>';

export type RenderedPage =
  /** Not a server-rendered page: the built index.html, and the app draws it in the browser. */
  | { kind: 'client'; status: number }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: Readable };

export interface PageRenderer {
  /**
   * `template`: the built index.html, with the page's own head tags already in it; `cookies`: the
   * visitor's cookie choice and dismissed banners, the only cookies a page is drawn from.
   */
  render(url: string, page: { origin: string; template: string; cookies: PageCookies }): Promise<RenderedPage>;
}

export type CreatePageRenderer = (options: {
  apiTransport: ApiTransport;
  /** A route module's script chunks beyond the app's start, which the page names for the boot script to preload. */
  routeChunks?: (routeModule: string) => readonly string[];
  /** PLATFORM_FEE_PERCENT: what the pages' passing mentions of the commission say (the page names it too, for the browser). */
  platformFeePercent: number;
}) => PageRenderer;

/** React writes a page's <title>, <meta> and <link> first; they belong in the document's head. */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)+/u;

function leadingHeadTags(html: string): { head: string; rest: string } {
  const head = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
  return { head, rest: html.slice(head.length) };
}

/** The template's head with the page's own tags, each in place of the template's tag of the same title, name or property. */
function withPageHead(documentStart: string, headTags: string): string {
  return headTags === '' ? documentStart : withHeadTags(documentStart, headTagsIn(headTags));
}

/** The status of a rendered page: a loader's "not found" (`found: false`) and the not-found page answer 404. */
function pageStatus(statusCode: number, leafPath: string | undefined, leafData: unknown): number {
  if (statusCode !== 200) return statusCode;
  if (leafPath === NOT_FOUND_PATH) return 404;
  if (typeof leafData === 'object' && leafData !== null && 'found' in leafData && leafData.found === false) return 404;
  return 200;
}

export const createPageRenderer: CreatePageRenderer = (options) => {
  setApiTransport(options.apiTransport);
  const handler = createStaticHandler(routes);

  return {
    async render(url, { origin, template, cookies }) {
      const [documentStart, documentEnd] = template.split(ROOT_ELEMENT);
      if (documentStart === undefined || documentEnd === undefined) throw new Error(`The page template has no ${ROOT_ELEMENT}`);
      const matches = matchRoutes(routes, url);
      const leaf = matches?.at(-1);
      const handle: unknown = leaf?.route.handle;
      if (!leaf || !isServerRendered(handle)) return { kind: 'client', status: leaf?.route.path === '*' ? 404 : 200 };
      const chunks = jsonDataElement(ROUTE_CHUNKS_ELEMENT_ID, options.routeChunks?.(handle.routeModule) ?? []);

      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), RENDER_TIMEOUT_MS);
      try {
        const context = await handler.query(new Request(new URL(url, origin), { signal: abort.signal }));
        if (context instanceof Response) {
          return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
        }
        const { settled, payload } = await settleLoaderData(context.loaderData);
        const settledContext = { ...context, loaderData: settled };
        const leafMatch = context.matches.at(-1);
        const status = pageStatus(
          context.statusCode,
          leafMatch?.route.path,
          leafMatch ? context.loaderData[leafMatch.route.id] : undefined,
        );
        const router = createStaticRouter(handler.dataRoutes, settledContext);
        // A page whose loader failed is drawn afresh by the browser (no data to hydrate with).
        const hydration = context.errors === null ? hydrationScriptElement(payload) : '';

        const html = await new Promise<Readable>((resolve, reject) => {
          const body = new PassThrough();
          const stream = renderToPipeableStream(
            <StrictMode>
              <ServerPlatformFee value={options.platformFeePercent}>
                <ServerPageCookies value={cookies}>
                  <StaticRouterProvider router={router} context={settledContext} hydrate={false} />
                </ServerPageCookies>
              </ServerPlatformFee>
            </StrictMode>,
            {
              // Every list is already loaded: nothing is left to stream in later, so no boundary is sent
              // apart from its content — that would need React's inline scripts, which the CSP refuses.
              progressiveChunkSize: Number.POSITIVE_INFINITY,
              // Every list is already loaded, so the whole page is ready with its shell.
              onAllReady() {
                let started = false;
                stream.pipe(
                  new Writable({
                    write(chunk: Buffer, _encoding, done) {
                      if (started) return body.write(chunk, done);
                      started = true;
                      const { head, rest } = leadingHeadTags(chunk.toString('utf8'));
                      body.write(`${withPageHead(documentStart, head)}<div id="root">${rest}`, done);
                    },
                    final(done) {
                      body.end(`</div>${hydration}${chunks}${documentEnd}`);
                      done();
                    },
                  }),
                );
                resolve(body);
              },
              onShellError: reject,
              onError(error) {
                console.error('Server rendering failed', error);
              },
            },
          );
          abort.signal.addEventListener('abort', () => stream.abort());
        });
        return { kind: 'page', status, html };
      } finally {
        clearTimeout(timer);
      }
    },
  };
};
