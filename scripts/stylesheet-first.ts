import type { Plugin } from 'vite';

const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*>\n?/gu;
const FIRST_SCRIPT = /[ \t]*<script type="module"|[ \t]*<link rel="modulepreload"/u;

/**
 * Moves the built page's stylesheet links before its scripts and their preloads. Vite puts them
 * last in the head, and a browser on HTTP/1.1 opens six connections to a host: the stylesheet's
 * request then waited behind the scripts' — and the page paints only once it has its styles.
 */
export function withStylesheetsFirst(html: string): string {
  const links = html.match(STYLESHEET_LINK);
  const firstScript = FIRST_SCRIPT.exec(html);
  if (links === null || firstScript === null) return html;
  const withoutLinks = html.replace(STYLESHEET_LINK, '');
  const at = FIRST_SCRIPT.exec(withoutLinks)!.index;
  return `${withoutLinks.slice(0, at)}${links.map((link) => (link.endsWith('\n') ? link : `${link}\n`)).join('')}${withoutLinks.slice(at)}`;
}

/** The build's index.html with its stylesheets first (see withStylesheetsFirst). */
export function stylesheetsFirst(): Plugin {
  return {
    name: 'tessera-stylesheets-first',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: withStylesheetsFirst },
  };
}
