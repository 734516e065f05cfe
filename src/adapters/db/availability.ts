/**
 * Errors that mean "the database or the event store cannot be reached right now" rather than
 * "this request is wrong": the API answers them with 503 and Retry-After, the projection runner
 * and the reactors pause and try again.
 */

/** SQLSTATE classes and codes of a server that is going away, refusing connections, or cancelled a stalled statement. */
const UNAVAILABLE_SQLSTATE_CLASSES = ['08'] as const; // connection exception
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
]);
/** Node's network errors on the way to a server. */
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres says these in plain messages, without a code. */
const UNAVAILABLE_PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
];
/** @eventstore/db-client's error names for a server it cannot reach or that did not answer in time. */
const UNAVAILABLE_ESDB_ERRORS = new Set(['UnavailableError', 'DeadlineExceededError', 'NotLeaderError']);

export function isUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NETWORK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/u.test(code) && UNAVAILABLE_SQLSTATE_CLASSES.some((prefix) => code.startsWith(prefix))) return true;
  }
  if (UNAVAILABLE_ESDB_ERRORS.has(error.name) || UNAVAILABLE_ESDB_ERRORS.has(error.constructor.name)) return true;
  if (UNAVAILABLE_PG_MESSAGES.some((message) => error.message.includes(message))) return true;
  // An AggregateError (connecting to every address of a host failed) or a wrapped cause.
  if (error instanceof AggregateError) return error.errors.some(isUnavailableError);
  return error.cause !== undefined && error.cause !== error && isUnavailableError(error.cause);
}
