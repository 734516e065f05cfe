import type { FastifyInstance } from 'fastify';
import { JSON_MAX_DEPTH, jsonNestsDeeperThan } from '../domain/shared/json.js';
import { HttpError } from './errors.js';

export const JSON_BODY_MAX_DEPTH = JSON_MAX_DEPTH;
export const JSON_BODY_MESSAGES = { tooDeep: `The request body is nested more than ${JSON_BODY_MAX_DEPTH} levels deep.` } as const;

/** Fastify's own JSON parser (with its prototype-poisoning guards), behind a nesting limit. */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    if (jsonNestsDeeperThan(body, JSON_BODY_MAX_DEPTH)) {
      done(new HttpError(400, JSON_BODY_MESSAGES.tooDeep), undefined);
      return;
    }
    parse(request, body, done);
  });
}
