import { FUNNEL_STEPS, type AnalyticsFact, type FunnelStep } from './facts.js';

/*
 * The admin statistics as pure functions of the facts (facts.ts) that happened before a cut-off.
 * The portal feeds them the facts its read model stores, `npm run analytics` the facts it derives
 * by replaying the log: one definition, so both give the same numbers.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A time range: facts at or after `from` (null: since the first event) and strictly before `until`. */
export interface ReportPeriod {
  from: Date | null;
  until: Date;
}

function within(fact: AnalyticsFact, period: ReportPeriod): boolean {
  const at = Date.parse(fact.at);
  return at < period.until.getTime() && (period.from === null || at >= period.from.getTime());
}

/** The admin analytics view's 12 counters (spec: Admin analytics). */
export interface SiteCounters {
  totalPosts: number;
  totalUsers: number;
  totalComments: number;
  last30Posts: number;
  last30Users: number;
  last30Comments: number;
  lastWeeksPosts: number;
  lastWeekUsers: number;
  lastWeekComments: number;
  totalClicks: number;
  totalSaves: number;
  totalViews: number;
}
export const SITE_COUNTER_NAMES = [
  'totalPosts',
  'totalUsers',
  'totalComments',
  'last30Posts',
  'last30Users',
  'last30Comments',
  'lastWeeksPosts',
  'lastWeekUsers',
  'lastWeekComments',
  'totalClicks',
  'totalSaves',
  'totalViews',
] as const satisfies readonly (keyof SiteCounters)[];

/**
 * The counters as the data stood at `asOf`: posts and users still there (deleted ones no longer
 * count), the posts, users and comments created in the 30 and 7 days before `asOf`, every link
 * click and page view, and the saves not taken back.
 */
export function siteCounters(facts: Iterable<AnalyticsFact>, asOf: Date): SiteCounters {
  const cutoff = asOf.getTime();
  const monthAgo = cutoff - 30 * DAY_MS;
  const weekAgo = cutoff - 7 * DAY_MS;
  const posts = new Map<string, number>();
  const users = new Map<string, number>();
  const removedPosts = new Set<string>();
  const deletedUsers = new Set<string>();
  const counters: SiteCounters = Object.fromEntries(SITE_COUNTER_NAMES.map((name) => [name, 0])) as unknown as SiteCounters;
  const recent = (at: number, total: 'Posts' | 'Users' | 'Comments') => {
    if (at >= monthAgo) counters[`last30${total}` as const] += 1;
    if (at >= weekAgo) counters[total === 'Posts' ? 'lastWeeksPosts' : (`lastWeek${total}` as const)] += 1;
  };
  for (const fact of facts) {
    const at = Date.parse(fact.at);
    if (at >= cutoff) continue;
    switch (fact.kind) {
      case 'post_created':
        posts.set(fact.key!, at);
        break;
      case 'post_removed':
        removedPosts.add(fact.key!);
        break;
      case 'user_registered':
        users.set(fact.userId!, at);
        break;
      case 'user_deleted':
        deletedUsers.add(fact.userId!);
        break;
      case 'comment':
        counters.totalComments += 1;
        recent(at, 'Comments');
        break;
      case 'click':
        counters.totalClicks += 1;
        break;
      case 'save':
        counters.totalSaves += 1;
        break;
      case 'unsave':
        counters.totalSaves -= 1;
        break;
      case 'view':
        counters.totalViews += 1;
        break;
      default:
        break;
    }
  }
  for (const [id, at] of posts) {
    if (removedPosts.has(id)) continue;
    counters.totalPosts += 1;
    recent(at, 'Posts');
  }
  for (const [id, at] of users) {
    if (deletedUsers.has(id)) continue;
    counters.totalUsers += 1;
    recent(at, 'Users');
  }
  return counters;
}

/** One KPI line: a search term or a post's title, and how often. */
export interface TermCount {
  term: string;
  count: number;
}

/** KPIs (spec): what was searched, which posts' links were clicked and which posts were viewed. */
export interface Kpis {
  searchAnalytics: TermCount[];
  postsClickedAnalytics: TermCount[];
  postsViewedAnalytics: TermCount[];
}

/** Each KPI list keeps its most frequent entries: an analyst reads the head, not 20 000 lines. */
export const KPI_LIST_LIMIT = 50;

function ranked(counts: Map<string, number>): TermCount[] {
  return [...counts]
    .map(([term, count]) => ({ term, count }))
    .sort((a, b) => b.count - a.count || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
    .slice(0, KPI_LIST_LIMIT);
}

/**
 * Searches by term, link clicks and page views by post within the period, most frequent first
 * (ties by term). A post is named by its title as of the end of the period; a post removed since
 * keeps the title it had.
 */
export function kpis(facts: Iterable<AnalyticsFact>, period: ReportPeriod): Kpis {
  const titles = new Map<string, string>();
  const searches = new Map<string, number>();
  const clicks = new Map<string, number>();
  const views = new Map<string, number>();
  const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const fact of facts) {
    if (Date.parse(fact.at) >= period.until.getTime()) continue;
    if (fact.kind === 'post_created' || fact.kind === 'post_titled') titles.set(fact.key!, fact.value!);
    if (!within(fact, period)) continue;
    if (fact.kind === 'search') bump(searches, fact.key!);
    else if (fact.kind === 'click') bump(clicks, fact.key!);
    else if (fact.kind === 'view') bump(views, fact.key!);
  }
  const byTitle = (counts: Map<string, number>) => {
    const titled = new Map<string, number>();
    // Two posts may share a title: their counts add up under it, as an analyst reading titles would expect.
    for (const [templateId, count] of counts)
      titled.set(titles.get(templateId) ?? templateId, (titled.get(titles.get(templateId) ?? templateId) ?? 0) + count);
    return ranked(titled);
  };
  return { searchAnalytics: ranked(searches), postsClickedAnalytics: byTitle(clicks), postsViewedAnalytics: byTitle(views) };
}

export interface FunnelStepStats {
  completed: number;
  total: number;
  /** Per cent of the people who started the form that never completed this step, to 2 decimals. */
  dropOffRate: number;
}

/** Template stats (spec): the create form's funnel. */
export interface TemplateStats {
  totalSubmissions: number;
  totalCompleted: number;
  dropOffRates: Record<FunnelStep, FunnelStepStats>;
}

/** A rate to 2 decimals (spec: drop-off rate shown to 2 decimals). */
export function roundRate(rate: number): number {
  return Math.round(rate * 100) / 100;
}

/** The fact kinds the funnel reads: the form's progress reports and the submissions, which carry their steps. */
export const FUNNEL_FACT_KINDS = ['form_progress', 'post_created'] as const satisfies readonly AnalyticsFact['kind'][];

/**
 * The create-form funnel over the period, from the form's progress reports and its submissions:
 * each person who touched the form in the period is one submission; the steps they touched (in
 * any of their reports or submissions there) are completed; they completed the form when they
 * touched every step. Imported posts and those from before submissions carried steps count not.
 */
export function templateStats(facts: Iterable<AnalyticsFact>, period: ReportPeriod): TemplateStats {
  const touchedBy = new Map<string, Set<string>>();
  for (const fact of facts) {
    if (!(FUNNEL_FACT_KINDS as readonly string[]).includes(fact.kind) || fact.steps === null || !within(fact, period)) continue;
    const touched = touchedBy.get(fact.userId!) ?? new Set<string>();
    for (const step of fact.steps ? fact.steps.split(',') : []) touched.add(step);
    touchedBy.set(fact.userId!, touched);
  }
  const totalSubmissions = touchedBy.size;
  const dropOffRates = Object.fromEntries(
    FUNNEL_STEPS.map((step) => {
      const completed = [...touchedBy.values()].filter((touched) => touched.has(step)).length;
      return [
        step,
        {
          completed,
          total: totalSubmissions,
          dropOffRate: totalSubmissions === 0 ? 0 : roundRate(((totalSubmissions - completed) / totalSubmissions) * 100),
        },
      ];
    }),
  ) as Record<FunnelStep, FunnelStepStats>;
  const totalCompleted = [...touchedBy.values()].filter((touched) => FUNNEL_STEPS.every((step) => touched.has(step))).length;
  return { totalSubmissions, totalCompleted, dropOffRates };
}

/** The mass e-mail's audience groups in the spec's order, each with what it means here. */
export const AUDIENCE_GROUPS = [
  { group: 'all', meaning: 'every account not deleted, including those who turned update e-mails off' },
  { group: 'noDownloads', meaning: "never opened a template's link nor bought one" },
  { group: 'noSearch', meaning: 'never searched while signed in' },
  { group: 'noViews', meaning: "never opened a template's page while signed in" },
  { group: 'noCreations', meaning: 'never submitted a post' },
  { group: 'noEngagements', meaning: 'never liked, saved or commented on a post' },
  { group: 'dormantNewSignups', meaning: 'signed up in the last 30 days, at least 48 h ago, and did nothing in their first 48 h' },
  { group: 'day1Active', meaning: 'did something within 24 h of signing up' },
  { group: '7DayEngaged', meaning: 'did 3 or more things in their first 7 days' },
  { group: 'weeklyActive', meaning: 'did something in the last 7 days' },
  { group: 'powerUsers', meaning: 'did 5 or more things in the last 30 days' },
  { group: 'dormantUsers', meaning: 'did nothing for 14 days or more (counted from sign-up for those who never did anything)' },
  { group: 'creators', meaning: 'submitted a post in the last 30 days' },
  { group: 'dormantCreators', meaning: 'opened the create form in the last 6 months but submitted no post in that time' },
] as const;
export type AudienceGroup = (typeof AUDIENCE_GROUPS)[number]['group'];
export const AUDIENCE_GROUP_IDS = AUDIENCE_GROUPS.map((entry) => entry.group) as AudienceGroup[];

/** What counts as "doing something" for the audience groups: every signed-in action in the log. */
const ACTION_KINDS = new Set<AnalyticsFact['kind']>([
  'post_created',
  'comment',
  'click',
  'save',
  'like',
  'view',
  'search',
  'form_progress',
  'purchase',
]);
const SIX_MONTHS_MS = 182 * DAY_MS;

interface Member {
  registeredAt: number;
  allowsUpdateEmails: boolean;
  actions: number[];
  kinds: Set<AnalyticsFact['kind']>;
  posts: number[];
  formVisits: number[];
}

function members(facts: Iterable<AnalyticsFact>, asOf: Date): Map<string, Member> {
  const cutoff = asOf.getTime();
  const byId = new Map<string, Member>();
  const deleted = new Set<string>();
  for (const fact of facts) {
    const at = Date.parse(fact.at);
    if (at >= cutoff || fact.userId === null) continue;
    if (fact.kind === 'user_registered') {
      byId.set(fact.userId, { registeredAt: at, allowsUpdateEmails: true, actions: [], kinds: new Set(), posts: [], formVisits: [] });
      continue;
    }
    if (fact.kind === 'user_deleted') deleted.add(fact.userId);
    const member = byId.get(fact.userId);
    if (!member) continue;
    if (fact.kind === 'notifications') member.allowsUpdateEmails = fact.value === '1';
    if (!ACTION_KINDS.has(fact.kind)) continue;
    member.actions.push(at);
    member.kinds.add(fact.kind);
    if (fact.kind === 'post_created') member.posts.push(at);
    if (fact.kind === 'form_progress') member.formVisits.push(at);
  }
  for (const userId of deleted) byId.delete(userId);
  return byId;
}

function belongs(group: AudienceGroup, member: Member, now: number): boolean {
  const { registeredAt, actions, kinds } = member;
  const count = (from: number, until: number) => actions.filter((at) => at >= from && at < until).length;
  const lastAction = actions.reduce((latest, at) => Math.max(latest, at), registeredAt);
  switch (group) {
    case 'all':
      return true;
    case 'noDownloads':
      return !kinds.has('click') && !kinds.has('purchase');
    case 'noSearch':
      return !kinds.has('search');
    case 'noViews':
      return !kinds.has('view');
    case 'noCreations':
      return !kinds.has('post_created');
    case 'noEngagements':
      return !kinds.has('like') && !kinds.has('save') && !kinds.has('comment');
    case 'dormantNewSignups':
      return (
        registeredAt >= now - 30 * DAY_MS && registeredAt <= now - 48 * HOUR_MS && count(registeredAt, registeredAt + 48 * HOUR_MS) === 0
      );
    case 'day1Active':
      return count(registeredAt, registeredAt + 24 * HOUR_MS) > 0;
    case '7DayEngaged':
      return count(registeredAt, registeredAt + 7 * DAY_MS) >= 3;
    case 'weeklyActive':
      return count(now - 7 * DAY_MS, now) > 0;
    case 'powerUsers':
      return count(now - 30 * DAY_MS, now) >= 5;
    case 'dormantUsers':
      return lastAction <= now - 14 * DAY_MS;
    case 'creators':
      return member.posts.some((at) => at >= now - 30 * DAY_MS);
    case 'dormantCreators':
      return member.formVisits.some((at) => at >= now - SIX_MONTHS_MS) && !member.posts.some((at) => at >= now - SIX_MONTHS_MS);
  }
}

/**
 * The ids of a group's recipients as the data stood at `asOf`, sorted: members of the group who
 * accept update e-mails (group `all` reaches everyone, spec).
 */
export function audienceMembers(facts: Iterable<AnalyticsFact>, asOf: Date, group: AudienceGroup): string[] {
  const now = asOf.getTime();
  return [...members(facts, asOf)]
    .filter(([, member]) => (group === 'all' || member.allowsUpdateEmails) && belongs(group, member, now))
    .map(([userId]) => userId)
    .sort();
}

export interface AudienceSize {
  group: AudienceGroup;
  recipients: number;
}

/** Every group's recipient count at `asOf`, in the spec's order. */
export function audienceSizes(facts: Iterable<AnalyticsFact>, asOf: Date): AudienceSize[] {
  const now = asOf.getTime();
  const all = [...members(facts, asOf).values()];
  return AUDIENCE_GROUP_IDS.map((group) => ({
    group,
    recipients: all.filter((member) => (group === 'all' || member.allowsUpdateEmails) && belongs(group, member, now)).length,
  }));
}
