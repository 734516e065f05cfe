import { randomUUID } from 'node:crypto';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../composition/config.js';

/** The answer header that carries the request id, so a user's report can be matched with the log. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Secrets and personal data that must never reach the log, wherever they appear in a logged
 * object (headers if a handler logs them, bodies, error details): replaced by "[redacted]".
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.token',
  '*.code',
  '*.otp',
  '*.email',
  '*.to',
  '*.secret',
];

export interface LogSettings {
  level: LogLevel;
  /** Where log lines go; standard output by default (tests pass a stream to read them). */
  stream?: { write(line: string): void };
}

/**
 * Fastify's own logger (pino): one JSON line per request received and completed, with a random
 * request id. A logged request names its method, route and path only: query strings carry
 * tokens and e-mail addresses (reset links, availability checks), so they are left out.
 */
export function loggerOptions(settings: LogSettings): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> {
  return {
    logger: {
      level: settings.level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          path: request.url.split('?')[0],
          route: request.routeOptions?.url,
          remoteAddress: request.ip,
        }),
      },
      ...(settings.stream ? { stream: settings.stream } : {}),
    },
    // Our own ids: a client-sent id header is not trusted into the log.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
  };
}
