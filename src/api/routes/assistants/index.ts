import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LinkOrigin } from '../../public-origin.js';
import type { SearchResourcesDeps } from '../search/search-resources.js';
import { llmsTxtRoutes } from './llms-txt.js';
import { markdownPageRoutes } from './markdown-pages.js';
import { mcpRoutes } from './mcp.js';

export { MCP_PATH } from './mcp.js';

/** What the assistants' routes read: the read models, the search index, and the origin of the links they write (PUBLIC_URL). */
export interface AssistantRouteDeps extends SearchResourcesDeps {
  linkOrigin: LinkOrigin;
}

/** What assistants read (docs/assistants.md): /llms.txt, posts as Markdown, and the MCP server at /mcp. */
export function assistantRoutes(deps: AssistantRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(llmsTxtRoutes(deps));
    await app.register(markdownPageRoutes(deps));
    await app.register(mcpRoutes(deps));
  };
}
