import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from '../../domain/shared/zod.js';

import { GENERATOR_DEFAULTS, ModelError, type TemplateWriter } from '../../adapters/ai/writer.js';
import type { Schema } from '../../adapters/db/schema.js';
import { buildDocument, buildSlideDeck, OFFICE_MIME_TYPES } from '../../adapters/documents/office-files.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';
import { generationDecider } from '../../domain/generator/decider.js';
import { generationStream, type GenerationOwner } from '../../domain/generator/events.js';
import { JOB_STATUSES } from '../../domain/generator/job-lifecycle.js';
import {
  generateRequestSchema,
  GENERATOR,
  GENERATOR_MESSAGES,
  hintsText,
  kindOfApp,
  parseHintsOverride,
  privateDataIn,
  questionSetSchema,
  questionsRequestSchema,
  SLIDE_STYLES,
  styleById,
  type GenerationKind,
} from '../../domain/generator/rules.js';
import { generatedFile, generationJob, originalFileOf } from '../../projections/read-models/generations/queries.js';
import { actorOf } from '../actors.js';
import { HttpError } from '../errors.js';
import { guestIdOf } from '../guest-cookie.js';
import { enforceLimit } from '../rate-limits.js';
import { isStaff } from '../../domain/accounts/access.js';

/** A guest's generator cookie: a random id, so only the browser that asked can poll its job. */
export const GENERATOR_GUEST_COOKIE = 'tessera_generator';

const jobAnswer = z.object({
  jobId: z.string(),
  status: z.enum(JOB_STATUSES),
  error: z.string().nullable(),
  resultUrl: z.string().nullable(),
  copyUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  /** 'model' when an AI model wrote the content ('Powered by GPT'); 'offline' for the fixed outline. */
  writer: z.enum(['model', 'offline']).nullable(),
});

export const fileUrl = (fileId: string, fileName: string) => `/api/ai/templates/files/${fileId}/${encodeURIComponent(fileName)}`;
export const copyPageUrl = (fileId: string) => `/generate/copy/${fileId}`;


export interface GeneratorDeps {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  commands: CommandBus;
  writer: TemplateWriter;
  secureCookies: boolean;
  settle: (position: bigint | null) => Promise<void>;
}

/** The AI template generator: styles, follow-up questions, jobs and their files (generator-admin-site.md section 7). */
export function generatorRoutes(deps: GeneratorDeps): FastifyPluginAsyncZod {
  const { db, vault, commands, writer } = deps;

  /** The owner of what this request generates: the user, or a keyed digest of the guest's cookie (set on first use). */
  async function ownerOf(request: FastifyRequest, reply: FastifyReply | null): Promise<GenerationOwner | null> {
    if (request.viewer) return { userId: request.viewer.userId, guestKey: null };
    const guestId = guestIdOf(request, reply, { name: GENERATOR_GUEST_COOKIE, path: '/api/ai', secure: deps.secureCookies });
    if (guestId === null) return null;
    return { userId: null, guestKey: await vault.blindIndex(`generator-guest:${guestId}`) };
  }

  async function ownJob(request: FastifyRequest, jobId: string, kind: GenerationKind) {
    const job = z.uuid().safeParse(jobId).success ? await generationJob(db, jobId) : null;
    if (!job) throw new HttpError(404, GENERATOR_MESSAGES.unknownJob);
    const owner = await ownerOf(request, null);
    const mine = owner !== null && (owner.userId !== null ? job.owner_user_id === owner.userId : job.owner_guest_key === owner.guestKey);
    if (!mine) throw new HttpError(403, GENERATOR_MESSAGES.notYourJob);
    if (job.kind !== kind) throw new HttpError(404, GENERATOR_MESSAGES.wrongJobKind(kind));
    return job;
  }

  function refusePrivateData(...texts: (string | undefined | null)[]): void {
    const kind = privateDataIn(...texts.map((text) => text ?? undefined));
    if (kind !== null) throw new HttpError(400, GENERATOR_MESSAGES.privateData(kind));
  }

  return async (app) => {
    app.get(
      '/ai/status',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Whether a model writes (Powered by GPT) or the offline outline does, and the version label',
          tags: ['generator'],
          response: { 200: z.object({ mode: z.enum(['model', 'offline']), versionLabel: z.string() }) },
        },
      },
      async () => ({ mode: writer.mode, versionLabel: GENERATOR.versionLabel }),
    );

    app.get(
      '/ai/templates/list',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Slide styles for the rail, the default first',
          tags: ['generator'],
          response: { 200: z.array(z.object({ id: z.string(), name: z.string(), thumbUrl: z.string() })) },
        },
      },
      async () => SLIDE_STYLES.map(({ id, name, thumbUrl }) => ({ id, name, thumbUrl })),
    );

    app.get(
      '/ai/templates/slides/defaults',
      {
        config: { access: 'admin' },
        schema: {
          summary: 'The default prompt template and hints, for the admins’ override editors',
          tags: ['generator'],
          response: { 200: z.object({ defaultPromptTemplate: z.string(), defaultHints: z.record(z.string(), z.unknown()) }) },
        },
      },
      async () => GENERATOR_DEFAULTS,
    );

    app.post(
      '/ai/templates/questions',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Follow-up question sets for a document brief',
          tags: ['generator'],
          body: questionsRequestSchema,
          response: { 200: z.object({ questions: z.array(questionSetSchema) }) },
        },
      },
      async (request) => {
        const { brief, audience, app: generatorApp, numSlides } = request.body;
        refusePrivateData(brief, audience);
        await enforceLimit(request, 'generatorQuestionsPerAddress', request.ip);
        try {
          const questions = await writer.questions({ kind: kindOfApp(generatorApp), brief, audience: audience || null, numSlides: numSlides ?? null, answers: {}, promptOverride: null, hints: null });
          return { questions };
        } catch (error) {
          if (error instanceof ModelError) throw new HttpError(502, GENERATOR_MESSAGES.questionsFailed);
          throw error;
        }
      },
    );

    app.post(
      '/ai/templates',
      {
        config: { access: 'anyone' },
        schema: { summary: 'Start a generation job', tags: ['generator'], body: generateRequestSchema, response: { 202: z.object({ jobId: z.string() }) } },
      },
      async (request, reply) => {
        const body = request.body;
        const viewer = request.viewer;
        const promptOverride = body.overridePromptTemplate?.trim() || null;
        const hints = parseHintsOverride(hintsText(body.overrideHints));
        if (!hints.ok) throw new HttpError(400, hints.message);
        if ((promptOverride !== null || hints.hints !== null) && !isStaff(viewer)) throw new HttpError(403, GENERATOR_MESSAGES.overridesAdminOnly);
        const answerTexts = Object.values(body.answers ?? {}).flatMap((value) => (typeof value === 'number' ? [] : [value].flat()));
        refusePrivateData(body.brief, body.audience, ...answerTexts);

        await enforceLimit(request, 'generationsPerAddress', request.ip);
        if (viewer) await enforceLimit(request, 'generationsPerUser', viewer.userId);
        const owner = await ownerOf(request, reply);
        const kind = kindOfApp(body.app);
        const jobId = randomUUID();
        const result = await commands.handle(
          generationDecider,
          generationStream(jobId),
          {
            type: 'RequestGeneration',
            data: {
              jobId,
              kind,
              owner: owner!,
              brief: body.brief,
              audience: kind === 'slides' ? body.audience || null : null,
              numSlides: kind === 'slides' ? (body.numSlides ?? GENERATOR.defaultSlides) : null,
              styleId: kind === 'slides' ? styleById(body.templateId).id : null,
              answers: kind === 'docs' ? (body.answers ?? {}) : {},
              promptOverride,
              hintsOverride: hints.hints,
            },
          },
          { actor: viewer ? actorOf(viewer) : { userId: null, role: 'anonymous' } },
        );
        // The first poll must find the job.
        await deps.settle(result.position);
        return reply.status(202).send({ jobId });
      },
    );

    for (const kind of ['slides', 'docs'] as const) {
      app.get(
        `/ai/templates/${kind}/job/:jobId`,
        {
          config: { access: 'anyone' },
          schema: {
            summary: `The status of a ${kind === 'slides' ? 'slide deck' : 'document'} generation (polled every ${GENERATOR.pollIntervalMs} ms)`,
            tags: ['generator'],
            params: z.object({ jobId: z.string().max(100) }),
            response: { 200: jobAnswer },
          },
        },
        async (request) => {
          const job = await ownJob(request, request.params.jobId, kind);
          const file = job.status === 'done' ? await originalFileOf(db, job.job_id) : null;
          return {
            jobId: job.job_id,
            status: job.status,
            error: job.error,
            resultUrl: file ? (job.google_open_url ?? fileUrl(file.fileId, file.fileName)) : null,
            copyUrl: file ? (job.google_copy_url ?? copyPageUrl(file.fileId)) : null,
            fileName: file?.fileName ?? null,
            writer: job.writer === 'model' ? ('model' as const) : job.writer === 'offline' ? ('offline' as const) : null,
          };
        },
      );
    }

    app.get(
      '/ai/templates/files/:fileId/:fileName',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'A generated .pptx or .docx (Open Your Template); the file id in the link is what grants access',
          tags: ['generator'],
          params: z.object({ fileId: z.string().max(100), fileName: z.string().max(200) }),
        },
      },
      async (request, reply) => {
        const file = z.uuid().safeParse(request.params.fileId).success ? await generatedFile(db, request.params.fileId) : null;
        if (!file || file.content === null) throw new HttpError(404, GENERATOR_MESSAGES.unknownFile);
        const slides = file.kind === 'slides';
        const bytes = slides ? await buildSlideDeck(file.content, styleById(file.style_id)) : await buildDocument(file.content);
        return reply
          .type(slides ? OFFICE_MIME_TYPES.pptx : OFFICE_MIME_TYPES.docx)
          .header('content-disposition', `attachment; filename="${file.file_name.replace(/[^\w.-]/gu, '_')}"`)
          .header('cache-control', 'private, max-age=3600')
          .send(bytes);
      },
    );

    app.post(
      '/ai/templates/files/:fileId/copy',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Copy: a file of the caller’s own, built from the same outline',
          tags: ['generator'],
          params: z.object({ fileId: z.string().max(100) }),
          response: { 201: z.object({ fileId: z.string(), fileName: z.string(), resultUrl: z.string() }) },
        },
      },
      async (request, reply) => {
        const file = z.uuid().safeParse(request.params.fileId).success ? await generatedFile(db, request.params.fileId) : null;
        if (!file) throw new HttpError(404, GENERATOR_MESSAGES.unknownFile);
        await enforceLimit(request, 'generatedCopiesPerAddress', request.ip);
        const viewer = request.viewer;
        const fileId = randomUUID();
        const fileName = `Copy-of-${file.file_name}`.slice(0, 120);
        const result = await commands.handle(
          generationDecider,
          generationStream(file.job_id),
          { type: 'CopyGeneratedFile', data: { jobId: file.job_id, fileId, fileName, copiedBy: viewer?.userId ?? null } },
          { actor: viewer ? actorOf(viewer) : { userId: null, role: 'anonymous' } },
        );
        await deps.settle(result.position);
        return reply.status(201).send({ fileId, fileName, resultUrl: fileUrl(fileId, fileName) });
      },
    );
  };
}
