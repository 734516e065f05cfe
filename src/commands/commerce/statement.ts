import type { Kysely } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { Schema } from '../../adapters/db/schema.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import { purchaseStream } from '../../domain/commerce/events.js';
import { statementOf, statementRows, type Statement, type StatementPeriod } from '../../domain/commerce/statement.js';
import { escapeFormulaCell } from '../../projections/analytics-replay.js';
import { purchaseStreamsOfSeller } from '../../projections/read-models/commerce/queries.js';

/** Purchase streams read at once: a seller with many sales costs a few round trips, not one per sale. */
const STREAMS_READ_TOGETHER = 16;

/** A seller's statement for a period as the log stood at a moment, and its CSV export. */
export interface SalesStatements {
  statement(sellerId: string, period: StatementPeriod): Promise<Statement>;
  csv(statement: Statement): string;
}

/**
 * The commerce read model names the purchase streams (post and buyer) of the seller's sales; those
 * streams are read from the log and folded by time, so the answer is the log's as of `asOf`, not
 * today's tables: a refund recorded later is not in a statement as of before it.
 */
export function createSalesStatements(db: Kysely<Schema>, store: Pick<EventStore, 'readStream'>): SalesStatements {
  return {
    async statement(sellerId, period) {
      const streams = await purchaseStreamsOfSeller(db, sellerId, period.asOf);
      const events = [];
      for (let start = 0; start < streams.length; start += STREAMS_READ_TOGETHER) {
        const read = await Promise.all(
          streams
            .slice(start, start + STREAMS_READ_TOGETHER)
            .map(({ template_id, buyer_id }) => store.readStream(purchaseStream(template_id, buyer_id))),
        );
        for (const event of read.flat()) {
          events.push({ type: event.type, data: event.data, position: event.position, occurredAt: event.metadata.occurredAt });
        }
      }
      return statementOf(events, sellerId, period);
    },
    csv: (statement) => stringify(statementRows(statement).map((row) => row.map(escapeFormulaCell))),
  };
}
