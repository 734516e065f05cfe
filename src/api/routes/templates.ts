import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from '../../domain/shared/zod.js';
import type { Schema } from '../../adapters/db/schema.js';
import type { TemplateSuggester } from '../../adapters/ai/template-suggester.js';
import type { EventsAboutTemplate } from '../../adapters/eventstore/events-about-template.js';
import type { ImageStore } from '../../adapters/storage/images.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { TemplateService } from '../../commands/templates/template-service.js';
import type { ResourceView } from '../../domain/catalogue/resource-view.js';
import type { Actor } from '../../domain/shared/events.js';
import { IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES, IMAGE_URL_PREFIX, STORED_IMAGE_URL } from '../../domain/shared/images.js';
import { templateDecider, type Requester } from '../../domain/templates/decider.js';
import { templateStream, type EditableContent, type TemplateEvent } from '../../domain/templates/events.js';
import {
  decisionFor,
  DELETED_STATUS,
  isPublic,
  STATUS,
  pendingDiff,
  REQUESTABLE_STATUSES,
  statusLabel,
  TEMPLATE_STATUSES,
} from '../../domain/templates/lifecycle.js';
import { FORM_PROGRESS_FIELDS } from '../../domain/templates/form-progress.js';
import { historyDetails, historyTitle, type HistoryEntry } from '../../domain/templates/history.js';
import {
  ADMIN_LIST_QUERY_MAX,
  ADMIN_VIEW_OWNERS_SHOWN,
  CREATED_POSTS_PAGE_SIZE,
  createdPostsHeading,
  newPriceSchema,
  parsePriceText,
  RELATED_POSTS_LIMIT,
  REVIEW_QUEUE_PAGE_SIZE,
  TEMPLATE_LIMITS,
  TEMPLATE_MESSAGES,
  templateContentSchema,
  templateEditSchema,
} from '../../domain/templates/rules.js';
import {
  authorResourcesPage,
  relatedResources,
  resourceById,
  resourceByTitleUrl,
  reviewQueuePage,
  templateSummary,
} from '../../projections/read-models/templates/queries.js';
import { approvedContentOf, templatePageMeta, toResourceView, withPendingEdit, type ResourceRow } from '../../projections/read-models/templates/views.js';
import { contactsByIds, usernamesByIds } from '../../projections/read-models/users/queries.js';
import { MAX_LIST_PAGE, pageCounts } from '../../domain/shared/pagination.js';
import type { Viewer } from '../access.js';
import { enforceLimit } from '../rate-limits.js';
import { HttpError } from '../errors.js';
import { uploadReadError } from '../uploads.js';
import { actorOf } from '../actors.js';
import { engagedResource } from '../../projections/read-models/engagement/queries.js';
import type { ResourceDetailAnswer } from '../../domain/engagement/views.js';
import { activePurchaseOf, takesCharges } from '../../projections/read-models/commerce/queries.js';
import { isStaff, isStaffRole, mayManagePost } from '../../domain/accounts/access.js';

export interface TemplateRouteDeps {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  images: ImageStore;
  templates: TemplateService;
  suggester: TemplateSuggester;
  eventsAboutTemplate: EventsAboutTemplate;
  /** Waits (bounded) until the read models show a command's effect: read-your-writes. */
  settle(position: bigint | null): Promise<void>;
}

const FIELDS_INVALID = TEMPLATE_MESSAGES.fieldsInvalid;
const PAYOUT_REQUIRED = TEMPLATE_MESSAGES.payoutRequired;

function requesterOf(viewer: Viewer): Requester {
  return { userId: viewer.userId, lvl: viewer.impersonatedBy === null ? viewer.lvl : 'base' };
}

function reviewerOf(viewer: Viewer): Actor & { userId: string } {
  return { ...actorOf(viewer), userId: viewer.userId };
}

/** The author, an admin or a site owner: may see every status, edit, and read the history. */
function isPrivileged(row: ResourceRow, viewer: Viewer | null): boolean {
  return mayManagePost(viewer, row.author_id);
}

function mayView(row: ResourceRow, viewer: Viewer | null): boolean {
  return row.status !== DELETED_STATUS && (isPublic(row.status) || isPrivileged(row, viewer));
}

const notFound = () => new HttpError(404, TEMPLATE_MESSAGES.doesNotExist);

/** Spec images come as strings or {imageUrl, order}; only images uploaded here (and still stored) are accepted. */
const imageList = z
  .array(z.union([z.string(), z.object({ imageUrl: z.string(), order: z.number().optional() })]))
  .max(TEMPLATE_LIMITS.images, `At most ${TEMPLATE_LIMITS.images} screenshots`)
  .transform((images) =>
    images
      .map((image, index) => (typeof image === 'string' ? { imageUrl: image, order: index } : { imageUrl: image.imageUrl, order: image.order ?? index }))
      .sort((a, b) => a.order - b.order)
      .map((image) => image.imageUrl),
  );
const tagList = z.array(z.union([z.string(), z.object({ value: z.string().optional(), label: z.string().optional() })])).transform((tags) =>
  tags.map((tag) => (typeof tag === 'string' ? tag : (tag.value ?? tag.label ?? ''))),
);

const createBody = z.object({
  type: z.string().optional(),
  topic: z.string().optional(),
  platform: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  url: z.string().optional(),
  instructions: z.string().optional(),
  tags: tagList.optional(),
  images: imageList.optional(),
  // Typed text is read as the forms read it, so 'abc' gets the price message; blank is free.
  price: z.union([z.number(), z.string().trim()]).transform((price) => (typeof price === 'number' ? price : price === '' ? 0 : parsePriceText(price))).nullish(),
});
const editBody = z.object({
  title: z.string().optional(),
  link: z.string().optional(),
  description: z.string().optional(),
  instructions: z.string().optional(),
  keywords: tagList.optional(),
  images: imageList.optional(),
  /** The content revision the editor opened (as the detail answer names it); the If-Match header may carry it instead. */
  revision: z.number().int().min(0).optional(),
});
const idParams = z.object({ id: z.string().max(100) });
/** An ETag-style revision: "3", W/"3" or 3. */
const ifMatchRevision = z
  .string()
  .max(40)
  .regex(/^(W\/)?"?\d{1,9}"?$/u, 'If-Match must name a content revision, like "3".')
  .transform((value) => Number(value.replace(/\D/gu, '')));
const reasonText = z.string().max(TEMPLATE_LIMITS.reason, `A reason must be at most ${TEMPLATE_LIMITS.reason} characters`);

type ValidationProblem = { field: string; message: string };

function problemsOf(error: z.ZodError): ValidationProblem[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
}

function invalidFields(problems: ValidationProblem[]): HttpError & { problems: ValidationProblem[] } {
  return Object.assign(new HttpError(400, `${FIELDS_INVALID}: ${problems.map((problem) => problem.message).join('; ')}`), { problems });
}

/** Create, edit, delete, detail, related lists, created posts, screenshots, review queue and decisions, history. */
export function templateRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const rowById = (id: string) => resourceById(db, id);

  /** A row the viewer may see, else 'This post does not exist' — whether it is missing or hidden from them. */
  async function visibleRow(row: ResourceRow | undefined, viewer: Viewer | null): Promise<ResourceRow> {
    if (!row || !mayView(row, viewer)) throw notFound();
    return row;
  }

  async function checkImages(urls: readonly string[]): Promise<void> {
    for (const url of urls) {
      const name = url.slice(IMAGE_URL_PREFIX.length);
      if (!STORED_IMAGE_URL.test(url) || (await deps.images.read(name)) === null) {
        throw invalidFields([{ field: 'images', message: 'Please upload screenshots with the upload button.' }]);
      }
    }
  }

  async function detailOf(row: ResourceRow, viewer: Viewer | null) {
    const view = await engagedResource(db, deps.vault, row.id, viewer?.userId ?? null);
    if (!view) throw notFound();
    const privileged = isPrivileged(row, viewer);
    const isOwner = viewer !== null && row.owners.includes(viewer.userId);
    // A buyer keeps the revision they paid for, whatever the author changed since.
    const purchase = viewer === null ? undefined : await activePurchaseOf(db, row.id, viewer.userId);
    // The author and moderators see a waiting edit; everyone else the approved version.
    const shown = privileged ? withPendingEdit(row) : row;
    return {
      ...view,
      title: shown.title,
      description: { short: shown.description_short, long: shown.description_long },
      keywords: shown.keywords,
      images: shown.image_urls.map((imageUrl) => ({ imageUrl })),
      pendingEdit: privileged && row.pending_changes !== null ? pendingDiff(approvedContentOf(row), row.pending_changes) : null,
      revision: row.content_revision,
      statusLabel: statusLabel(row.status),
      // Why the last decision was taken: for the status panel of author and admins only.
      statusReason: privileged ? row.status_reason : null,
      // The link of a paid post is for those who own it (spec 6: open the link of a free post or one they own).
      link: row.price_cents <= 0 || privileged ? shown.url : purchase ? purchase.url : isOwner ? shown.url : null,
      purchasedRevision: purchase ? purchase.revision : null,
      owners: privileged ? row.owners : [],
      purchased: (purchase !== undefined || isOwner) && viewer?.userId !== row.author_id,
      thumbnail: shown.image_urls[0] ?? null,
      shareText: `Check out "${row.title}" on Tessera`,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  async function detailAnswer(row: ResourceRow, viewer: Viewer | null): Promise<ResourceDetailAnswer> {
    const privileged = isPrivileged(row, viewer);
    const staff = isStaff(viewer);
    return {
      data: await detailOf(row, viewer),
      permissions: {
        isAuthor: viewer?.userId === row.author_id,
        canEdit: privileged,
        canSeeHistory: privileged,
        canSponsor: staff,
        canDeletePermanently: staff,
        canReport: viewer !== null && viewer.userId !== row.author_id,
      },
      meta: templatePageMeta(row),
    };
  }

  async function historyOf(templateId: string, audience: 'admin' | 'author', viewer: Viewer): Promise<HistoryEntry[]> {
    const events = await deps.eventsAboutTemplate(templateId);
    const ownStream = templateStream(templateId);
    let state = templateDecider.initialState();
    const userIds = [...new Set(events.map((event) => event.metadata.actor.userId).filter((id): id is string => id !== null))];
    const usernames = await usernamesByIds(db, userIds);
    return events.map((event) => {
      let status: string | null = null;
      if (event.streamId === ownStream) {
        state = templateDecider.evolve(state, event as unknown as TemplateEvent);
        status = state.deleted ? DELETED_STATUS : state.status;
      }
      const { actor } = event.metadata;
      // The author sees what others did (likes, flags, reports), not who did it.
      const shown = audience === 'admin' || actor.userId === viewer.userId || isStaffRole(actor.role);
      const { reason, details } = historyDetails(event.data);
      return {
        id: event.id,
        type: event.type,
        title: historyTitle(event.type, event.data),
        _date: event.metadata.occurredAt,
        actor: {
          userId: shown ? actor.userId : null,
          username: shown && actor.userId ? (usernames.get(actor.userId) ?? null) : null,
          role: actor.role,
          impersonatedBy: shown ? (actor.impersonatedBy ?? null) : null,
        },
        reason,
        status,
        details,
      };
    });
  }

  async function viewsOf(rows: ResourceRow[]): Promise<ResourceView[]> {
    return Promise.all(rows.map((row) => toResourceView(row, deps.vault)));
  }

  return async (app) => {
    const tags = ['resources'];

    app.post(
      '/resources',
      { config: { access: 'verified' }, schema: { tags, summary: 'Create a post (verified users); it starts under review', body: createBody } },
      async (request, reply) => {
        const viewer = request.viewer!;
        const body = request.body;
        const parsed = templateContentSchema.safeParse({
          title: body.title ?? '',
          description: body.description ?? '',
          instructions: body.instructions ?? '',
          url: body.url ?? '',
          topic: body.type ?? body.topic ?? 'business_intelligence',
          platform: body.platform ?? 'zapier',
          keywords: body.tags ?? [],
          price: body.price ?? 0,
          imageUrls: body.images ?? [],
        });
        if (!parsed.success) {
          const error = invalidFields(problemsOf(parsed.error));
          return reply.status(400).send({ error: true, message: error.message, fields: error.problems });
        }
        // Selling needs a payout account with charges enabled (spec 6).
        if (parsed.data.price > 0 && !(await takesCharges(db, viewer.userId))) return reply.status(400).send({ error: true, message: PAYOUT_REQUIRED, fields: [{ field: 'price', message: PAYOUT_REQUIRED }] });
        await checkImages(parsed.data.imageUrls);
        const created = await deps.templates.submit(viewer.userId, parsed.data, actorOf(viewer));
        await deps.settle(created.position);
        const row = await rowById(created.templateId);
        return reply.status(201).send({
          error: false,
          message: TEMPLATE_MESSAGES.created,
          redirect: `/resources/${created.titleUrl}`,
          resource: row ? (await detailAnswer(row, viewer)).data : null,
        });
      },
    );

    app.post(
      '/images',
      {
        config: { access: 'verified' },
        schema: { tags, summary: 'Upload a post screenshot (multipart field "image"); re-encoded to WebP of at most 1 MB', querystring: z.object({ imagePostUpload: z.enum(['true', 'false']).optional() }) },
      },
      async (request) => {
        await enforceLimit(request, 'uploadsPerUser', request.viewer!.userId);
        let file;
        try {
          file = await request.file({ limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, parts: 5 } });
        } catch {
          throw new HttpError(400, 'Please send the screenshot as multipart/form-data in the field "image".');
        }
        if (!file || file.fieldname !== 'image') throw new HttpError(400, 'Please send the screenshot in the field "image".');
        const upload = await file.toBuffer().catch((error: unknown) => {
          throw uploadReadError(error);
        });
        if (file.file.truncated) throw new HttpError(413, IMAGE_MESSAGES.tooLarge);
        return { Location: await deps.images.store(upload, file.filename) };
      },
    );

    for (const path of ['/resources/suggest', '/zapier/templateFromUrl']) {
      app.post(
        path,
        {
          config: { access: 'verified' },
          schema: { tags, summary: 'Suggest type, platform, title, description and instructions from a template URL', body: z.object({ url: z.string().max(TEMPLATE_LIMITS.url), text: z.string().max(2000).optional() }) },
        },
        async (request) => {
          const { userId } = request.viewer!;
          await enforceLimit(request, 'pageSuggestionsPerUser', userId);
          return deps.suggester.suggest(request.body.url);
        },
      );
    }

    app.post(
      '/analytics/track-progress',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: "The create form's touched flags (sent 2 s after the last change), for the creation funnel",
          body: z.object({ username: z.string().max(200).optional(), formProgress: z.partialRecord(z.enum(FORM_PROGRESS_FIELDS), z.boolean()) }),
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const flags = Object.fromEntries(Object.entries(request.body.formProgress).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
        await deps.templates.trackFormProgress(viewer.userId, flags, actorOf(viewer));
        return { success: true };
      },
    );

    /** What a visitor's answer for a post is read from (purchases are a signed-in viewer's only). */
    const POST_PAGE_READ_MODELS = ['templates', 'users', 'engagement'];
    const viewQuery = z.object({ flag: z.string().max(10).optional(), success: z.string().max(10).optional() });
    for (const path of ['/resources/view/:titleUrl', '/resources/:titleUrl']) {
      app.get(
        path,
        { config: { access: 'anyone', publicCache: POST_PAGE_READ_MODELS }, schema: { tags, summary: 'A post with what this viewer may do; 404 for what they may not see', params: z.object({ titleUrl: z.string().max(200) }), querystring: viewQuery } },
        async (request) => {
          const row = await visibleRow(await resourceByTitleUrl(db, request.params.titleUrl), request.viewer);
          return detailAnswer(row, request.viewer);
        },
      );
    }

    app.get(
      '/resources/viewById/:id',
      { config: { access: 'anyone', publicCache: POST_PAGE_READ_MODELS }, schema: { tags, summary: 'A post by id (created posts list, editor)', params: idParams } },
      async (request) => detailAnswer(await visibleRow(await rowById(request.params.id), request.viewer), request.viewer),
    );

    app.get(
      '/related/:id',
      {
        config: { access: 'anyone', publicCache: ['templates', 'users'] },
        schema: { tags, summary: 'More By The Author (type=author) or Related Posts (type=related): live posts only', params: idParams, querystring: z.object({ type: z.enum(['author', 'related']).default('related') }) },
      },
      async (request) => {
        const row = await visibleRow(await rowById(request.params.id), request.viewer);
        return { data: await viewsOf(await relatedResources(db, row, request.query.type, RELATED_POSTS_LIMIT)) };
      },
    );

    app.get(
      '/users/me/created-resources',
      { config: { access: 'signed_in' }, schema: { tags, summary: 'My created posts, every status, 10 per page (/shared-posts)', querystring: z.object({ page: z.coerce.number().int().min(1).max(MAX_LIST_PAGE).default(1) }) } },
      async (request) => {
        const viewer = request.viewer!;
        const page = request.query.page;
        const { rows, total } = await authorResourcesPage(db, viewer.userId, { page, pageSize: CREATED_POSTS_PAGE_SIZE, publicOnly: false });
        return {
          heading: createdPostsHeading(total, page),
          // The author's own list shows their waiting edit.
          data: await Promise.all(rows.map(async (row) => ({ ...(await toResourceView(withPendingEdit(row), deps.vault)), statusLabel: statusLabel(row.status), editUrl: `/editor/resources/${row.title_url}` }))),
          pagination: pageCounts(page, CREATED_POSTS_PAGE_SIZE, total),
        };
      },
    );

    app.put(
      '/resources/:id',
      {
        config: { access: 'signed_in' },
        schema: { tags, summary: 'Edit a post (author, admin or site owner); it goes to under review edit', params: idParams, body: editBody, headers: z.object({ 'if-match': ifMatchRevision.optional() }) },
      },
      async (request, reply) => {
        const viewer = request.viewer!;
        const row = await visibleRow(await rowById(request.params.id), viewer);
        const { link, images, revision, ...rest } = request.body;
        const parsed = templateEditSchema.safeParse({ ...rest, url: link, imageUrls: images });
        if (!parsed.success) {
          const error = invalidFields(problemsOf(parsed.error));
          return reply.status(400).send({ error: true, message: error.message, fields: error.problems });
        }
        // Compared with what the editor showed: the approved content with any waiting edit laid over it.
        const current = approvedContentOf(withPendingEdit(row));
        const changes: Partial<EditableContent> = {};
        for (const [field, value] of Object.entries(parsed.data) as [keyof EditableContent, EditableContent[keyof EditableContent] | undefined][]) {
          if (value !== undefined && JSON.stringify(value) !== JSON.stringify(current[field])) Object.assign(changes, { [field]: value });
        }
        if (changes.imageUrls) await checkImages(changes.imageUrls);
        const result = await deps.templates.edit(row.id, requesterOf(viewer), changes, actorOf(viewer), revision ?? request.headers['if-match']);
        await deps.settle(result.position);
        const updated = await visibleRow(await rowById(row.id), viewer);
        return {
          error: false,
          message:
            result.events.length === 0 ? 'Nothing changed.' : updated.status === STATUS.underReviewEdit ? TEMPLATE_MESSAGES.sentForReapproval : TEMPLATE_MESSAGES.sentForReview,
          redirect: `/resources/${updated.title_url}`,
          resource: (await detailAnswer(updated, viewer)).data,
        };
      },
    );

    app.put(
      '/resources/delete/:id',
      { config: { access: 'signed_in' }, schema: { tags, summary: 'Delete a post (author, admin or site owner); refused once it was purchased', params: idParams, body: z.object({ reason: reasonText.optional() }).nullish() } },
      async (request) => {
        const viewer = request.viewer!;
        const row = await visibleRow(await rowById(request.params.id), viewer);
        await deps.settle((await deps.templates.delete(row.id, requesterOf(viewer), request.body?.reason?.trim() || null, actorOf(viewer))).position);
        return { error: false, message: TEMPLATE_MESSAGES.deleted, redirect: '/shared-posts' };
      },
    );

    app.put(
      '/resources/images/clear/:id',
      { config: { access: 'signed_in' }, schema: { tags, summary: "Remove a post's screenshots (author, admin or site owner)", params: idParams } },
      async (request) => {
        const viewer = request.viewer!;
        const row = await visibleRow(await rowById(request.params.id), viewer);
        await deps.settle((await deps.templates.clearImages(row.id, requesterOf(viewer), actorOf(viewer))).position);
        return { error: false };
      },
    );

    app.post(
      '/zapier',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'Request a price change from an admin (the spec path); the requester comes from the session, not the body',
          body: z.object({ newPrice: z.unknown().optional(), resourceId: z.string().max(100), resourceTitle: z.string().max(200).optional(), userEmail: z.string().max(400).optional(), userName: z.string().max(200).optional() }),
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const newPrice = newPriceSchema.safeParse(typeof request.body.newPrice === 'string' ? parsePriceText(request.body.newPrice) : request.body.newPrice);
        if (!newPrice.success) throw new HttpError(400, newPrice.error.issues[0]!.message);
        const row = await visibleRow(await rowById(request.body.resourceId), viewer);
        // A requested price is above 0: as on the create form, only an author whose payout account takes charges may ask for one (others get the decider's 403).
        if (isPrivileged(row, viewer) && !(await takesCharges(db, row.author_id))) throw new HttpError(400, PAYOUT_REQUIRED);
        await deps.settle((await deps.templates.requestPriceChange(row.id, requesterOf(viewer), newPrice.data, actorOf(viewer))).position);
        return { success: true, message: TEMPLATE_MESSAGES.priceChangeRequested };
      },
    );

    app.get(
      '/resources/:id/history',
      { config: { access: 'signed_in' }, schema: { tags, summary: 'Every event that touched my post (author, admin or site owner)', params: idParams } },
      async (request) => {
        const viewer = request.viewer!;
        const row = await visibleRow(await rowById(request.params.id), viewer);
        if (!isPrivileged(row, viewer)) throw new HttpError(403, TEMPLATE_MESSAGES.unauthorized);
        return { resourceId: row.id, title: row.title, history: await historyOf(row.id, isStaff(viewer) ? 'admin' : 'author', viewer) };
      },
    );

    // The admin portal: review queue, decisions, sponsorship, permanent delete, full history.
    const adminTags = ['admin'];
    const statusFilter = z
      .string()
      .max(40)
      .transform((value) => value.toLowerCase().trim())
      .pipe(z.enum([...TEMPLATE_STATUSES, 'pending', 'all'], 'Unknown status'));
    for (const path of ['/admin/resources', '/admin/resources/search']) {
      app.get(
        path,
        {
          config: { access: 'admin' },
          schema: {
            tags: adminTags,
            summary: 'Review queue and resource search: by status (default: everything awaiting a decision, oldest first) and title',
            querystring: z.object({ status: statusFilter.default('pending'), q: z.string().max(ADMIN_LIST_QUERY_MAX).optional(), page: z.coerce.number().int().min(1).max(100_000).default(1) }),
          },
        },
        async (request) => {
          const { status, q, page } = request.query;
          const { rows, total } = await reviewQueuePage(db, { status, q, page, pageSize: REVIEW_QUEUE_PAGE_SIZE });
          const shownOwners = (row: (typeof rows)[number]) => row.owners.slice(0, ADMIN_VIEW_OWNERS_SHOWN);
          const contacts = await contactsByIds(db, [...new Set(rows.flatMap(shownOwners))]);
          const owner = async (userId: string) => {
            const contact = contacts.get(userId);
            return { _id: userId, username: contact?.username ?? null, email: contact?.email_enc ? await deps.vault.decrypt(userId, contact.email_enc) : null };
          };
          const data = await Promise.all(
            rows.map(async (row) => ({
              ...(await toResourceView(row, deps.vault)),
              link: row.url,
              resourceType: row.topic,
              statusReason: row.status_reason,
              owners: await Promise.all(shownOwners(row).map(owner)),
              ownersTotal: row.owners.length,
              analytics: { clicks: row.clicks },
              _dateCreated: row.created_at.toISOString(),
              // What a decision decides on: this revision, and the waiting edit field by field.
              revision: row.content_revision,
              pendingEdit: row.pending_changes === null ? null : pendingDiff(approvedContentOf(row), row.pending_changes),
            })),
          );
          return {
            data,
            results: total,
            lim: REVIEW_QUEUE_PAGE_SIZE,
            pagination: pageCounts(page, REVIEW_QUEUE_PAGE_SIZE, total),
          };
        },
      );
    }

    app.put(
      '/admin/resources/update',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'A review decision: status live (approve, or not flagged), not approved (deny, reason required) or hidden',
          body: z.object({
            _id: z.string().max(100),
            status: z
              .string()
              .max(40)
              .transform((value) => value.toLowerCase().trim())
              .pipe(z.enum(REQUESTABLE_STATUSES, 'An admin can set a post to live, not approved or hidden.')),
            rejectionReason: reasonText.optional(),
            reason: reasonText.optional(),
            /** The content revision the moderator saw (as listed); the If-Match header may carry it instead. */
            revision: z.number().int().min(0).optional(),
          }),
          headers: z.object({ 'if-match': ifMatchRevision.optional() }),
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const { _id, status } = request.body;
        const row = await rowById(_id);
        if (!row || row.status === DELETED_STATUS) throw notFound();
        const decision = decisionFor(row.status, status);
        const reason = (request.body.rejectionReason ?? request.body.reason ?? '').trim() || null;
        const revision = request.body.revision ?? request.headers['if-match'];
        await deps.settle((await deps.templates.review(row.id, decision, reason, reviewerOf(viewer), revision)).position);
        return { error: false, message: 'Resource updated successfully', resource: (await detailAnswer((await rowById(row.id))!, viewer)).data };
      },
    );

    app.put(
      '/admin/resources/update-sponsor-status',
      {
        config: { access: 'admin' },
        schema: { tags: adminTags, summary: 'Sponsor or unsponsor (400 past the sponsor limit)', body: z.object({ _id: z.string().max(100), sponsored: z.boolean(), reason: reasonText.optional() }) },
      },
      async (request) => {
        const viewer = request.viewer!;
        const result = await deps.templates.setSponsored(request.body._id, request.body.sponsored, request.body.reason?.trim() || null, actorOf(viewer));
        await deps.settle(result.position);
        return { error: false, sponsored: request.body.sponsored };
      },
    );

    app.post(
      '/admin/resources/delete',
      { config: { access: 'admin' }, schema: { tags: adminTags, summary: 'Delete a post permanently (admins)', body: z.object({ _id: z.string().max(100), reason: reasonText.optional() }) } },
      async (request) => {
        const viewer = request.viewer!;
        await deps.settle((await deps.templates.deletePermanently(request.body._id, request.body.reason?.trim() || null, reviewerOf(viewer))).position);
        return { error: false, message: TEMPLATE_MESSAGES.deleted };
      },
    );

    app.post(
      '/admin/resources/fetchHistory',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Every event that touched each resource (any stream naming it), with actor and time; deleted resources included',
          body: z.object({ resourceId: z.string().max(100).optional(), resourceIds: z.array(z.string().max(100)).max(50).optional() }),
        },
      },
      async (request) => {
        const ids = [...new Set([...(request.body.resourceIds ?? []), ...(request.body.resourceId ? [request.body.resourceId] : [])])];
        if (ids.length === 0) throw new HttpError(400, 'Please give resourceId or resourceIds.');
        const viewer = request.viewer!;
        const data = [];
        for (const id of ids) {
          const history = await historyOf(id, 'admin', viewer);
          const row = await templateSummary(db, id);
          data.push({ resourceId: id, title: row?.title ?? null, titleUrl: row?.title_url ?? null, status: row?.status ?? null, history });
        }
        return { data };
      },
    );
  };
}
