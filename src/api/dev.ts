import { createServer } from 'vite';
import { configFromEnv } from '../composition/config.js';
import { platformFeeMetaTag } from './page-meta.js';
import { startServer } from './server.js';

/**
 * `npm run dev`: the API on PORT (3000) and Vite's dev server with hot reload on PORT + 1,
 * which proxies /api to the API (vite.config.ts).
 */
const config = configFromEnv();
const api = await startServer(config);
process.env.API_PORT = String(config.port);
// Vite serves index.html here, not the API: it names the fee as the API's pages do (web-serving.ts).
const platformFeeMeta = {
  name: 'platform-fee-meta',
  transformIndexHtml: (html: string) => html.replace('</head>', `${platformFeeMetaTag(config.platformFeePercent)}</head>`),
};
const vite = await createServer({ server: { port: config.port + 1 }, plugins: [platformFeeMeta] });
await vite.listen();
vite.printUrls();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([vite.close(), api.close()]).then(() => process.exit(0));
  });
}
