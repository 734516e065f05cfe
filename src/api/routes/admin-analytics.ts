import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/shared/zod.js';
import { dayOf, endOfDay, reportDay, startOfDay } from '../../domain/analytics/periods.js';
import { ANALYTICS_TREND_DAYS, DEFAULT_KPI_DAYS } from '../../domain/analytics/portal.js';
import { FUNNEL_STEPS } from '../../domain/analytics/facts.js';
import {
  FUNNEL_FACT_KINDS,
  kpis,
  siteCounters,
  templateStats,
  type Kpis,
  type SiteCounters,
  type TemplateStats,
} from '../../domain/analytics/reports.js';
import { analyticsFacts } from '../../projections/read-models/analytics/queries.js';
import { usersPage } from '../../projections/read-models/users/queries.js';
import { HttpError } from '../errors.js';
import type { ReadModelDb } from './route-deps.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENT_USERS = 10;

const COUNTER_KINDS = [
  'post_created',
  'post_removed',
  'user_registered',
  'user_deleted',
  'comment',
  'click',
  'save',
  'unsave',
  'view',
] as const;
const KPI_KINDS = ['post_created', 'post_titled', 'search', 'click', 'view'] as const;

const count = z.number();
const siteCountersAnswer = z.object({
  totalPosts: count,
  totalUsers: count,
  totalComments: count,
  last30Posts: count,
  last30Users: count,
  last30Comments: count,
  lastWeeksPosts: count,
  lastWeekUsers: count,
  lastWeekComments: count,
  totalClicks: count,
  totalSaves: count,
  totalViews: count,
}) satisfies z.ZodType<SiteCounters>;
const trendAnswer = z.object({ data: z.array(z.object({ day: z.string(), totalPosts: count, totalUsers: count, totalComments: count })) });
const recentUsersAnswer = z.object({
  data: z.array(
    z.object({
      _id: z.string(),
      username: z.string(),
      lvl: z.string(),
      verification: z.string(),
      erased: z.boolean(),
      _dateCreated: z.string(),
    }),
  ),
});
const termCounts = z.array(z.object({ term: z.string(), count }));
const kpisAnswer = z.object({
  searchAnalytics: termCounts,
  postsClickedAnalytics: termCounts,
  postsViewedAnalytics: termCounts,
}) satisfies z.ZodType<Kpis>;
const templateStatsAnswer = z.object({
  totalSubmissions: count,
  totalCompleted: count,
  dropOffRates: z.record(z.enum(FUNNEL_STEPS), z.object({ completed: count, total: count, dropOffRate: count })),
}) satisfies z.ZodType<TemplateStats>;

/** The answer to a body that is neither a JSON object nor absent. */
export const DATE_RANGE_BODY_MESSAGE =
  'The body must be a JSON object with an optional "from" and "to" day (YYYY-MM-DD), or no body at all.';

const dateRange = z
  .object({ from: reportDay.optional(), to: reportDay.optional() }, DATE_RANGE_BODY_MESSAGE)
  .refine((range) => range.from === undefined || range.to === undefined || range.from <= range.to, {
    message: 'The start date must not be after the end date',
    path: ['from'],
  });

/**
 * A range of whole days, or up to now: `to` inclusive (its end, or now for today and later), `from`
 * from its start. Without either date, the last `defaultDays` days; with `to` alone, from the first
 * event, as `npm run analytics -- kpis --to D` counts and the portal's note says.
 */
function periodOf(range: { from?: string; to?: string }, defaultDays: number | null) {
  const now = new Date();
  const until = range.to !== undefined && endOfDay(range.to) < now ? endOfDay(range.to) : now;
  if (range.from !== undefined) return { from: startOfDay(range.from), until };
  const fromDefault = defaultDays !== null && range.to === undefined;
  return { from: fromDefault ? startOfDay(dayOf(new Date(until.getTime() - (defaultDays - 1) * DAY_MS))) : null, until };
}

/**
 * The portal's statistics: the live read model's facts handed to the report definitions that
 * `npm run analytics` replays the log with (src/domain/analytics/reports.ts).
 */
export function adminAnalyticsRoutes(deps: { db: ReadModelDb }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];

    app.post(
      '/admin/analyticsView',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'The 12 site counters, now or as the data stood at the end of a day',
          body: z.object({ _id: z.string().max(100).optional(), asOf: reportDay.optional() }).nullish(),
          response: { 200: siteCountersAnswer },
        },
      },
      async (request) => {
        // Fastify validates an absent body as null: no body means now.
        const asOf = request.body?.asOf;
        const until = asOf !== undefined && endOfDay(asOf) < new Date() ? endOfDay(asOf) : new Date();
        return siteCounters(await analyticsFacts(deps.db, COUNTER_KINDS, until), until);
      },
    );

    app.get(
      '/admin/analytics/trend',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `Posts, users and comments at the end of each of the last ${ANALYTICS_TREND_DAYS} days`,
          response: { 200: trendAnswer },
        },
      },
      async () => {
        const now = new Date();
        const facts = await analyticsFacts(deps.db, COUNTER_KINDS, now);
        const today = startOfDay(dayOf(now)).getTime();
        const days = Array.from({ length: ANALYTICS_TREND_DAYS }, (_, index) =>
          dayOf(new Date(today - (ANALYTICS_TREND_DAYS - 1 - index) * DAY_MS)),
        );
        return {
          data: days.map((day) => {
            const counters = siteCounters(facts, endOfDay(day) < now ? endOfDay(day) : now);
            return { day, totalPosts: counters.totalPosts, totalUsers: counters.totalUsers, totalComments: counters.totalComments };
          }),
        };
      },
    );

    app.get(
      '/admin/recent-users',
      { config: { access: 'admin' }, schema: { tags, summary: 'The newest accounts', response: { 200: recentUsersAnswer } } },
      async () => {
        const { rows } = await usersPage(deps.db, undefined, 1, RECENT_USERS);
        return {
          data: rows.map((row) => ({
            _id: row.id,
            username: row.username,
            lvl: row.lvl,
            verification: row.verification,
            erased: row.erased,
            _dateCreated: row.created_at.toISOString(),
          })),
        };
      },
    );

    app.post(
      '/analytics/kpi',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `Searches by term, clicked and viewed posts with counts, for a range of days (default the last ${DEFAULT_KPI_DAYS})`,
          body: dateRange.nullish(),
          response: { 200: kpisAnswer },
        },
      },
      async (request) => {
        // Fastify validates an absent body as null: no body means the defaults.
        const period = periodOf(request.body ?? {}, DEFAULT_KPI_DAYS);
        return kpis(await analyticsFacts(deps.db, KPI_KINDS, period.until), period);
      },
    );

    app.get(
      '/template/stats',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "The create form's funnel: submissions, completions and drop-off per step (default: since the first event)",
          querystring: dateRange,
          response: { 200: templateStatsAnswer },
        },
      },
      async (request) => {
        const period = periodOf(request.query, null);
        if (period.from !== null && period.from > period.until) throw new HttpError(400, 'The start date must not be in the future');
        return templateStats(await analyticsFacts(deps.db, FUNNEL_FACT_KINDS, period.until), period);
      },
    );
  };
}
