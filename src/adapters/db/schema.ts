import type { ColumnType, Generated } from 'kysely';
// Read models own their table types (next to their DDL); the Schema only composes them.
import type { TemplatesTables } from '../../projections/read-models/templates/tables.js';

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

/** Read models: views that point at the live generation's tables. */
export interface UsersView {
  id: string;
  username: string;
  display_name_enc: string | null;
  lvl: string;
  created_at: Date;
  last_position: bigint;
  email_enc: string | null;
  /** Vault blind index of the normalised e-mail address. */
  email_lookup: string | null;
  /** Argon2id PHC string; null for Google-only and erased accounts. */
  password_hash: string | null;
  google_key: string | null;
  verification: string;
  /** Vault ciphertext of the profile document (info and social links). */
  profile_enc: string | null;
  picture_url: string | null;
  notifications: ColumnType<Record<string, boolean>, string, string>;
  favorite_apps: ColumnType<string[], string, string>;
  is_creator: boolean | null;
  viewed_setup: boolean;
  erased: boolean;
}

/** Sessions by token hash: the server-side session store, written by the users projection. */
export interface SessionsView {
  token_hash: string;
  session_id: string;
  user_id: string;
  method: string;
  is_test_user: boolean;
  /** The admin who started a test-user session. */
  impersonated_by: string | null;
  expires_at: Date;
  ended_at: Date | null;
}

/** Counters of a template's page views, link clicks and comments. */
export interface TemplateActivityView {
  template_id: string;
  views: number;
  clicks: number;
  comments: number;
  last_position: bigint;
}

/** Comment text exactly as typed: the web app renders it as text. */
export interface CommentsView {
  id: string;
  template_id: string;
  author_id: string;
  message: string;
  created_at: Date;
  position: bigint;
}

/** Reports to moderators; name, e-mail and message are vault ciphertext under the reporter's key. */
export interface ReportsView {
  id: string;
  template_id: string;
  reporter_id: string;
  reason: string | null;
  name_enc: string;
  email_enc: string;
  message_enc: string;
  created_at: Date;
  position: bigint;
}

/** Users who gave kudos at least once (the get-started checklist). */
export interface KudosGiversView {
  user_id: string;
}

export interface RewardsView {
  /** The RewardEarned event's id. */
  id: string;
  user_id: string;
  type: string;
  points: number;
  description: string;
  earned_at: Date;
  position: bigint;
}

/** Where each reactor (a consumer that appends events, such as rewards) has got to in the log. */
export interface ReactorCheckpointsTable {
  reactor: string;
  position: bigint;
}

/** The Postgres search index: one row per template, searchable while live. */
export interface SearchDocumentsView {
  id: string;
  title_url: string;
  title: string;
  description: string;
  keywords: string[];
  tag_text: string;
  topic: string;
  platform: string;
  price_cents: number;
  status: string;
  searchable: boolean;
  author_id: string;
  created_at: Date;
  /** Likes, saves and views (minus take-backs) in the 90 days up to `last_engaged_at`. */
  popularity_90: ColumnType<number, number | undefined, number>;
  last_engaged_at: Date | null;
  last_position: bigint;
}

/** Engagement events counted by popularity, one row per event. */
export interface SearchEngagementView {
  event_id: string;
  template_id: string;
  /** +1 for a like, save or view; -1 for taking a like or save back. */
  weight: number;
  occurred_at: Date;
}

/** Every word of searchable titles, keywords, topics and apps: the vocabulary typos are corrected against. */
export interface SearchWordsView {
  word: string;
}

/** Search analytics: one row per search. */
export interface SearchesView {
  search_id: string;
  term: string;
  user_id: string | null;
  /** Who searched when nobody was signed in: a keyed digest of the address. */
  searcher: string | null;
  occurred_at: Date;
}

export interface SearchTermsView {
  term: string;
  /** How many people searched it (signed-in users, anonymous addresses), not how many requests. */
  searches: number;
  last_searched_at: Date;
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

/** Rate-limit windows shared by every instance (src/adapters/rate-limit). */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  expires_at: Date;
}

/** Which searchable template uses which vocabulary word: a word goes when its last user does. */
export interface SearchWordTemplatesView {
  word: string;
  template_id: string;
}

export interface Schema extends TemplatesTables {
  rate_limit_counters: RateLimitCountersTable;
  events: EventsTable;
  projection_generations: ProjectionGenerationsTable;
  vault_keys: VaultKeysTable;
  mail_outbox: MailOutboxTable;
  users: UsersView;
  sessions: SessionsView;
  template_activity: TemplateActivityView;
  comments: CommentsView;
  reports: ReportsView;
  kudos_givers: KudosGiversView;
  rewards: RewardsView;
  reactor_checkpoints: ReactorCheckpointsTable;
  search_documents: SearchDocumentsView;
  search_engagement: SearchEngagementView;
  search_words: SearchWordsView;
  search_word_templates: SearchWordTemplatesView;
  searches: SearchesView;
  search_terms: SearchTermsView;
  contact_messages: ContactMessagesView;
}
