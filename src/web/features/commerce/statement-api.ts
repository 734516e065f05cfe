import type { Statement } from '@domain/commerce/statement.js';
import { API_BASE, apiRequest } from '@/lib/api-client.js';

export interface StatementQuery {
  from: string;
  to: string;
  asOf?: string;
}

const queryOf = (query: StatementQuery) =>
  new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  ).toString();

/** GET /sales/statement: the seller's statement of a period. */
export function fetchStatement(query: StatementQuery, signal?: AbortSignal): Promise<Statement> {
  return apiRequest(`/sales/statement?${queryOf(query)}`, { signal });
}

/** The same statement as a CSV download (the session cookie goes with the link). */
export const statementCsvUrl = (query: StatementQuery) => `${API_BASE}/sales/statement.csv?${queryOf(query)}`;
