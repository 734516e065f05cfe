import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { GENERATOR_DEFAULTS, ModelError, type TemplateWriter } from '../../adapters/ai/writer.js';
import type { Schema } from '../../adapters/db/schema.js';
import { buildDocument, buildSlideDeck, OFFICE_MIME_TYPES } from '../../adapters/documents/office-files.js';
import { generationDecider } from '../../domain/generator/decider.js';
import { generationStream, type GenerationOwner } from '../../domain/generator/events.js';
import {
  GENERATOR,
  GENERATOR_MESSAGES,
  hintsText,
  kindOfApp,
  parseHintsOverride,
  privateDataIn,
  styleById,
  type GenerateRequest,
  type QuestionsRequest,
  type QuestionSet,
} from '../../domain/generator/rules.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import { generatedFile } from '../../projections/read-models/generations/queries.js';
import type { CommandBus } from '../bus/handle-command.js';

export interface GenerationDeps {
  commands: CommandBus;
  db: Kysely<Schema>;
  writer: TemplateWriter;
}

/** An admin's override of the prompt and hints, checked before anything is counted or written. */
export interface GenerationOverrides {
  promptOverride: string | null;
  hintsOverride: Record<string, unknown> | null;
}

/** Refuses a brief (or answers) holding personal data: nothing of it reaches a model or the log. */
export function refusePrivateData(...texts: (string | undefined | null)[]): void {
  const kind = privateDataIn(...texts.map((text) => text ?? undefined));
  if (kind !== null) throw new DomainError('invalid', GENERATOR_MESSAGES.privateData(kind));
}

/** The checks of a generation request that need no state: overrides (staff only) and personal data. */
export function checkGenerationRequest(request: GenerateRequest, byStaff: boolean): GenerationOverrides {
  const promptOverride = request.overridePromptTemplate?.trim() || null;
  const hints = parseHintsOverride(hintsText(request.overrideHints));
  if (!hints.ok) throw new DomainError('invalid', hints.message);
  if ((promptOverride !== null || hints.hints !== null) && !byStaff)
    throw new DomainError('forbidden', GENERATOR_MESSAGES.overridesAdminOnly);
  const answerTexts = Object.values(request.answers ?? {}).flatMap((value) => (typeof value === 'number' ? [] : [value].flat()));
  refusePrivateData(request.brief, request.audience, ...answerTexts);
  return { promptOverride, hintsOverride: hints.hints };
}

/** The AI template generator's use cases: questions, generation jobs and their files. */
export function createGenerationUseCases(deps: GenerationDeps) {
  const { commands, db, writer } = deps;
  return {
    /** 'model' when an AI model writes ('Powered by GPT'); 'offline' for the fixed outline. */
    writerMode: (): 'model' | 'offline' => writer.mode,
    defaults: GENERATOR_DEFAULTS,

    /** Follow-up question sets for a brief; null when the model failed to answer. */
    async questions(request: QuestionsRequest): Promise<QuestionSet[] | null> {
      const { brief, audience, app, numSlides } = request;
      try {
        return await writer.questions({
          kind: kindOfApp(app),
          brief,
          audience: audience || null,
          numSlides: numSlides ?? null,
          answers: {},
          promptOverride: null,
          hints: null,
        });
      } catch (error) {
        if (error instanceof ModelError) return null;
        throw error;
      }
    },

    /** Starts a job the generation worker runs; `overrides` come from checkGenerationRequest. */
    async requestGeneration(
      request: GenerateRequest,
      overrides: GenerationOverrides,
      owner: GenerationOwner,
      actor: Actor,
    ): Promise<{ jobId: string; position: bigint | null }> {
      const kind = kindOfApp(request.app);
      const jobId = randomUUID();
      const data = {
        jobId,
        kind,
        owner,
        brief: request.brief,
        audience: kind === 'slides' ? request.audience || null : null,
        numSlides: kind === 'slides' ? (request.numSlides ?? GENERATOR.defaultSlides) : null,
        styleId: kind === 'slides' ? styleById(request.templateId).id : null,
        answers: kind === 'docs' ? (request.answers ?? {}) : {},
        ...overrides,
      };
      const result = await commands.handle(generationDecider, generationStream(jobId), { type: 'RequestGeneration', data }, { actor });
      return { jobId, position: result.position };
    },

    /**
     * A copy of a generated file for whoever asks (the file id is the access); null when there is no
     * such file. `admit` (a rate limit) runs once the file is found, before anything is written.
     */
    async copyFile(
      fileId: string,
      actor: Actor,
      admit: () => Promise<void>,
    ): Promise<{ fileId: string; fileName: string; position: bigint | null } | null> {
      const file = await generatedFile(db, fileId);
      if (!file) return null;
      await admit();
      const copyId = randomUUID();
      const fileName = `Copy-of-${file.file_name}`.slice(0, 120);
      const result = await commands.handle(
        generationDecider,
        generationStream(file.job_id),
        { type: 'CopyGeneratedFile', data: { jobId: file.job_id, fileId: copyId, fileName, copiedBy: actor.userId } },
        { actor },
      );
      return { fileId: copyId, fileName, position: result.position };
    },

    /** The .pptx or .docx of a generated file, built from its outline; null when there is none. */
    async officeFile(fileId: string): Promise<{ bytes: Buffer; mimeType: string; fileName: string } | null> {
      const file = await generatedFile(db, fileId);
      if (!file || file.content === null) return null;
      const slides = file.kind === 'slides';
      const bytes = slides ? await buildSlideDeck(file.content, styleById(file.style_id)) : await buildDocument(file.content);
      return { bytes, mimeType: slides ? OFFICE_MIME_TYPES.pptx : OFFICE_MIME_TYPES.docx, fileName: file.file_name };
    },
  };
}

export type GenerationUseCases = ReturnType<typeof createGenerationUseCases>;
