import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MARKDOWN_CONTENT_TYPE, postMarkdown } from '../../../domain/assistants/markdown.js';
import { z } from '../../../domain/shared/zod.js';
import type { LinkOrigin } from '../../public-origin.js';
import type { ReadModelDb, Vault } from '../route-deps.js';
import { canonicalPostUrl, PUBLIC_POST_READ_MODELS, postForAssistants, publicPost } from './public-posts.js';

const MARKDOWN = 'text/markdown';
/** The router's constraint that sends a page request asking for Markdown to the Markdown route. */
const REPRESENTATION = 'representation';

/**
 * Routes a request by the representation its Accept header prefers: 'markdown' when it names
 * text/markdown above text/html (a browser's `text/html, …, *\/*` stays a page request). Derived for
 * every request once a route uses it, so the common case is a substring test.
 */
function addRepresentationConstraint(app: FastifyInstance): void {
  if (app.hasConstraintStrategy(REPRESENTATION)) return;
  app.addConstraintStrategy({
    name: REPRESENTATION,
    storage() {
      const handlers = new Map<string, unknown>();
      return {
        get: (value: string) => (handlers.get(value) ?? null) as never,
        set: (value: string, handler: unknown) => void handlers.set(value, handler),
      };
    },
    deriveConstraint: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const accept = request.headers.accept;
      if (typeof accept !== 'string' || !accept.includes(MARKDOWN)) return undefined;
      return negotiate(accept, ['text/html', MARKDOWN]) === MARKDOWN ? 'markdown' : undefined;
    },
    mustMatchWhenDerived: false,
  });
}

/** A public post's page as Markdown: at /resources/{titleUrl}.md, and at its page's address for `Accept: text/markdown`. */
export function markdownPageRoutes(deps: { db: ReadModelDb; vault: Vault; linkOrigin: LinkOrigin }): FastifyPluginAsyncZod {
  return async (app) => {
    addRepresentationConstraint(app);
    const schema = {
      summary: 'A public post as Markdown, with its canonical address; 404 for a post that is not public',
      tags: ['assistants'],
      params: z.object({ titleUrl: z.string().max(200) }),
      // Sent as text: Fastify does not serialise it, the schema only documents the answer.
      response: { 200: z.string().describe('The post (text/markdown)') },
    };
    const config = { access: 'anyone' as const, publicCache: PUBLIC_POST_READ_MODELS, sameForEveryViewer: true };
    for (const route of [
      { url: '/resources/:titleUrl.md', constraints: {} },
      { url: '/resources/:titleUrl', constraints: { [REPRESENTATION]: 'markdown' } },
    ]) {
      app.get(
        route.url,
        {
          config,
          constraints: route.constraints,
          schema,
          // Here rather than in the handler: an answer from the public answer cache gets them too.
          onSend: async (request, reply, payload) => {
            const vary = reply.getHeader('vary');
            reply.header('vary', vary === undefined ? 'accept' : `${String(vary)}, accept`);
            if (reply.statusCode === 200) {
              const { titleUrl } = request.params as { titleUrl: string };
              reply.header('link', `<${canonicalPostUrl(deps.linkOrigin(request), titleUrl)}>; rel="canonical"`);
            }
            return payload;
          },
        },
        async (request, reply) => {
          const post = postForAssistants(deps.linkOrigin(request), await publicPost(deps, request.params.titleUrl));
          return reply.type(MARKDOWN_CONTENT_TYPE).send(postMarkdown(post));
        },
      );
    }
  };
}
