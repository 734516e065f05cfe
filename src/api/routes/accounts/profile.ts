import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, storedSocialValue, type SocialNetwork } from '../../../domain/accounts/rules.js';
import { profileUpdateSchema } from '../../../domain/accounts/schemas.js';
import { IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES } from '../../../domain/shared/images.js';
import { z } from '../../../domain/shared/zod.js';
import { actorOf } from '../../actors.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import { uploadReadError } from '../../uploads.js';
import { signedIn, signedInOnly, tags, type AccountRouteDeps } from './deps.js';
import { currentUserSchema } from './schemas.js';
import { me, usernameAnswer } from './session-answers.js';

/** One's own profile: its details and its picture. */
export function profileRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/me/update',
      {
        config: signedInOnly,
        schema: { tags, summary: 'Change parts of the profile', body: profileUpdateSchema, response: { 200: currentUserSchema } },
      },
      async (request) => {
        const viewer = signedIn(request);
        const { username, social, ...rest } = request.body;
        if (username !== undefined) {
          const answer = await usernameAnswer(deps, username, viewer);
          if (!answer.available)
            throw new HttpError(answer.reserved ? 400 : 409, answer.reserved ? answer.message : ACCOUNT_MESSAGES.profileUsernameTaken);
        }
        const reducedSocial =
          social &&
          Object.fromEntries(
            Object.entries(social).map(([network, value]) => [
              network,
              value === undefined ? undefined : storedSocialValue(network as SocialNetwork, value),
            ]),
          );
        await deps.settle(await deps.accounts.updateProfile(viewer.userId, { ...rest, username, social: reducedSocial }, actorOf(viewer)));
        return me(deps, { ...viewer, username: username ?? viewer.username });
      },
    );

    app.post(
      '/users/me/picture',
      {
        config: signedInOnly,
        schema: {
          tags,
          summary: 'Upload a profile picture (multipart field "image")',
          response: { 200: z.object({ thumbnail: z.string() }) },
        },
      },
      async (request) => {
        const viewer = signedIn(request);
        await enforceLimit(request, 'uploadsPerUser', viewer.userId);
        let file;
        try {
          file = await request.file({ limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, parts: 5 } });
        } catch {
          throw new HttpError(400, 'Please send the picture as multipart/form-data in the field "image".');
        }
        if (!file || file.fieldname !== 'image') throw new HttpError(400, 'Please send the picture in the field "image".');
        const upload = await file.toBuffer().catch((error: unknown) => {
          throw uploadReadError(error);
        });
        if (file.file.truncated) throw new HttpError(413, IMAGE_MESSAGES.tooLarge);
        const url = await deps.images.store(upload, file.filename);
        const thumbnail = `${url}?v=${Date.now()}`;
        await deps.settle((await deps.accounts.changePicture(viewer.userId, thumbnail, actorOf(viewer))).position);
        return { thumbnail };
      },
    );

    app.delete(
      '/users/me/picture',
      { config: signedInOnly, schema: { tags, summary: 'Remove the profile picture', response: { 200: currentUserSchema } } },
      async (request) => {
        const viewer = signedIn(request);
        await deps.settle((await deps.accounts.changePicture(viewer.userId, null, actorOf(viewer))).position);
        return me(deps, viewer);
      },
    );
  };
}
