import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from '../../../domain/shared/zod.js';
import { verifyUnsubscribeToken } from '../../../commands/accounts/unsubscribe-token.js';
import { UNSUBSCRIBE_LIST_NAMES, UNSUBSCRIBE_LISTS, UNSUBSCRIBE_MESSAGES, type UnsubscribeList } from '../../../domain/accounts/rules.js';
import { userById } from '../../../projections/read-models/users/queries.js';
import { escapeHtml } from '../../../domain/shared/html.js';
import type { AccountRouteDeps } from './deps.js';

/** The unsubscribe link's own small page: no script, our stylesheet-free markup, readable on a phone. */
function unsubscribePage(reply: FastifyReply, status: number, list: UnsubscribeList, body: string): FastifyReply {
  const { title } = UNSUBSCRIBE_LISTS[list];
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | Tessera</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>${title}</h1>${body}<p><a href="/">Tessera</a></p></body></html>`,
    );
}

/**
 * The unsubscribe link every update and comment e-mail carries: its page asks (a GET changes nothing:
 * mail scanners open links), and its POST, from the page's button or a mail client's one click,
 * turns the list's notification setting off. Without a list the link is an update e-mail's.
 */
export function emailUnsubscribeRoutes(deps: Pick<AccountRouteDeps, 'db' | 'vault' | 'accounts' | 'settle'>): FastifyPluginAsyncZod {
  const linkQuery = z.object({ token: z.string().max(500).default(''), list: z.enum(UNSUBSCRIBE_LIST_NAMES).default('updates') });
  /** The page is HTML, sent as text: Fastify does not serialise it. */
  const page = { 200: z.string().describe('The unsubscribe page (text/html)') };

  return async (app) => {
    app.get(
      '/emails/unsubscribe',
      {
        config: { access: 'anyone' },
        schema: {
          tags: ['accounts'],
          summary: "An e-mail's unsubscribe link: asks before turning that list's e-mails off",
          querystring: linkQuery,
          response: page,
        },
      },
      async (request, reply) => {
        const { token, list } = request.query;
        if ((await verifyUnsubscribeToken(deps.vault, token, list)) === null)
          return unsubscribePage(reply, 400, list, `<p role="alert">${UNSUBSCRIBE_MESSAGES.invalid}</p>`);
        const action = `?list=${list}&token=${encodeURIComponent(token)}`;
        const { ask, button } = UNSUBSCRIBE_LISTS[list];
        return unsubscribePage(
          reply,
          200,
          list,
          `<p>${ask}</p><form method="post" action="${escapeHtml(action)}"><button type="submit">${button}</button></form>`,
        );
      },
    );

    // The page's button, and mail clients' one-click unsubscribe (RFC 8058: a form-encoded POST).
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
      scope.post(
        '/emails/unsubscribe',
        {
          config: { access: 'anyone' },
          schema: {
            tags: ['accounts'],
            summary: "Turn a list's e-mails off with its signed unsubscribe token (a settings event)",
            querystring: linkQuery,
            response: page,
          },
        },
        async (request, reply) => {
          const { token, list } = request.query;
          const userId = await verifyUnsubscribeToken(deps.vault, token, list);
          if (userId === null) return unsubscribePage(reply, 400, list, `<p role="alert">${UNSUBSCRIBE_MESSAGES.invalid}</p>`);
          const row = await userById(deps.db, userId);
          if (!row || row.erased) return unsubscribePage(reply, 404, list, `<p role="alert">${UNSUBSCRIBE_MESSAGES.gone}</p>`);
          const { setting, done } = UNSUBSCRIBE_LISTS[list];
          if (row.notifications[setting] !== false) {
            await deps.settle(await deps.accounts.updateProfile(userId, { privacy: { [setting]: false } }, { userId, role: 'base' }));
          }
          return unsubscribePage(reply, 200, list, `<p role="status">${done}</p>`);
        },
      );
    });
  };
}
