import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, type Member } from '../fixtures/members.js';
import { demoTemplateId } from '../../src/composition/demo-catalogue.js';
import { dayOf } from '../../src/domain/analytics/periods.js';
import { DEFAULT_KPI_DAYS } from '../../src/domain/analytics/portal.js';
import { searchStream } from '../../src/domain/discovery/events.js';
import { DATE_RANGE_BODY_MESSAGE } from '../../src/api/routes/admin-analytics.js';
import { computeReport, replayFacts } from '../../src/projections/analytics-replay.js';

const SEED = 33;
type Json = Record<string, unknown>;

/** The portal's answers and the analysts' replay of the same log must give the same numbers. */
describe('admin analytics: the portal and `npm run analytics` agree', () => {
  let harness: ApiHarness;
  let admin: Member;
  let members: Member[];
  const today = dayOf(new Date());

  beforeAll(async () => {
    harness = await startApiHarness({ users: 3, templates: 6, seed: SEED });
    admin = await makeMember(harness, { prefix: 'stats_admin', lvl: 'admin', verification: 'verified' });
    members = [
      await makeMember(harness, { prefix: 'stats_a', verification: 'verified' }),
      await makeMember(harness, { prefix: 'stats_b', verification: 'verified' }),
    ];
    const [first, second] = [demoTemplateId(SEED, 0), demoTemplateId(SEED, 1)];
    for (const member of members) {
      expect((await harness.call('POST', `/api/resources/view/${first}`, { token: member.token })).status).toBe(200);
      expect((await harness.call('POST', `/api/analytics/search`, { token: member.token, body: { searchTerm: 'budget' } })).status).toBe(
        201,
      );
      expect(
        (
          await harness.call('POST', `/api/analytics/track-progress`, {
            token: member.token,
            body: { formProgress: { url: true, type: true } },
          })
        ).status,
      ).toBe(200);
    }
    expect((await harness.call('POST', `/api/resources/view/${second}`, { token: members[0]!.token })).status).toBe(200);
    expect((await harness.call('POST', `/api/resources/clicked/${second}`, { token: members[0]!.token })).status).toBe(200);
    expect((await harness.call('POST', `/api/resources/save/${second}`, { token: members[1]!.token })).status).toBe(200);
    expect(
      (await harness.call('POST', `/api/comments/resource/${first}`, { token: members[1]!.token, body: { message: 'Useful' } })).status,
    ).toBe(201);
    expect(
      (await harness.call('POST', `/api/analytics/search`, { token: members[0]!.token, body: { searchTerm: '=HYPERLINK("x")' } })).status,
    ).toBe(201);
    await harness.catchUp();
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  const replayed = async (report: Parameters<typeof computeReport>[0], dates: Parameters<typeof computeReport>[2]) =>
    computeReport(report, await replayFacts(harness.infrastructure.store), dates);

  it('gives the same 12 counters', async () => {
    const portal = await harness.call<Json>('POST', '/api/admin/analyticsView', {
      token: admin.token,
      body: { _id: admin.userId, asOf: today },
    });
    expect(portal.status).toBe(200);
    const replay = await replayed('counters', { asOf: today });
    expect(Object.fromEntries(replay.rows)).toEqual(portal.body);
    expect(portal.body).toMatchObject({
      totalUsers: 6,
      totalPosts: 6,
      totalComments: 1,
      totalClicks: 1,
      totalSaves: 1,
      totalViews: 3,
      lastWeekComments: 1,
    });
  });

  it('gives the same KPIs for a date range', async () => {
    const portal = await harness.call<{
      searchAnalytics: { term: string; count: number }[];
      postsViewedAnalytics: { term: string; count: number }[];
    }>('POST', '/api/analytics/kpi', {
      token: admin.token,
      body: { from: today, to: today },
    });
    expect(portal.status).toBe(200);
    expect(portal.body.searchAnalytics).toEqual([
      { term: 'budget', count: 2 },
      { term: '=hyperlink("x")', count: 1 },
    ]);
    expect(portal.body.postsViewedAnalytics.map((entry) => entry.count)).toEqual([2, 1]);
    const replay = await replayed('kpis', { from: today, to: today });
    const lists = { searchAnalytics: [] as Json[], postsClickedAnalytics: [] as Json[], postsViewedAnalytics: [] as Json[] };
    for (const [list, , term, count] of replay.rows) lists[list as keyof typeof lists].push({ term, count });
    expect(lists).toEqual(portal.body);
  });

  it("counts KPIs up to a day from the first event, as the replay and the portal's note say, when only the end date is given", async () => {
    const searchId = randomUUID();
    const longAgo = new Date(Date.now() - (DEFAULT_KPI_DAYS + 10) * 24 * 60 * 60 * 1000).toISOString();
    const metadata = {
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actor: { userId: null, role: 'anonymous' as const },
      occurredAt: longAgo,
      schemaVersion: 1,
    };
    const appended = await harness.infrastructure.store.appendToStream(
      searchStream(searchId),
      [
        {
          id: randomUUID(),
          type: 'SearchPerformed',
          data: { searchId, searchTerm: 'archived term', userId: null, searcher: null },
          metadata,
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await harness.catchUp(appended.position);
    const portal = await harness.call<{ searchAnalytics: { term: string; count: number }[] }>('POST', '/api/analytics/kpi', {
      token: admin.token,
      body: { to: today },
    });
    expect(portal.status).toBe(200);
    expect(portal.body.searchAnalytics).toContainEqual({ term: 'archived term', count: 1 });
    const replay = await replayed('kpis', { to: today });
    expect(replay.rows.filter(([list]) => list === 'searchAnalytics').map(([, , term, count]) => ({ term, count }))).toEqual(
      portal.body.searchAnalytics,
    );
    // Without any date the portal keeps to the last 30 days.
    const recent = await harness.call<{ searchAnalytics: { term: string; count: number }[] }>('POST', '/api/analytics/kpi', {
      token: admin.token,
      body: {},
    });
    expect(recent.body.searchAnalytics.map((entry) => entry.term)).not.toContain('archived term');
  });

  it('gives the same template-creation funnel, counting every step a submission carried without any progress report', async () => {
    // A quick submit: the form's progress report (2 s after the last change) never went out.
    const everyStep = {
      url: true,
      type: true,
      platform: true,
      title: true,
      description: true,
      instructions: true,
      images: true,
      tags: true,
      price: true,
    };
    const created = await harness.call('POST', '/api/resources', {
      token: admin.token,
      body: {
        type: 'marketing',
        platform: 'notion',
        title: 'Quick launch plan',
        description: 'A plan submitted straight after the last touch',
        url: 'https://www.notion.so/quick-launch-plan',
        instructions: 'Duplicate it.',
        tags: ['launch'],
        price: 0,
        formProgress: everyStep,
      },
    });
    expect(created.status).toBe(201);
    const portal = await harness.call<{
      totalSubmissions: number;
      totalCompleted: number;
      dropOffRates: Record<string, { completed: number; total: number; dropOffRate: number }>;
    }>('GET', `/api/template/stats?from=${today}`, { token: admin.token });
    expect(portal.status).toBe(200);
    expect(portal.body.totalSubmissions).toBe(3);
    expect(portal.body.totalCompleted).toBe(1);
    expect(portal.body.dropOffRates.url).toEqual({ completed: 3, total: 3, dropOffRate: 0 });
    expect(portal.body.dropOffRates.tags).toEqual({ completed: 1, total: 3, dropOffRate: 66.67 });
    expect(portal.body.dropOffRates.price).toEqual({ completed: 1, total: 3, dropOffRate: 66.67 });
    const replay = await replayed('funnel', { from: today });
    for (const [step, completed, total, rate] of replay.rows.slice(0, 9)) {
      expect(portal.body.dropOffRates[step as string]).toEqual({ completed, total, dropOffRate: Number(rate) });
    }
    expect(replay.rows.find(([name]) => name === 'whole form')).toEqual(['whole form', 1, 3, '66.67']);
  });

  it('takes a KPI or counters request without a body as the defaults (the last 30 days; now), and refuses a body that is not a JSON object with a clear 400', async () => {
    const defaults = await harness.call<Json>('POST', '/api/analytics/kpi', { token: admin.token, body: {} });
    expect(defaults.status).toBe(200);
    const bodiless = await harness.call<Json>('POST', '/api/analytics/kpi', { token: admin.token });
    expect({ status: bodiless.status, body: bodiless.body }).toEqual({ status: 200, body: defaults.body });
    for (const body of ['[]', '"2026-03-01"', '7']) {
      const refused = await harness.call<Json>('POST', '/api/analytics/kpi', {
        token: admin.token,
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect({ status: refused.status, message: refused.body.message }, body).toEqual({ status: 400, message: DATE_RANGE_BODY_MESSAGE });
    }
    const broken = await harness.call<Json>('POST', '/api/analytics/kpi', {
      token: admin.token,
      headers: { 'content-type': 'application/json' },
      body: '{"from":',
    });
    expect({ status: broken.status, message: broken.body.message }).toEqual({
      status: 400,
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    });
    // The counters' route takes an absent body the same way.
    expect((await harness.call<Json>('POST', '/api/admin/analyticsView', { token: admin.token })).status).toBe(200);
  });

  it('answers with the newest accounts, and refuses bad dates with a 400', async () => {
    const recent = await harness.call<{ data: { username: string }[] }>('GET', '/api/admin/recent-users', { token: admin.token });
    expect(recent.body.data.slice(0, 3).map((user) => user.username)).toEqual([members[1]!.username, members[0]!.username, admin.username]);
    const backwards = await harness.call<Json>('POST', '/api/analytics/kpi', {
      token: admin.token,
      body: { from: '2026-03-02', to: '2026-03-01' },
    });
    expect(backwards.status).toBe(400);
    const impossible = await harness.call<Json>('GET', '/api/template/stats?from=2026-02-30', { token: admin.token });
    expect(impossible.status).toBe(400);
    expect(impossible.body.message).toContain('This date does not exist');
  });
});
