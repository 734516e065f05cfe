import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import type { Schema } from '../../adapters/db/schema.js';
import { openingEvent, type EventStore } from '../../adapters/eventstore/port.js';
import { ModelError, type TemplateWriter } from '../../adapters/ai/writer.js';
import { buildDocument, buildSlideDeck } from '../../adapters/documents/office-files.js';
import type { GooglePublisher } from '../../adapters/google/drive-publisher.js';
import { generationDecider } from '../../domain/generator/decider.js';
import { generationStream, type GenerationRequested } from '../../domain/generator/events.js';
import { GENERATOR_MESSAGES, styleById, type GeneratedContent } from '../../domain/generator/rules.js';
import type { Actor } from '../../domain/shared/events.js';
import type { Reactor } from './reactor-runner.js';
import { unfinishedGenerationJobIds } from '../read-models/generations/queries.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';

const WORKER_ACTOR: Actor = { userId: null, role: 'system' };
/** Jobs run side by side in one process (each mostly waits for the model). */
export const GENERATION_CONCURRENCY = 2;

/** A file name from the title: letters, digits and dashes, with the format's extension. */
export function fileNameFor(content: GeneratedContent, kind: 'slides' | 'docs'): string {
  const base =
    content.title
      .normalize('NFKD')
      .replace(/[^\w\s-]/gu, '')
      .trim()
      .replace(/\s+/gu, '-')
      .slice(0, 60) || 'template';
  return `${base}.${kind === 'slides' ? 'pptx' : 'docx'}`;
}

/**
 * Runs generation jobs. A reactor hands it each GenerationRequested as the log grows; on start,
 * `recover` takes every job the read model shows queued or generating — those a stopped server
 * left behind — and runs it again: the decider makes that a new attempt, or fails the job once it
 * had its attempts, so no job stays 'generating' for ever. Stopping aborts the model calls and
 * leaves the jobs as they are, for the next start.
 */
export class GenerationWorker {
  readonly #limit = pLimit(GENERATION_CONCURRENCY);
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #abort = new AbortController();

  constructor(
    private readonly deps: {
      commands: CommandBus;
      store: EventStore;
      db: Kysely<Schema>;
      writer: TemplateWriter;
      /** With Google credentials: each file is also created in Google Slides / Docs. */
      google?: GooglePublisher | null;
      /** Resolves once the generations read model has read the whole log (before `recover` trusts it). */
      waitForReadModels: () => Promise<boolean>;
      log?: (line: string) => void;
    },
  ) {}

  /** Feeds the worker each new request from the log. */
  get reactor(): Reactor {
    return {
      name: 'generation-worker',
      handles: ['GenerationRequested'],
      react: async (event) => {
        this.enqueue((event.data as GenerationRequested['data']).jobId);
      },
    };
  }

  /** Runs again every job a stopped server left queued or generating. Answers how many it took. */
  async recover(): Promise<number> {
    if (!(await this.deps.waitForReadModels()))
      this.deps.log?.('generation worker: the read models are behind; recovering from what they show');
    const jobIds = await unfinishedGenerationJobIds(this.deps.db);
    for (const jobId of jobIds) this.enqueue(jobId);
    return jobIds.length;
  }

  /** Settles when every job handed over so far has finished (tests). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight.values()]);
  }

  enqueue(jobId: string): void {
    if (this.#inFlight.has(jobId) || this.#abort.signal.aborted) return;
    const run = this.#limit(() => this.#run(jobId, this.#abort.signal))
      .catch((error: unknown) => this.deps.log?.(`generation ${jobId}: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => this.#inFlight.delete(jobId));
    this.#inFlight.set(jobId, run);
  }

  /** For good: aborts the model calls under way; their jobs stay 'generating' and are resumed on the next start. */
  async stop(): Promise<void> {
    this.#abort.abort();
    this.#limit.clearQueue();
    await Promise.allSettled([...this.#inFlight.values()]);
  }

  /** Google is an extra: when it fails, the file Tessera serves is the result, and the failure is logged. */
  async #publishToGoogle(jobId: string, file: Parameters<GooglePublisher['publish']>[0]) {
    if (!this.deps.google) return null;
    try {
      return await this.deps.google.publish(file);
    } catch (error) {
      this.deps.log?.(
        `generation ${jobId}: Google Drive refused the file (${error instanceof Error ? error.message : String(error)}); serving it from Tessera`,
      );
      return null;
    }
  }

  async #run(jobId: string, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    const stream = generationStream(jobId);
    const requested = await openingEvent(this.deps.store, stream);
    if (requested?.type !== 'GenerationRequested') return;
    const request = requested.data as GenerationRequested['data'];
    const context = { actor: WORKER_ACTOR, correlationId: requested.metadata.correlationId, causationId: requested.id };
    const { writer, commands } = this.deps;

    const started = await commands.handle(
      generationDecider,
      stream,
      { type: 'StartGeneration', data: { jobId, writer: writer.mode } },
      context,
    );
    if (started.events[0]?.type !== 'GenerationStarted') return; // finished already, or failed for running out of attempts

    try {
      const content = await writer.content(
        {
          kind: request.kind,
          brief: request.brief,
          audience: request.audience,
          numSlides: request.numSlides,
          answers: request.answers,
          promptOverride: request.promptOverride,
          hints: request.hintsOverride,
        },
        signal,
      );
      await commands.handle(generationDecider, stream, { type: 'RecordProgress', data: { jobId, step: 'content_written' } }, context);
      // Built once here so that a job only succeeds with an outline that makes a file; served files are rebuilt from the event.
      const bytes = request.kind === 'slides' ? await buildSlideDeck(content, styleById(request.styleId)) : await buildDocument(content);
      const fileName = fileNameFor(content, request.kind);
      const google = await this.#publishToGoogle(jobId, { bytes, name: fileName, kind: request.kind });
      await commands.handle(
        generationDecider,
        stream,
        {
          type: 'CompleteGeneration',
          data: { jobId, fileId: randomUUID(), fileName, content, writer: writer.mode, model: writer.model, google },
        },
        context,
      );
    } catch (error) {
      if (signal.aborted) return;
      const failure =
        error instanceof ModelError
          ? { reason: error.reason, message: error.message }
          : { reason: 'error' as const, message: GENERATOR_MESSAGES.templateFailed };
      if (!(error instanceof ModelError))
        this.deps.log?.(`generation ${jobId} failed: ${error instanceof Error ? error.stack : String(error)}`);
      await commands.handle(generationDecider, stream, { type: 'FailGeneration', data: { jobId, ...failure } }, context);
    }
  }
}
