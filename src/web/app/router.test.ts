import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { routes } from './router.js';

function leaves(route: RouteObject): RouteObject[] {
  return route.children === undefined ? [route] : route.children.flatMap(leaves);
}

describe('routes', () => {
  it('give every leaf something to draw, as react-router wants (else it warns in the console of an unknown address)', () => {
    const drawNothing = routes
      .flatMap(leaves)
      .filter((route) => route.element === undefined && route.Component === undefined && route.lazy === undefined);
    expect(drawNothing.map((route) => route.path)).toEqual([]);
  });
});
