/**
 * The page's only script tag. A page the server drew is put on screen first, and only then is the
 * app fetched, with its chunks and the page route's, all at once: on a phone on a slow network the
 * first bytes go to the page and its stylesheet, not to script the first paint does not need. A
 * page the browser draws itself loads the app at once.
 */
import { appStarted, holdEarlyTaps } from './app/early-taps.js';
import { appScriptsIn, routeChunksIn } from './app/page-scripts.js';

/**
 * Past this, the app starts even if the page has not reported its first contentful paint (a tab
 * hidden meanwhile paints nothing): the page must not stay without its app.
 */
const FIRST_PAINT_WAIT_LIMIT_MS = 3_000;

/**
 * Resolves once the page's first contentful paint is on screen, as the browser reports it (a frame
 * drawn by the main thread is rastered and shown some time later); at once where there is nothing to
 * wait for: a hidden tab paints nothing, and a browser without paint timing cannot tell.
 */
function afterFirstContentfulPaint(): Promise<void> {
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const painted = () => {
      observer.disconnect();
      clearTimeout(limit);
      resolve();
    };
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) painted();
    });
    const limit = setTimeout(painted, FIRST_PAINT_WAIT_LIMIT_MS);
    // Buffered: a paint that came before this script ran is reported at once.
    observer.observe({ type: 'paint', buffered: true });
  });
}

function preload(file: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  // As the build's own module tags: one credentials mode, so the import reuses the preload.
  link.crossOrigin = '';
  link.href = file;
  document.head.append(link);
}

async function boot(): Promise<void> {
  const scripts = appScriptsIn(document);
  if (scripts === null) throw new Error('The page names no app script');
  if (document.getElementById('root')?.firstElementChild) {
    holdEarlyTaps(document, appStarted(document));
    await afterFirstContentfulPaint();
  }
  [...scripts.imports, ...routeChunksIn(document)].forEach(preload);
  await import(/* @vite-ignore */ scripts.app);
}

void boot();
