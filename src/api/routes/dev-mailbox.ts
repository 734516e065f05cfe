import { z } from '../../domain/shared/zod.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import type { Access } from '../access.js';
import type { ErrorBody } from '../errors.js';
import { isTrulyLocal } from '../local-request.js';
import { escapeHtml } from '../../domain/shared/html.js';

const LOOPBACK_ONLY: Access = 'loopback';
export const DEV_MAILBOX_FORBIDDEN = 'The development mailbox only answers requests from this machine.';

const mailboxQuery = z.object({ to: z.string().max(320).optional() });
const mailboxAnswer = z.object({
  messages: z.array(
    z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), html: z.string().nullable(), sentAt: z.string() }),
  ),
});
type MailOutbox = NonNullable<AppDeps['outbox']>;
type OutboxMessage = Awaited<ReturnType<MailOutbox['list']>>[number];

const errorAnswer = z.object({ error: z.literal(true), message: z.string() });

/**
 * GET /dev/mailbox (HTML) and /dev/mailbox.json: the mail the outbox kept, newest first, so a user of
 * a local install can read their codes. Registered only while no SMTP_URL is set, and answering only
 * requests truly from this machine (not forwarded by a proxy on it) — enforced here, whatever else the app does about `config.access`.
 */
export function devMailboxRoutes(deps: { outbox: MailOutbox }): FastifyPluginAsyncZod {
  return async (app) => {
    // Encapsulated: this hook guards the routes of this plugin only.
    app.addHook('onRequest', async (request, reply) => {
      if (!isTrulyLocal(request)) {
        return reply.status(403).send({ error: true, message: DEV_MAILBOX_FORBIDDEN } satisfies ErrorBody);
      }
    });

    app.get(
      '/dev/mailbox.json',
      {
        config: { access: LOOPBACK_ONLY },
        schema: {
          summary: 'Development outbox: messages newest first (loopback only, while no SMTP_URL is set)',
          tags: ['development'],
          querystring: mailboxQuery,
          response: { 200: mailboxAnswer, 403: errorAnswer },
        },
      },
      async (request) => ({
        messages: (await deps.outbox.list({ to: request.query.to })).map((message) => ({
          ...message,
          sentAt: message.sentAt.toISOString(),
        })),
      }),
    );

    app.get(
      '/dev/mailbox',
      {
        config: { access: LOOPBACK_ONLY },
        schema: {
          summary: 'Development outbox as a page (loopback only, while no SMTP_URL is set)',
          tags: ['development'],
          querystring: mailboxQuery,
          // Sent as text/html: Fastify does not serialise it, this only documents the answer.
          response: { 200: z.string().describe('An HTML page listing the messages'), 403: errorAnswer },
        },
      },
      async (request, reply) => {
        const to = request.query.to?.trim() ?? '';
        const messages = await deps.outbox.list({ to });
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
          .header('x-content-type-options', 'nosniff')
          .header('referrer-policy', 'no-referrer')
          .send(mailboxPage(to, messages));
      },
    );
  };
}

function mailboxPage(to: string, messages: OutboxMessage[]): string {
  const items = messages
    .map(
      (message) => `<article>
<h2>${escapeHtml(message.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(message.to)}</strong> · <time datetime="${message.sentAt.toISOString()}">${escapeHtml(message.sentAt.toUTCString())}</time></p>
<pre>${escapeHtml(message.text)}</pre>
</article>`,
    )
    .join('\n');
  const empty = `<p>No messages${to ? ` to ${escapeHtml(to)}` : ''} yet.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox · Tessera</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1rem; color: #1a1a1a; }
form { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; margin-bottom: 1rem; }
article { border: 1px solid #ccc; border-radius: .5rem; padding: 0 1rem; margin-bottom: 1rem; }
.meta { color: #555; margin-top: 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f5f5f5; padding: .75rem; border-radius: .25rem; }
</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>No SMTP server is configured (<code>SMTP_URL</code>), so mail is kept here instead of being sent. Newest first.</p>
<form method="get">
<label for="to">Recipient</label>
<input id="to" name="to" type="email" value="${escapeHtml(to)}" placeholder="you@example.com">
<button type="submit">Show</button>
<a href="mailbox">All messages</a>
</form>
${messages.length > 0 ? items : empty}
</main>
</body>
</html>
`;
}
