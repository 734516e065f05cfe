import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../domain/shared/events.js';
import { WrongExpectedRevisionError } from '../adapters/eventstore/port.js';
import { isUnavailableError } from '../adapters/db/availability.js';
import { PaymentProviderUnavailableError, PaymentRefusedError, WebhookSignatureError } from '../adapters/payments/port.js';
import { COMMERCE_MESSAGES } from '../domain/commerce/messages.js';

/** While the database or the event store is unreachable: when a client should try again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';

/** Every error answer has this shape (docs/architecture.md, "API"). */
export interface ErrorBody {
  error: true;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** A refused attempt: 429 with the seconds until the limit's window ends. */
export class RateLimitedError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** The request parts Fastify validates, as a 400 names them. */
const VALIDATED_PART_NAMES: Partial<Record<string, string>> = { body: 'body', querystring: 'query', params: 'address', headers: 'headers' };

const DOMAIN_STATUS: Record<DomainError['kind'], number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409 };

/**
 * A refused field's path as a person reads it: a JSON pointer's segments joined by dots, array items
 * as [index] ('/links/2/url' → 'links[2].url').
 */
export function fieldPathOf(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((path, segment) => (/^\d+$/u.test(segment) ? `${path}[${segment}]` : path === '' ? segment : `${path}.${segment}`), '');
}

/** Maps what went wrong to a status and a message a person can act on; never a stack trace. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // A refusal of the whole part (a missing body, a field it does not take) names the part, unless
    // its message is a sentence of its own ('The body must be …'): the readable defaults start lower case.
    const wholePart =
      first?.message !== undefined && /^\p{Ll}/u.test(first.message) ? (VALIDATED_PART_NAMES[error.validationContext ?? ''] ?? '') : '';
    const field = first ? fieldPathOf(first.instancePath) || wholePart : '';
    const message = first?.message ? (field ? `${field}: ${first.message}` : first.message) : 'Invalid request';
    return reply.status(400).send({ error: true, message } satisfies ErrorBody);
  }
  if (error instanceof DomainError)
    return reply.status(DOMAIN_STATUS[error.kind]).send({ error: true, message: error.message } satisfies ErrorBody);
  if (error instanceof RateLimitedError) reply.header('retry-after', error.retryAfterSeconds);
  if (error instanceof HttpError) return reply.status(error.statusCode).send({ error: true, message: error.message } satisfies ErrorBody);
  if (error instanceof WebhookSignatureError)
    return reply.status(400).send({ error: true, message: COMMERCE_MESSAGES.badSignature } satisfies ErrorBody);
  if (error instanceof PaymentRefusedError) {
    request.log.warn({ err: error }, 'payment provider refused');
    return reply.status(409).send({ error: true, message: `${COMMERCE_MESSAGES.providerRefused} ${error.reason}` } satisfies ErrorBody);
  }
  if (error instanceof PaymentProviderUnavailableError) {
    request.log.warn({ err: error }, 'payment provider unavailable');
    return reply
      .status(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .send({ error: true, message: COMMERCE_MESSAGES.providerUnavailable } satisfies ErrorBody);
  }
  if (error instanceof WrongExpectedRevisionError) {
    return reply
      .status(409)
      .send({ error: true, message: 'Someone else changed this at the same time. Please try again.' } satisfies ErrorBody);
  }
  // Fastify's own client errors (bad JSON, body too large, unsupported media type …) carry a 4xx.
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.status(error.statusCode).send({ error: true, message: error.message } satisfies ErrorBody);
  }
  if (isUnavailableError(error)) {
    request.log.warn({ err: error }, 'database or event store unavailable');
    return reply
      .status(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .send({ error: true, message: UNAVAILABLE_MESSAGE } satisfies ErrorBody);
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ error: true, message: 'Something went wrong on our side. Please try again later.' } satisfies ErrorBody);
}
