import { defineProjection } from '../../projection.js';
import { createGenerationsTables } from './tables.js';

/** Generation jobs for polling and their files for download; each step guarded by the log position (a late replay never undoes a newer step). */
export const generationsProjection = defineProjection({
  name: 'generations',
  version: 1,
  handles: ['GenerationRequested', 'GenerationStarted', 'GenerationSucceeded', 'GenerationFailed', 'GeneratedFileCopied'],
  tables: ['generation_jobs', 'generated_files'],
  createTables: createGenerationsTables,
  async apply(trx, events, t) {
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const position = event.position;
      const update = (
        values: Partial<{
          status: 'generating' | 'done' | 'failed';
          error: string | null;
          attempts: number;
          writer: string;
          model: string | null;
          content: string;
          google_open_url: string | null;
          google_copy_url: string | null;
        }>,
      ) =>
        trx
          .updateTable(t.generation_jobs)
          .set({ ...(values as Record<string, unknown>), updated_at: at, last_position: position })
          .where('job_id', '=', event.data.jobId)
          .where('last_position', '<', position)
          .execute();
      switch (event.type) {
        case 'GenerationRequested':
          await trx
            .insertInto(t.generation_jobs)
            .values({
              job_id: event.data.jobId,
              kind: event.data.kind,
              owner_user_id: event.data.owner.userId,
              owner_guest_key: event.data.owner.guestKey,
              status: 'queued',
              error: null,
              attempts: 0,
              writer: null,
              model: null,
              style_id: event.data.styleId,
              content: null,
              google_open_url: null,
              google_copy_url: null,
              requested_at: at,
              updated_at: at,
              last_position: position,
            })
            .onConflict((oc) => oc.column('job_id').doNothing())
            .execute();
          break;
        case 'GenerationStarted':
          await update({ status: 'generating', attempts: event.data.attempt, writer: event.data.writer });
          break;
        case 'GenerationSucceeded':
          await update({
            status: 'done',
            content: JSON.stringify(event.data.content),
            writer: event.data.writer,
            model: event.data.model,
            google_open_url: event.data.google?.openUrl ?? null,
            google_copy_url: event.data.google?.copyUrl ?? null,
          });
          await trx
            .insertInto(t.generated_files)
            .values({
              file_id: event.data.fileId,
              job_id: event.data.jobId,
              file_name: event.data.fileName,
              created_at: at,
              last_position: position,
            })
            .onConflict((oc) => oc.column('file_id').doNothing())
            .execute();
          break;
        case 'GenerationFailed':
          await update({ status: 'failed', error: event.data.message });
          break;
        case 'GeneratedFileCopied':
          await trx
            .insertInto(t.generated_files)
            .values({
              file_id: event.data.fileId,
              job_id: event.data.jobId,
              file_name: event.data.fileName,
              created_at: at,
              last_position: position,
            })
            .onConflict((oc) => oc.column('file_id').doNothing())
            .execute();
          break;
      }
    }
  },
});
