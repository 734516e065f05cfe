import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Tables the infrastructure owns. Read models are created by projections, per generation. */
export const coreMigrations: Record<string, Migration> = {
  '0001_event_store': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('events')
        .addColumn('position', 'bigserial', (c) => c.primaryKey())
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('revision', 'bigint', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('metadata', 'jsonb', (c) => c.notNull())
        .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('events_stream_revision', ['stream_id', 'revision'])
        .addUniqueConstraint('events_stream_event_id', ['stream_id', 'event_id'])
        .execute();
    },
  },
  '0002_projection_generations': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('projection_generations')
        .addColumn('projection', 'text', (c) => c.notNull())
        .addColumn('generation', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('checkpoint', 'bigint', (c) => c.notNull())
        .addColumn('events_applied', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('switched_at', 'timestamptz')
        .addPrimaryKeyConstraint('projection_generations_pk', ['projection', 'generation'])
        .execute();
      // At most one live generation per projection.
      await sql`create unique index projection_generations_one_live on projection_generations (projection) where status = 'live'`.execute(
        db,
      );
    },
  },
  '0003_vault_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('vault_keys')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('data_key', 'bytea', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0004_mail_outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('to', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text')
        // clock_timestamp, not now(): messages sent in one transaction still read back in order.
        .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .execute();
      await db.schema.createIndex('mail_outbox_sent_at').on('mail_outbox').column('sent_at').execute();
    },
  },
  '0005_events_by_template': {
    async up(db: Kysely<unknown>) {
      // A resource's full history gathers events of every stream that name it (admin fetchHistory).
      await sql`create index events_template_id on events ((data->>'templateId'))`.execute(db);
    },
  },
  '0006_reactor_checkpoints': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reactor_checkpoints')
        .addColumn('reactor', 'text', (c) => c.primaryKey())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '0007_rate_limit_counters': {
    async up(db: Kysely<unknown>) {
      // Outside the read-model generations: counters are not facts, a rebuild must not reset them.
      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_counters_expires_at').on('rate_limit_counters').column('expires_at').execute();
    },
  },
  '0008_sandbox_orders': {
    async up(db: Kysely<unknown>) {
      // The local sandbox's PayPal-style orders: provider state, not facts, so outside the event log.
      await db.schema
        .createTable('sandbox_orders')
        .addColumn('order_id', 'text', (c) => c.primaryKey())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('approval', 'text', (c) => c.notNull())
        .addColumn('capture_id', 'text', (c) => c.unique())
        .addColumn('refund_id', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0009_stream_snapshots': {
    async up(db: Kysely<unknown>) {
      // A command's state folded up to a revision of its stream, so a long stream is not read whole
      // for each command. Not facts: any row may be dropped, and the next command folds the stream again.
      await db.schema
        .createTable('stream_snapshots')
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('decider', 'text', (c) => c.notNull())
        .addColumn('revision', 'bigint', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('state', 'jsonb', (c) => c.notNull())
        .addPrimaryKeyConstraint('stream_snapshots_pkey', ['stream_id', 'decider'])
        .execute();
    },
  },
  '0010_event_chain': {
    async up(db: Kysely<unknown>) {
      // The audit chain's links, one per event (src/adapters/eventstore/chain.ts). Never rebuilt from
      // the log: a chain rebuilt after tampering would bless it.
      await db.schema
        .createTable('event_chain')
        .addColumn('position', 'bigint', (c) => c.primaryKey())
        .addColumn('digest', 'bytea', (c) => c.notNull())
        .addColumn('hash', 'bytea', (c) => c.notNull())
        .execute();
    },
  },
};
