import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';

import { isServerRendered } from '../web/app/lazy-route.js';
import { routes } from '../web/app/router.js';
import { routeChunkFiles, type BuildManifest } from './route-preloads.js';

const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js', '_api-client.js'] },
  '_react.js': { file: 'assets/react-2.js' },
  '_api-client.js': { file: 'assets/api-client-3.js' },
  'app/routes/home.tsx': { file: 'assets/home-4.js', imports: ['_react.js', '_card.js'] },
  '_card.js': { file: 'assets/card-5.js', imports: ['_api-client.js', '_badge.js'] },
  '_badge.js': { file: 'assets/badge-6.js', imports: ['_card.js'] },
};

function everyRoute(list: readonly RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [route, ...everyRoute(route.children ?? [])]);
}

describe('route chunk preloads', () => {
  it("lists the route's chunk and its imports, transitively, less what the entry loads", () => {
    expect(routeChunkFiles(MANIFEST, 'home')).toEqual(['/assets/home-4.js', '/assets/card-5.js', '/assets/badge-6.js']);
  });

  it('lists nothing for a module the build does not know', () => {
    expect(routeChunkFiles(MANIFEST, 'no-such-page')).toEqual([]);
    expect(routeChunkFiles({}, 'home')).toEqual([]);
  });

  it('names, for every server-rendered route, the module its lazy import loads', () => {
    const rendered = everyRoute(routes).filter((route) => isServerRendered(route.handle));
    expect(rendered.length).toBeGreaterThan(10);
    for (const route of rendered) {
      const { routeModule } = route.handle as { routeModule: string };
      expect(existsSync(new URL(`../web/app/routes/${routeModule}.tsx`, import.meta.url)), routeModule).toBe(true);
      expect(String(route.lazy), route.path).toContain(`routes/${routeModule}.`);
    }
  });
});
