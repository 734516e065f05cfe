import { z } from '../../../domain/shared/zod.js';
import type { PageCounts } from '../../../domain/shared/pagination.js';
import type { ResourceDetailAnswer } from '../../../domain/engagement/views.js';
import type { HistoryEntry } from '../../../domain/templates/history.js';
import { DELETED_STATUS, EDITABLE_FIELD_LABELS, TEMPLATE_STATUSES, type StatusLabel } from '../../../domain/templates/lifecycle.js';
import type { EditableContent } from '../../../domain/templates/events.js';
import type { TemplateSuggestion } from '../../../domain/templates/url-hints.js';
import type { AdminTemplateHistory } from '../../../projections/read-models/templates/history.js';
import type { CreatedPostsPage, ReviewQueuePage } from '../../../projections/read-models/templates/lists.js';
import { engagedResourceSchema } from '../engagement/index.js';
import { resourceSchema } from '../resources.js';

/*
 * The template routes' answers. The serializer keeps only the keys a schema lists: each one here
 * is checked against the type its read model or use case answers with (`satisfies`).
 */

export const pageCountsSchema = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalItems: z.number(),
  itemsPerPage: z.number(),
}) satisfies z.ZodType<PageCounts>;

const STATUS_LABELS = ['Live', 'Under Review', 'Under Review - Edited', 'Rejected'] as const satisfies readonly StatusLabel[];
const editableField = z.enum(Object.keys(EDITABLE_FIELD_LABELS) as [keyof EditableContent, ...(keyof EditableContent)[]]);
const fieldValue = z.union([z.string(), z.array(z.string()).readonly()]);
const fieldChangeSchema = z.object({ field: editableField, before: fieldValue, after: fieldValue });

export const detailDataSchema = engagedResourceSchema.extend({
  statusLabel: z.enum(STATUS_LABELS),
  statusReason: z.string().nullable(),
  link: z.string().nullable(),
  owners: z.array(z.string()),
  purchased: z.boolean(),
  purchasedRevision: z.number().nullable(),
  thumbnail: z.string().nullable(),
  shareText: z.string(),
  updatedAt: z.string(),
  pendingEdit: z.array(fieldChangeSchema).nullable(),
  revision: z.number(),
});

export const detailAnswerSchema = z.object({
  data: detailDataSchema,
  permissions: z.object({
    isAuthor: z.boolean(),
    canEdit: z.boolean(),
    canSeeHistory: z.boolean(),
    canSponsor: z.boolean(),
    canDeletePermanently: z.boolean(),
    canReport: z.boolean(),
  }),
  meta: z.object({ title: z.string(), description: z.string(), image: z.string().nullable(), url: z.string() }),
  /** With `?asOf=` (author and admins): the post as it was then. */
  asOf: z
    .object({
      at: z.string(),
      status: z.enum([...TEMPLATE_STATUSES, DELETED_STATUS]),
      version: z.number(),
      content: z.object({
        title: z.string(),
        description: z.string(),
        instructions: z.string(),
        url: z.string(),
        imageUrls: z.array(z.string()),
        price: z.number(),
        keywords: z.array(z.string()),
      }),
      pendingEdit: z.boolean(),
      sponsored: z.boolean(),
      counts: z.object({ likes: z.number(), saves: z.number(), redFlags: z.number(), comments: z.number(), buyers: z.number() }),
    })
    .optional(),
}) satisfies z.ZodType<ResourceDetailAnswer>;

export const resourceListSchema = z.object({ data: z.array(resourceSchema) });

export const createdPostsSchema = z.object({
  heading: z.string(),
  data: z.array(resourceSchema.extend({ statusLabel: z.enum(STATUS_LABELS), editUrl: z.string() })),
  pagination: pageCountsSchema,
}) satisfies z.ZodType<CreatedPostsPage>;

export const reviewQueueSchema = z.object({
  data: z.array(
    resourceSchema.extend({
      link: z.string(),
      resourceType: z.string(),
      statusReason: z.string().nullable(),
      owners: z.array(z.object({ _id: z.string(), username: z.string().nullable(), email: z.string().nullable() })),
      ownersTotal: z.number(),
      analytics: z.object({ clicks: z.number() }),
      _dateCreated: z.string(),
      revision: z.number(),
      pendingEdit: z.array(fieldChangeSchema).nullable(),
    }),
  ),
  results: z.number(),
  lim: z.number(),
  pagination: pageCountsSchema,
}) satisfies z.ZodType<ReviewQueuePage>;

const historyEntrySchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  _date: z.string(),
  actor: z.object({
    userId: z.string().nullable(),
    username: z.string().nullable(),
    role: z.string(),
    impersonatedBy: z.string().nullable(),
  }),
  reason: z.string().nullable(),
  status: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
}) satisfies z.ZodType<HistoryEntry>;

export const resourceHistorySchema = z.object({ resourceId: z.string(), title: z.string(), history: z.array(historyEntrySchema) });

export const adminHistoriesSchema = z.object({
  data: z.array(
    z.object({
      resourceId: z.string(),
      title: z.string().nullable(),
      titleUrl: z.string().nullable(),
      status: z.string().nullable(),
      history: z.array(historyEntrySchema),
    }) satisfies z.ZodType<AdminTemplateHistory>,
  ),
});

export const suggestionSchema = z.object({
  found: z.boolean(),
  message: z.string(),
  type: z.string().nullable(),
  platform: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
}) satisfies z.ZodType<TemplateSuggestion>;

/** A create or edit: what the author is told, where the page goes next, and the post as it now reads. */
export const savedPostSchema = z.object({ error: z.literal(false), message: z.string(), redirect: z.string(), resource: detailDataSchema });

/** A refusal; the create and edit forms' own checks name each refused field. */
export const refusedSchema = z.object({
  error: z.literal(true),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const doneSchema = z.object({ error: z.literal(false) });
export const doneWithMessageSchema = z.object({ error: z.literal(false), message: z.string() });
export const successSchema = z.object({ success: z.literal(true), message: z.string() });
