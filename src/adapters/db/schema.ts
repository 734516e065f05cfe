import type { ColumnType, Generated } from 'kysely';
// Read models own their table types (next to their DDL); the Schema only composes them.
import type { TemplatesTables } from '../../projections/read-models/templates/tables.js';
import type { ContactMessagesTables } from '../../projections/read-models/contact-messages/tables.js';
import type { SearchAnalyticsTables } from '../../projections/read-models/search-analytics/tables.js';
import type { SearchTables } from '../../projections/read-models/search/tables.js';
import type { RewardsTables } from '../../projections/read-models/rewards/tables.js';
import type { EngagementTables } from '../../projections/read-models/engagement/tables.js';
import type { CommerceTables } from '../../projections/read-models/commerce/tables.js';
import type { AnalyticsTables } from '../../projections/read-models/analytics/tables.js';
import type { PriceRequestsTables } from '../../projections/read-models/price-requests/tables.js';
import type { CurationTables } from '../../projections/read-models/curation/tables.js';
import type { MassEmailsTables } from '../../projections/read-models/mass-emails/tables.js';
import type { IntegrationsTables } from '../../projections/read-models/integrations/tables.js';
import type { UsersTables } from '../../projections/read-models/users/tables.js';
import type { GenerationsTables } from '../../projections/read-models/generations/tables.js';
import type { SupportTables } from '../../projections/read-models/support/tables.js';
import type { VersionsTables } from '../../projections/read-models/versions/tables.js';

/** The event log of the Postgres event store adapter. */
export interface EventsTable {
  position: Generated<bigint>;
  stream_id: string;
  revision: bigint;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: ColumnType<Date, Date | undefined, never>;
}

export type GenerationStatus = 'building' | 'live' | 'retired';

/** One row per build of a projection: its tables carry the generation as suffix. */
export interface ProjectionGenerationsTable {
  projection: string;
  generation: number;
  version: number;
  status: GenerationStatus;
  checkpoint: bigint;
  events_applied: ColumnType<bigint, bigint | undefined, bigint>;
  started_at: ColumnType<Date, Date | undefined, never>;
  switched_at: Date | null;
}

/** Per-user data keys; deleting a row crypto-shreds that user's personal data. */
export interface VaultKeysTable {
  user_id: string;
  data_key: Uint8Array;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The development outbox: mail kept locally while no SMTP server is configured. */
export interface MailOutboxTable {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  sent_at: ColumnType<Date, Date | undefined, never>;
}

/** Where each reactor (a consumer that appends events, such as rewards) has got to in the log. */
export interface StreamSnapshotsTable {
  stream_id: string;
  /** The decider's snapshot name, with its version. */
  decider: string;
  revision: bigint;
  /** The id of the event at `revision`: a stream that no longer holds it is not the one folded. */
  event_id: string;
  state: unknown;
}

export interface ReactorCheckpointsTable {
  reactor: string;
  position: bigint;
}

/** Rate-limit windows shared by every instance (src/adapters/rate-limit). */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  expires_at: Date;
}

/** The local sandbox's PayPal-style orders (src/adapters/payments/paypal-sandbox.ts); `request` is JSON. */
export interface SandboxOrdersTable {
  order_id: string;
  request: string;
  approval: 'none' | 'approved' | 'approved_declined';
  capture_id: string | null;
  refund_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface Schema
  extends
    TemplatesTables,
    UsersTables,
    EngagementTables,
    RewardsTables,
    SearchTables,
    SearchAnalyticsTables,
    ContactMessagesTables,
    CommerceTables,
    GenerationsTables,
    SupportTables,
    AnalyticsTables,
    PriceRequestsTables,
    CurationTables,
    MassEmailsTables,
    IntegrationsTables,
    VersionsTables {
  rate_limit_counters: RateLimitCountersTable;
  sandbox_orders: SandboxOrdersTable;
  events: EventsTable;
  projection_generations: ProjectionGenerationsTable;
  vault_keys: VaultKeysTable;
  mail_outbox: MailOutboxTable;
  reactor_checkpoints: ReactorCheckpointsTable;
  stream_snapshots: StreamSnapshotsTable;
}
