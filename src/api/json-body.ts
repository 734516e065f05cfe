import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** Far deeper than any body a route takes; deeper ones are refused before anything walks them recursively (the text rule, the schemas). */
export const JSON_BODY_MAX_DEPTH = 32;
export const JSON_BODY_MESSAGES = { tooDeep: `The request body is nested more than ${JSON_BODY_MAX_DEPTH} levels deep.` } as const;

/** True when the JSON text opens more than `max` arrays or objects inside one another (brackets in strings do not count). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > max) return true;
    } else if (char === ']' || char === '}') depth -= 1;
  }
  return false;
}

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
