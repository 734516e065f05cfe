import type { FastifyInstance } from 'fastify';
import { JSON_MAX_DEPTH, jsonNestsDeeperThan } from '../domain/shared/json.js';
import { HttpError } from './errors.js';

export const JSON_BODY_MESSAGES = { tooDeep: `The request body is nested more than ${JSON_MAX_DEPTH} levels deep.` } as const;

/** The 400 for a JSON body nested too deep to walk safely; null when it is not. Every parser of a JSON body asks this first. */
export function tooDeepJsonBody(body: string): HttpError | null {
  return jsonNestsDeeperThan(body, JSON_MAX_DEPTH) ? new HttpError(400, JSON_BODY_MESSAGES.tooDeep) : null;
}

/** Fastify's own JSON parser (with its prototype-poisoning guards), behind the nesting limit. */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    const tooDeep = tooDeepJsonBody(body);
    if (tooDeep) {
      done(tooDeep, undefined);
      return;
    }
    parse(request, body, done);
  });
}
