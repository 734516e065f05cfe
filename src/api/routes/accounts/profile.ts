import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  PROFILE_PAGE_SIZE,
  storedSocialValue,
  type SocialNetwork,
} from '../../../domain/accounts/rules.js';
import { profileUpdateSchema } from '../../../domain/accounts/schemas.js';
import { IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES } from '../../../domain/shared/images.js';
import { pageCounts } from '../../../domain/shared/pagination.js';
import { z } from '../../../domain/shared/zod.js';
import { authorResourcesPage } from '../../../projections/read-models/templates/queries.js';
import { toResourceView } from '../../../projections/read-models/templates/views.js';
import { existingUserById, userByUsername } from '../../../projections/read-models/users/queries.js';
import { actorOf } from '../../actors.js';
import { clearSessionCookie } from '../../auth/sessions.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import { uploadReadError } from '../../uploads.js';
import { resourceSchema } from '../resources.js';
import { anyone, signedIn, signedInOnly, tags, type AccountRouteDeps } from './deps.js';
import { currentUserSchema, publicProfileSchema, successAnswer } from './schemas.js';
import { me, usernameAnswer } from './session-answers.js';
import { publicProfileOf } from './user-views.js';

/** A password to check against a stored one; longer ones cannot match any we accepted. */
const storedPasswordText = z.string().max(ACCOUNT_LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooLong);

const publicProfileAnswer = z.object({
  user: publicProfileSchema,
  isOwner: z.boolean(),
  posts: z.array(resourceSchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalItems: z.number(),
    itemsPerPage: z.number(),
    showing: z.string(),
    pageStatus: z.string(),
  }),
});

/** One's own profile (details, picture, deleting the account) and anyone's public profile. */
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

    app.post(
      '/users/me/delete',
      {
        config: signedInOnly,
        schema: {
          tags,
          summary: 'Delete my account (erases personal data)',
          body: z.object({ password: storedPasswordText.optional() }).optional(),
          response: { 200: successAnswer },
        },
      },
      async (request, reply) => {
        const viewer = signedIn(request);
        if (viewer.impersonatedBy !== null) throw new HttpError(403, 'Test-user sessions cannot delete the account.');
        const row = await existingUserById(deps.db, viewer.userId);
        // A stolen session alone cannot erase an account that has a password.
        if (row.password_hash !== null) {
          const password = request.body?.password ?? '';
          if (password === '') throw new HttpError(400, ACCOUNT_MESSAGES.deleteNeedsPassword);
          await enforceLimit(request, 'passwordChecksPerAccount', `user:${viewer.userId}`);
          if (!(await deps.accounts.isCurrentPassword(viewer.userId, password)))
            throw new HttpError(400, ACCOUNT_MESSAGES.currentPasswordWrong);
        }
        await deps.settle((await deps.accounts.deleteAccount(viewer.userId, actorOf(viewer))).position);
        clearSessionCookie(reply, deps.secureCookies);
        return { success: true };
      },
    );

    app.get(
      '/users/public/:username',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'A public profile with its posts',
          params: z.object({ username: z.string().max(200) }),
          querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
          response: { 200: publicProfileAnswer },
        },
      },
      async (request) => {
        const row = await userByUsername(deps.db, request.params.username);
        if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.userDoesNotExist);
        const isOwner = request.viewer?.userId === row.id;
        const user = await publicProfileOf(deps.db, deps.accounts, row);
        const page = request.query.page;
        // Visitors see public posts; the owner also sees what is under review.
        const { rows, total } = await authorResourcesPage(deps.db, row.id, { page, pageSize: PROFILE_PAGE_SIZE, publicOnly: !isOwner });
        const counts = pageCounts(page, PROFILE_PAGE_SIZE, total);
        const first = total === 0 ? 0 : Math.min(total, (page - 1) * PROFILE_PAGE_SIZE + 1);
        const last = Math.min(total, page * PROFILE_PAGE_SIZE);
        return {
          user,
          isOwner,
          posts: await Promise.all(rows.map((post) => toResourceView(post, deps.vault))),
          pagination: { ...counts, showing: `Showing ${first} - ${last} of ${total}`, pageStatus: `${page} of ${counts.totalPages}` },
        };
      },
    );
  };
}
