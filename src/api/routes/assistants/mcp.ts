import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { HttpError } from '../../errors.js';
import type { LinkOrigin } from '../../public-origin.js';
import { enforceLimit } from '../../rate-limits.js';
import type { SearchResourcesDeps } from '../search/search-resources.js';

export const MCP_PATH = '/mcp';
const STATELESS_MESSAGE = 'This MCP server is stateless: send each JSON-RPC message as a POST.';

/** The MCP SDK and our tools, loaded with the first request: a server no assistant calls does not hold them. */
let mcpModules:
  Promise<[typeof import('./mcp-tools.js'), typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')]> | undefined;
const loadMcpModules = () =>
  (mcpModules ??= Promise.all([import('./mcp-tools.js'), import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')]));

/** The request as the SDK's web-standard transport reads it: method, URL and headers (the body is passed parsed). */
function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, String(one));
  }
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), { method: request.method, headers });
}

/**
 * POST /mcp: the MCP server for assistants (Streamable HTTP, stateless: a server per request, so any
 * instance answers any request). Anonymous and read-only; each request counts against the address's
 * limit before any work. Fastify parses the JSON body and sends the transport's Response, so the
 * answer gets every other answer's headers (an event stream is not a type @fastify/compress compresses).
 */
export function mcpRoutes(deps: SearchResourcesDeps & { linkOrigin: LinkOrigin }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      MCP_PATH,
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'MCP server (Streamable HTTP, stateless): search_templates, get_template, list_topics, list_apps',
          tags: ['assistants'],
          body: z.unknown().describe('A JSON-RPC message or batch'),
          // Sent as the SDK's Response: Fastify does not serialise it, the schema only documents the answer.
          response: {
            200: z.custom<Response>((value) => value instanceof Response).describe('The JSON-RPC answer, as server-sent events'),
          },
        },
      },
      async (request, reply) => {
        await enforceLimit(request, 'assistantRequestsPerAddress', request.ip);
        const [{ assistantMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await loadMcpModules();
        const logFailure = (error: unknown) => request.log.error({ err: error }, 'MCP tool failed');
        const server = assistantMcpServer(deps, deps.linkOrigin(request), logFailure);
        const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        await server.connect(transport);
        // Once the answer is out (or the client gone), the request's server and its streams go.
        reply.raw.once('close', () => void server.close());
        return reply.send(await transport.handleRequest(webRequestOf(request), { parsedBody: request.body }));
      },
    );

    // No server-sent stream to open and no session to end: the stateless transport's 405, in our error shape.
    for (const method of ['GET', 'DELETE'] as const) {
      app.route({
        method,
        url: MCP_PATH,
        config: { access: 'anyone' },
        schema: { summary: `Not offered: ${STATELESS_MESSAGE}`, tags: ['assistants'] },
        handler: async (_request, reply) => {
          reply.header('allow', 'POST');
          throw new HttpError(405, STATELESS_MESSAGE);
        },
      });
    }
  };
}
