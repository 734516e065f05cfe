import type { JobStatus } from '../../../domain/generator/job-lifecycle.js';
import type { GeneratedContent, GenerationKind } from '../../../domain/generator/rules.js';
import type { DdlDatabase, GenerationTables } from '../tables.js';

/** One row per generation job: its status for polling, and the outline its files are built from. */
export interface GenerationJobsView {
  job_id: string;
  kind: GenerationKind;
  owner_user_id: string | null;
  owner_guest_key: string | null;
  status: JobStatus;
  error: string | null;
  attempts: number;
  writer: string | null;
  model: string | null;
  style_id: string | null;
  content: GeneratedContent | null;
  /** The Google Slides / Docs copy, when Google credentials are configured. */
  google_open_url: string | null;
  google_copy_url: string | null;
  requested_at: Date;
  updated_at: Date;
  last_position: bigint;
}

/** Every file of a job: the original and each copy ('Copy'); the file id is the unguessable part of its link. */
export interface GeneratedFilesView {
  file_id: string;
  job_id: string;
  file_name: string;
  created_at: Date;
  last_position: bigint;
}

export interface GenerationsTables {
  generation_jobs: GenerationJobsView;
  generated_files: GeneratedFilesView;
}

export async function createGenerationsTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.generation_jobs)
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('owner_user_id', 'text')
    .addColumn('owner_guest_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('writer', 'text')
    .addColumn('model', 'text')
    .addColumn('style_id', 'text')
    .addColumn('content', 'jsonb')
    .addColumn('google_open_url', 'text')
    .addColumn('google_copy_url', 'text')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema.createIndex(`${t.generation_jobs}_status`).on(t.generation_jobs).column('status').execute();
  await trx.schema
    .createTable(t.generated_files)
    .addColumn('file_id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .execute();
}
