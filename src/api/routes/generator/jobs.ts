import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkGenerationRequest, refusePrivateData, type GenerationUseCases } from '../../../commands/generator/generation.js';
import { isStaff } from '../../../domain/accounts/access.js';
import { JOB_STATUSES } from '../../../domain/generator/job-lifecycle.js';
import {
  generateRequestSchema,
  GENERATOR,
  GENERATOR_MESSAGES,
  questionSetSchema,
  questionsRequestSchema,
} from '../../../domain/generator/rules.js';
import { z } from '../../../domain/shared/zod.js';
import { originalFileOf } from '../../../projections/read-models/generations/queries.js';
import { actorOf } from '../../actors.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import type { Settle } from '../route-deps.js';
import { copyPageUrl, fileUrl } from './files.js';
import { ownerOf, ownJob, type GenerationOwnership } from './owner.js';

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

export type GenerationJobDeps = GenerationOwnership & {
  generation: GenerationUseCases;
  settle: Settle;
  /** GUEST_GENERATIONS_PER_HOUR: the budget every guest shares. */
  guestGenerationsPerHour: number;
};

/** Follow-up questions, starting a generation job, and polling it. */
export function generationJobRoutes(deps: GenerationJobDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
        refusePrivateData(request.body.brief, request.body.audience);
        await enforceLimit(request, 'generatorQuestionsPerAddress', request.ip);
        const questions = await deps.generation.questions(request.body);
        if (questions === null) throw new HttpError(502, GENERATOR_MESSAGES.questionsFailed);
        return { questions };
      },
    );

    app.post(
      '/ai/templates',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Start a generation job',
          tags: ['generator'],
          body: generateRequestSchema,
          response: { 202: z.object({ jobId: z.string() }) },
        },
      },
      async (request, reply) => {
        const viewer = request.viewer;
        const overrides = checkGenerationRequest(request.body, isStaff(viewer));
        await enforceLimit(request, 'generationsPerAddress', request.ip);
        if (viewer) await enforceLimit(request, 'generationsPerUser', viewer.userId);
        // Guests with many addresses share one budget: each generation may be a paid model call.
        else await enforceLimit(request, 'guestGenerationsSiteWide', 'all-guests', deps.guestGenerationsPerHour);
        const owner = await ownerOf(deps, request, reply);
        const actor = viewer ? actorOf(viewer) : { userId: null, role: 'anonymous' as const };
        const { jobId, position } = await deps.generation.requestGeneration(request.body, overrides, owner!, actor);
        // The first poll must find the job.
        await deps.settle(position);
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
          const job = await ownJob(deps, request, request.params.jobId, kind);
          const file = job.status === 'done' ? await originalFileOf(deps.db, job.job_id) : null;
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
  };
}
