import { describe, expect, it } from 'vitest';

import { withStylesheetsFirst } from '../scripts/stylesheet-first.js';

describe("the built page's head", () => {
  it('asks for the stylesheet before the scripts and their preloads, keeping everything else in place', () => {
    const built = [
      '<head>',
      '    <title>Tessera</title>',
      '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/runtime-b.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/style-c.css">',
      '  </head>',
    ].join('\n');
    expect(withStylesheetsFirst(built)).toBe(
      [
        '<head>',
        '    <title>Tessera</title>',
        '    <link rel="stylesheet" crossorigin href="/assets/style-c.css">',
        '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
        '    <link rel="modulepreload" crossorigin href="/assets/runtime-b.js">',
        '  </head>',
      ].join('\n'),
    );
  });

  it('leaves a page without a stylesheet or without scripts as it is', () => {
    const noStyles = '<head><script type="module" src="/a.js"></script></head>';
    expect(withStylesheetsFirst(noStyles)).toBe(noStyles);
    const noScripts = '<head><link rel="stylesheet" href="/a.css"></head>';
    expect(withStylesheetsFirst(noScripts)).toBe(noScripts);
  });
});
