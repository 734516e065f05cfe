import type { Plugin } from 'vite';

const ROUTER_ENTRIES: ReadonlySet<string> = new Set(['react-router', 'react-router/dom']);

/**
 * react-router's package exports only its development build (remix-run/react-router#14102), whose
 * one difference from the production build beside it is ENABLE_DEV_WARNINGS = true: the browser's
 * app carried its warnings, 0.6 kB gzip of initial script. The client build takes the production
 * build. The server keeps the package's own: react-router is external there, one copy for
 * src/api and the renderer.
 */
export function reactRouterProductionBuild(): Plugin {
  return {
    name: 'tessera-react-router-production',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    // Before Vite's resolver, which would resolve the package's exports first.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!ROUTER_ENTRIES.has(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: resolved.id.replace('/dist/development/', '/dist/production/') };
    },
  };
}
