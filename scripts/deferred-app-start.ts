import type { Plugin } from 'vite';

import { jsonDataElement } from '../src/web/app/json-data-element.js';
import { APP_SCRIPTS_ELEMENT_ID, type AppScripts } from '../src/web/app/page-scripts.js';

const APP_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/u;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/gu;

/**
 * The built page with its app named as data for the boot script, in place of the app's module
 * script and its preloads: a browser fetches script tags and preloads at once, beside the page's
 * stylesheet, and they then held up its first paint (on a slow network, 1.9 s instead of 1.0 s for a
 * phone on Lighthouse's mobile preset). The boot script (`bootSrc`) loads them once the page is painted.
 */
export function withDeferredAppStart(html: string, bootSrc: string): string {
  const app = APP_SCRIPT.exec(html);
  if (app === null) throw new Error('The built index.html has no app module script');
  const scripts: AppScripts = { app: app[1]!, imports: [...html.matchAll(MODULE_PRELOAD)].map((preload) => preload[1]!) };
  const indent = /^[ \t]*/u.exec(app[0])![0];
  const boot = `${indent}<script type="module" crossorigin src="${bootSrc}"></script>\n${indent}${jsonDataElement(APP_SCRIPTS_ELEMENT_ID, scripts)}\n`;
  return html.replace(MODULE_PRELOAD, '').replace(APP_SCRIPT, boot);
}

/** Builds `bootModule` as an entry of its own and makes it the page's only script (see withDeferredAppStart). */
export function deferredAppStart(bootModule: string): Plugin {
  return {
    name: 'tessera-deferred-app-start',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      this.emitFile({ type: 'chunk', id: bootModule, name: 'boot' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const boot = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId === bootModule,
        );
        if (boot === undefined) throw new Error(`The build has no chunk for ${bootModule}`);
        return withDeferredAppStart(html, `/${boot.fileName}`);
      },
    },
  };
}
