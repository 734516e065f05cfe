import { describe, expect, it } from 'vitest';

import { withDeferredAppStart } from '../scripts/deferred-app-start.js';
import { APP_SCRIPTS_ELEMENT_ID } from '../src/web/app/page-scripts.js';

describe("the built page's scripts", () => {
  it('names the app and its preloads as data for the boot script, which becomes the only script the page fetches', () => {
    const built = [
      '<head>',
      '    <link rel="stylesheet" crossorigin href="/assets/style-c.css">',
      '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/runtime-b.js">',
      '    <link rel="modulepreload" crossorigin href="/assets/api-d.js">',
      '  </head>',
    ].join('\n');
    expect(withDeferredAppStart(built, '/assets/boot-e.js')).toBe(
      [
        '<head>',
        '    <link rel="stylesheet" crossorigin href="/assets/style-c.css">',
        '    <script type="module" crossorigin src="/assets/boot-e.js"></script>',
        `    <script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">{"app":"/assets/index-a.js","imports":["/assets/runtime-b.js","/assets/api-d.js"]}</script>`,
        '  </head>',
      ].join('\n'),
    );
  });

  it('fails the build when the page has no app script to defer', () => {
    expect(() => withDeferredAppStart('<head><link rel="stylesheet" href="/a.css"></head>', '/assets/boot-e.js')).toThrow(
      'no app module script',
    );
  });
});
