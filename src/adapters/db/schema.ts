import type { ColumnType, Generated } from 'kysely';

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

/** Read models: views that point at the live generation's tables. */
export interface UsersView {
  id: string;
  username: string;
  display_name_enc: string | null;
  lvl: string;
  created_at: Date;
  last_position: bigint;
}

export interface TemplatesView {
  id: string;
  title_url: string;
  title: string;
  description_short: string;
  description_long: string;
  url: string;
  platform: string;
  topic: string;
  /** jsonb: written as JSON text, read as arrays. */
  keywords: ColumnType<string[], string, string>;
  image_urls: ColumnType<string[], string, string>;
  price_cents: number;
  status: string;
  sponsored: boolean;
  author_id: string;
  likes: ColumnType<number, number | undefined, number>;
  saves: ColumnType<number, number | undefined, number>;
  created_at: Date;
  updated_at: Date;
  last_position: bigint;
}

export interface TemplateLikesView {
  template_id: string;
  user_id: string;
}

/** Messages sent through the contact form; personal fields are vault ciphertext under the message id. */
export interface ContactMessagesView {
  id: string;
  name_enc: string;
  email_enc: string;
  message_enc: string;
  reason: string | null;
  sender_user_id: string | null;
  received_at: Date;
  last_position: bigint;
}

export interface Schema {
  events: EventsTable;
  projection_generations: ProjectionGenerationsTable;
  vault_keys: VaultKeysTable;
  users: UsersView;
  templates: TemplatesView;
  template_likes: TemplateLikesView;
  contact_messages: ContactMessagesView;
}
