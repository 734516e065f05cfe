import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mayManagePost } from '../../../domain/accounts/access.js';
import { z } from '../../../domain/shared/zod.js';
import { diffVersions, VERSION_FIELDS, VERSION_MESSAGES, type VersionContent } from '../../../domain/templates/versions.js';
import { holdingOf, versionOf, versionsOf, wantsUpdateNotices, hasSaved } from '../../../projections/read-models/versions/queries.js';
import type { ResourceRow } from '../../../projections/read-models/templates/views.js';
import type { Viewer } from '../../access.js';
import { actorOf } from '../../actors.js';
import { HttpError } from '../../errors.js';
import type { TemplateRouteDeps } from './deps.js';
import { idParams, tags, visibleRowById } from './shared.js';

const versionNumber = z.coerce
  .number({ message: VERSION_MESSAGES.unknownVersion })
  .int(VERSION_MESSAGES.unknownVersion)
  .min(1, VERSION_MESSAGES.unknownVersion);
const versionField = z.enum(VERSION_FIELDS);
const wordChanges = z.array(z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() }));
const addedRemoved = z.object({ added: z.array(z.string()), removed: z.array(z.string()) });

const versionsAnswer = z.object({
  versions: z.array(
    z.object({ version: z.number(), approvedAt: z.string(), changeNote: z.string().nullable(), changed: z.array(versionField) }),
  ),
  /** What the viewer holds: a buyer's version and entitlement, a saver's update notices (null where it does not apply). */
  viewer: z.object({
    versionHeld: z.number().nullable(),
    entitledFrom: z.number().nullable(),
    latestVersion: z.number(),
    updateAvailable: z.boolean(),
    updateNotices: z.boolean().nullable(),
  }),
});
const versionAnswer = z.object({
  version: z.number(),
  approvedAt: z.string(),
  changeNote: z.string().nullable(),
  changed: z.array(versionField),
  content: z.object({
    title: z.string(),
    description: z.string(),
    instructions: z.string(),
    images: z.array(z.string()),
    price: z.number(),
    tags: z.array(z.string()),
    link: z.string().optional(),
  }),
});
const diffAnswer = z.object({
  from: z.number(),
  to: z.number(),
  changed: z.array(versionField),
  title: wordChanges.optional(),
  description: wordChanges.optional(),
  instructions: wordChanges.optional(),
  images: addedRemoved.optional(),
  price: z.object({ from: z.number(), to: z.number() }).optional(),
  tags: addedRemoved.optional(),
  linkChanged: z.boolean(),
  /** Both links, for a viewer entitled to both versions. */
  links: z.object({ from: z.string(), to: z.string() }).optional(),
});

/** A version the post has published, else 404: "not approved yet" for the edit waiting, "does not exist" for any other. */
async function publishedVersion(deps: TemplateRouteDeps, row: ResourceRow, version: number) {
  const found = await versionOf(deps.db, row.id, version);
  if (found) return found;
  const latest = (await versionsOf(deps.db, row.id))[0]?.version ?? 0;
  throw new HttpError(
    404,
    version === latest + 1 && row.pending_changes !== null ? VERSION_MESSAGES.notYetApproved : VERSION_MESSAGES.unknownVersion,
  );
}

/** May this viewer open the link of `version`: the author, admins, a buyer entitled to it, anyone for a free version. */
async function mayOpenLink(deps: TemplateRouteDeps, row: ResourceRow, viewer: Viewer | null, version: number, content: VersionContent) {
  if (content.price <= 0 || mayManagePost(viewer, row.author_id)) return true;
  if (viewer === null) return false;
  const holding = await holdingOf(deps.db, row.id, viewer.userId);
  return holding !== undefined && holding.entitled_from <= version;
}

/** A post's versions: the changelog, one version, the diff of two. */
export function versionRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/resources/:id/versions',
      {
        config: { access: 'anyone' },
        schema: {
          tags,
          summary: "A post's versions, newest first, and the viewer's version",
          params: idParams,
          response: { 200: versionsAnswer },
        },
      },
      async (request) => {
        const row = await visibleRowById(deps, request.params.id, request.viewer);
        const versions = await versionsOf(deps.db, row.id);
        const latestVersion = versions[0]?.version ?? 0;
        const viewerId = request.viewer?.userId ?? null;
        const holding = viewerId === null ? undefined : await holdingOf(deps.db, row.id, viewerId);
        const saved = viewerId !== null && (await hasSaved(deps.db, row.id, viewerId));
        return {
          versions: versions.map((version) => ({
            version: version.version,
            approvedAt: version.approved_at.toISOString(),
            changeNote: version.change_note,
            changed: version.changed,
          })),
          viewer: {
            versionHeld: holding?.held ?? null,
            entitledFrom: holding?.entitled_from ?? null,
            latestVersion,
            updateAvailable: holding !== undefined && holding.held < latestVersion,
            updateNotices: saved ? await wantsUpdateNotices(deps.db, row.id, viewerId) : null,
          },
        };
      },
    );

    app.get(
      '/resources/:id/versions/:version',
      {
        config: { access: 'anyone' },
        schema: {
          tags,
          summary: 'One version of a post; its link only for the author, admins and buyers entitled to it',
          params: idParams.extend({ version: versionNumber }),
          response: { 200: versionAnswer },
        },
      },
      async (request) => {
        const row = await visibleRowById(deps, request.params.id, request.viewer);
        const found = await publishedVersion(deps, row, request.params.version);
        const { content } = found;
        const link = (await mayOpenLink(deps, row, request.viewer, found.version, content)) ? { link: content.url } : {};
        return {
          version: found.version,
          approvedAt: found.approved_at.toISOString(),
          changeNote: found.change_note,
          changed: found.changed,
          content: {
            title: content.title,
            description: content.description,
            instructions: content.instructions,
            images: content.imageUrls,
            price: content.price,
            tags: content.keywords,
            ...link,
          },
        };
      },
    );

    app.get(
      '/resources/:id/versions/:from/diff/:to',
      {
        config: { access: 'anyone' },
        schema: {
          tags,
          summary: 'What changed between two versions of a post, field by field',
          params: idParams.extend({ from: versionNumber, to: versionNumber }),
          response: { 200: diffAnswer },
        },
      },
      async (request) => {
        const row = await visibleRowById(deps, request.params.id, request.viewer);
        const [from, to] = [await publishedVersion(deps, row, request.params.from), await publishedVersion(deps, row, request.params.to)];
        const diff = diffVersions(from, to);
        const entitled =
          diff.linkChanged &&
          (await mayOpenLink(deps, row, request.viewer, from.version, from.content)) &&
          (await mayOpenLink(deps, row, request.viewer, to.version, to.content));
        return { ...diff, ...(entitled ? { links: { from: from.content.url, to: to.content.url } } : {}) };
      },
    );
  };
}

/** A buyer's choice of version and a saver's update notices. */
export function versionChoiceRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/resources/:id/version-choice',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'A buyer keeps a version or switches to another they are entitled to ("See it" opens it)',
          params: idParams,
          body: z.object({ version: z.number({ message: VERSION_MESSAGES.unknownVersion }).int().min(1, VERSION_MESSAGES.unknownVersion) }),
          response: { 200: z.object({ versionHeld: z.number() }) },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const row = await visibleRowById(deps, request.params.id, viewer);
        await deps.settle((await deps.templates.versions.choose(row.id, viewer.userId, request.body.version, actorOf(viewer))).position);
        return { versionHeld: request.body.version };
      },
    );

    app.post(
      '/resources/:id/update-notices',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'A member who saved the post asks (or stops asking) to be told about its updates',
          params: idParams,
          body: z.object({ on: z.boolean() }),
          response: { 200: z.object({ on: z.boolean(), message: z.string() }) },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const row = await visibleRowById(deps, request.params.id, viewer);
        const { on } = request.body;
        await deps.settle((await deps.templates.versions.setUpdateNotices(row.id, viewer.userId, on, actorOf(viewer))).position);
        return { on, message: on ? VERSION_MESSAGES.noticesOn : VERSION_MESSAGES.noticesOff };
      },
    );
  };
}
