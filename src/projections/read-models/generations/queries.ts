import type { Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { GenerationJobsView } from './tables.js';

export type GenerationJobRow = Omit<GenerationJobsView, 'last_position'>;

export async function generationJob(db: Kysely<Schema>, jobId: string): Promise<GenerationJobRow | null> {
  const row = await db.selectFrom('generation_jobs').selectAll().where('job_id', '=', jobId).executeTakeFirst();
  return row ?? null;
}

/** Jobs queued or cut off while generating: the worker resumes (or fails) them when it starts. */
export async function unfinishedGenerationJobIds(db: Kysely<Schema>): Promise<string[]> {
  const rows = await db
    .selectFrom('generation_jobs')
    .select('job_id')
    .where('status', 'in', ['queued', 'generating'])
    .orderBy('requested_at')
    .execute();
  return rows.map((row) => row.job_id);
}

/** The first file of a job (its result); copies have their own ids. */
export async function originalFileOf(db: Kysely<Schema>, jobId: string): Promise<{ fileId: string; fileName: string } | null> {
  const row = await db
    .selectFrom('generated_files')
    .select(['file_id', 'file_name'])
    .where('job_id', '=', jobId)
    .orderBy('created_at')
    .orderBy('last_position')
    .executeTakeFirst();
  return row ? { fileId: row.file_id, fileName: row.file_name } : null;
}

/** A file with what it is built from. */
export async function generatedFile(db: Kysely<Schema>, fileId: string) {
  const row = await db
    .selectFrom('generated_files')
    .innerJoin('generation_jobs', 'generation_jobs.job_id', 'generated_files.job_id')
    .select([
      'generated_files.file_id',
      'generated_files.file_name',
      'generation_jobs.job_id',
      'generation_jobs.kind',
      'generation_jobs.style_id',
      'generation_jobs.content',
    ])
    .where('generated_files.file_id', '=', fileId)
    .executeTakeFirst();
  return row ?? null;
}
