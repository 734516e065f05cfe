import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GenerationUseCases } from '../../../commands/generator/generation.js';
import { GENERATOR_MESSAGES } from '../../../domain/generator/rules.js';
import { z } from '../../../domain/shared/zod.js';
import { actorOf } from '../../actors.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import type { Settle } from '../route-deps.js';
import { isUuid } from './owner.js';

export const fileUrl = (fileId: string, fileName: string) => `/api/ai/templates/files/${fileId}/${encodeURIComponent(fileName)}`;
export const copyPageUrl = (fileId: string) => `/generate/copy/${fileId}`;

/** A generated file's download, and a copy of it of the caller's own. */
export function generatedFileRoutes(deps: { generation: GenerationUseCases; settle: Settle }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ai/templates/files/:fileId/:fileName',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'A generated .pptx or .docx (Open Your Template); the file id in the link is what grants access',
          tags: ['generator'],
          params: z.object({ fileId: z.string().max(100), fileName: z.string().max(200) }),
          // Sent as bytes: Fastify does not serialise a Buffer, this only documents the answer.
          response: { 200: z.custom<Buffer>((value) => Buffer.isBuffer(value)).describe('The .pptx or .docx file, as an attachment') },
        },
      },
      async (request, reply) => {
        const file = isUuid(request.params.fileId) ? await deps.generation.officeFile(request.params.fileId) : null;
        if (!file) throw new HttpError(404, GENERATOR_MESSAGES.unknownFile);
        return reply
          .type(file.mimeType)
          .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/gu, '_')}"`)
          .header('cache-control', 'private, max-age=3600')
          .send(file.bytes);
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
        const viewer = request.viewer;
        const actor = viewer ? actorOf(viewer) : { userId: null, role: 'anonymous' as const };
        const admit = () => enforceLimit(request, 'generatedCopiesPerAddress', request.ip);
        const copy = isUuid(request.params.fileId) ? await deps.generation.copyFile(request.params.fileId, actor, admit) : null;
        if (!copy) throw new HttpError(404, GENERATOR_MESSAGES.unknownFile);
        await deps.settle(copy.position);
        return reply.status(201).send({ fileId: copy.fileId, fileName: copy.fileName, resultUrl: fileUrl(copy.fileId, copy.fileName) });
      },
    );
  };
}
