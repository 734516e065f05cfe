/** The one way the web app talks to the Tessera API. */
import { tryAgainIn } from '@domain/shared/retry-after.js';

export const API_BASE = '/api';

/** A field the server refused, from a 400's `fields` (spec: the create form's error list). */
export interface RefusedField {
  field: string;
  message: string;
}

/**
 * A non-2xx answer from the API, carrying its status, the server's message (`fromServer`: false when
 * the answer carried none, e.g. a proxy's error page), any refused fields, and a 429's wait.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly fields: readonly RefusedField[] = [],
    readonly details: { fromServer: boolean; retryAfterSeconds: number | null } = { fromServer: false, retryAfterSeconds: null },
  ) {
    super(message);
  }
}

/**
 * What to tell a person about a failed request: the server's own words for a refusal (4xx), with the
 * wait of a 429 when it names one; `fallback` for an outage, a network failure or a wordless answer.
 */
export function userMessageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status >= 500 || !error.details.fromServer) return fallback;
  if (error.status === 429 && error.details.retryAfterSeconds !== null) return tryAgainIn(error.details.retryAfterSeconds);
  return error.message;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * 'global' (default): a 401 signs the user out and goes to /login, a 403 shows 'Access Denied'
   * (spec section 8, authenticated client). 'silent': the caller handles them (the session fetch ignores a 403).
   */
  authFailures?: 'global' | 'silent';
}

/** What the app does when the server refuses a session; installed by the session module. */
export interface AuthFailureHandlers {
  unauthorized(): void;
  forbidden(): void;
}

let authFailureHandlers: AuthFailureHandlers | null = null;

/** How a request reaches the API: the browser's fetch, or — when the server renders a page — the server's own API, in process. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** The server renderer's transport: anonymous, so a rendered page never holds one viewer's data. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

export function setAuthFailureHandlers(handlers: AuthFailureHandlers): void {
  authFailureHandlers = handlers;
}

/**
 * Calls `path` under the API base with the session cookie and JSON in both directions.
 * Resolves to the parsed answer (undefined for an empty one); rejects with an ApiError on a non-2xx answer.
 */
export async function apiRequest<Answer>(path: string, options: ApiRequestOptions = {}): Promise<Answer> {
  const { method = 'GET', body, signal, authFailures = 'global' } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await transport(`${API_BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });

  const text = await response.text();
  if (!response.ok) {
    if (authFailures === 'global' && response.status === 401) authFailureHandlers?.unauthorized();
    if (authFailures === 'global' && response.status === 403) authFailureHandlers?.forbidden();
    throw errorOf(text, response);
  }
  if (text === '') return undefined as Answer;
  try {
    return JSON.parse(text) as Answer;
  } catch {
    throw new ApiError(response.status, 'The server sent an answer that is not JSON.');
  }
}

/** The API's error body `{ error: true, message, fields? }` as an ApiError, or a generic one. */
function errorOf(body: string, response: Response): ApiError {
  try {
    const answer: unknown = JSON.parse(body);
    if (typeof answer === 'object' && answer !== null && 'message' in answer && typeof answer.message === 'string') {
      const fields = 'fields' in answer && Array.isArray(answer.fields) ? (answer.fields as RefusedField[]) : [];
      const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      return new ApiError(response.status, answer.message, fields, {
        fromServer: true,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
      });
    }
  } catch {
    // Not JSON (a proxy's error page, say): fall through to the generic message.
  }
  return new ApiError(response.status, `Request failed: ${response.status} ${response.statusText}`.trim());
}
