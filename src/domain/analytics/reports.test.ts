import { describe, expect, it } from 'vitest';
import { analyticsFactOf, type AnalyticsFact } from './facts.js';
import { audienceMembers, audienceSizes, kpis, siteCounters, templateStats } from './reports.js';

let sequence = 0;
/** An event as the log holds it, `daysAgo` days before 2026-06-30T00:00Z (plus `hours`). */
function event(type: string, data: Record<string, unknown>, at: string) {
  sequence += 1;
  return { id: `e-${String(sequence).padStart(4, '0')}`, type, data, metadata: { occurredAt: at } };
}
function factsOf(...events: ReturnType<typeof event>[]): AnalyticsFact[] {
  return events.map((e) => analyticsFactOf(e)).filter((fact): fact is AnalyticsFact => fact !== null);
}
const NOW = new Date('2026-06-30T00:00:00Z');
const daysAgo = (days: number, hours = 0) => new Date(NOW.getTime() - days * 86_400_000 + hours * 3_600_000).toISOString();

describe('analytics facts', () => {
  it('maps the form steps to the spec names (images → screenshot) and ignores events the statistics do not read', () => {
    const [progress] = factsOf(
      event('TemplateFormProgressed', { userId: 'u1', formProgress: { url: true, images: true, price: false } }, daysAgo(1)),
    );
    expect(progress).toMatchObject({ kind: 'form_progress', userId: 'u1', steps: 'url,screenshot' });
    expect(analyticsFactOf(event('SessionStarted', { userId: 'u1' }, daysAgo(1)))).toBeNull();
    expect(
      analyticsFactOf(event('NotificationSettingsChanged', { userId: 'u1', settings: { allowEmailsFromPosts: false } }, daysAgo(1))),
    ).toBeNull();
  });
});

describe('site counters', () => {
  it('counts what stood at the cut-off: deleted posts and users no longer count, unsaves take back saves, windows of 30 and 7 days', () => {
    const facts = factsOf(
      event('UserRegistered', { userId: 'u1' }, daysAgo(40)),
      event('UserRegistered', { userId: 'u2' }, daysAgo(10)),
      event('UserRegistered', { userId: 'u3' }, daysAgo(2)),
      event('AccountDeleted', { userId: 'u3' }, daysAgo(1)),
      event('TemplateSubmitted', { templateId: 't1', authorId: 'u1', title: 'One' }, daysAgo(35)),
      event('TemplateSubmitted', { templateId: 't2', authorId: 'u1', title: 'Two' }, daysAgo(5)),
      event('TemplateSubmitted', { templateId: 't3', authorId: 'u2', title: 'Three' }, daysAgo(3)),
      event('TemplateDeleted', { templateId: 't3', deletedBy: 'u2', reason: null }, daysAgo(1)),
      event('CommentPosted', { commentId: 'c1', templateId: 't1', authorId: 'u2', message: 'hi' }, daysAgo(20)),
      event('CommentPosted', { commentId: 'c2', templateId: 't1', authorId: 'u2', message: 'hi' }, daysAgo(1)),
      event('TemplateSaved', { templateId: 't1', userId: 'u2' }, daysAgo(3)),
      event('TemplateSaved', { templateId: 't2', userId: 'u2' }, daysAgo(3)),
      event('TemplateUnsaved', { templateId: 't2', userId: 'u2' }, daysAgo(2)),
      event('TemplateClicked', { templateId: 't1', userId: 'u2' }, daysAgo(2)),
      event('TemplateViewed', { templateId: 't1', userId: null }, daysAgo(2)),
      event('TemplateViewed', { templateId: 't1', userId: 'u2' }, daysAgo(0, 1)),
    );
    expect(siteCounters(facts, NOW)).toEqual({
      totalPosts: 2,
      totalUsers: 2,
      totalComments: 2,
      last30Posts: 1,
      last30Users: 1,
      last30Comments: 2,
      lastWeeksPosts: 1,
      lastWeekUsers: 0,
      lastWeekComments: 1,
      totalClicks: 1,
      totalSaves: 1,
      totalViews: 1,
    });
    // As of 4 days ago: u3 and t3 not there yet, the unsave not yet made.
    expect(siteCounters(facts, new Date(daysAgo(4)))).toMatchObject({
      totalPosts: 2,
      totalUsers: 2,
      totalSaves: 0,
      totalComments: 1,
      totalViews: 0,
    });
  });
});

describe('KPIs', () => {
  it('counts searches by term and clicks and views by the title the post had at the end of the period, most frequent first', () => {
    const facts = factsOf(
      event('TemplateSubmitted', { templateId: 't1', authorId: 'u1', title: 'Budget' }, daysAgo(10)),
      event('TemplateSubmitted', { templateId: 't2', authorId: 'u1', title: 'Roadmap' }, daysAgo(10)),
      event('SearchPerformed', { searchId: 's1', searchTerm: 'crm', userId: null }, daysAgo(5)),
      event('SearchPerformed', { searchId: 's2', searchTerm: 'budget', userId: 'u1' }, daysAgo(5)),
      event('SearchPerformed', { searchId: 's3', searchTerm: 'crm', userId: 'u1' }, daysAgo(4)),
      event('SearchPerformed', { searchId: 's4', searchTerm: 'old', userId: 'u1' }, daysAgo(9)),
      event('TemplateClicked', { templateId: 't2', userId: 'u1' }, daysAgo(4)),
      event('TemplateViewed', { templateId: 't1', userId: null }, daysAgo(4)),
      event('TemplateViewed', { templateId: 't2', userId: null }, daysAgo(4)),
      event('TemplateViewed', { templateId: 't2', userId: null }, daysAgo(3)),
      event(
        'TemplateEdited',
        { templateId: 't2', editorId: 'u1', changes: { title: 'Roadmap 2027' }, previousStatus: 'under review' },
        daysAgo(3),
      ),
      event(
        'TemplateEdited',
        { templateId: 't2', editorId: 'u1', changes: { title: 'Later title' }, previousStatus: 'under review' },
        daysAgo(1),
      ),
    );
    expect(kpis(facts, { from: new Date(daysAgo(6)), until: new Date(daysAgo(2)) })).toEqual({
      searchAnalytics: [
        { term: 'crm', count: 2 },
        { term: 'budget', count: 1 },
      ],
      postsClickedAnalytics: [{ term: 'Roadmap 2027', count: 1 }],
      postsViewedAnalytics: [
        { term: 'Roadmap 2027', count: 2 },
        { term: 'Budget', count: 1 },
      ],
    });
  });

  it('names a post by the title visitors saw: an edit of a live post counts once approved, never while it waits or once denied', () => {
    const facts = factsOf(
      event('TemplateSubmitted', { templateId: 't1', authorId: 'u1', title: 'Budget' }, daysAgo(10)),
      event(
        'TemplateEdited',
        { templateId: 't1', editorId: 'u1', changes: { title: 'Budget (denied)' }, previousStatus: 'live' },
        daysAgo(6),
      ),
      event('TemplateDenied', { templateId: 't1', reviewerId: 'a1', reason: 'No' }, daysAgo(6)),
      event('TemplateClicked', { templateId: 't1', userId: 'u2' }, daysAgo(5)),
      event('TemplateEdited', { templateId: 't1', editorId: 'u1', changes: { title: 'Budget 2027' }, previousStatus: 'live' }, daysAgo(4)),
    );
    expect(kpis(facts, { from: new Date(daysAgo(7)), until: new Date(daysAgo(3)) }).postsClickedAnalytics).toEqual([
      { term: 'Budget', count: 1 },
    ]);
    const approved = [
      ...facts,
      ...factsOf(event('TemplateApproved', { templateId: 't1', reviewerId: 'a1', published: { title: 'Budget 2027' } }, daysAgo(2))),
    ];
    expect(kpis(approved, { from: new Date(daysAgo(7)), until: NOW }).postsClickedAnalytics).toEqual([{ term: 'Budget 2027', count: 1 }]);
  });
});

describe('template-creation funnel', () => {
  it('counts each person who touched the form as a submission, the steps they touched, and drop-off rates to 2 decimals', () => {
    const all = {
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
    const facts = factsOf(
      event('TemplateFormProgressed', { userId: 'u1', formProgress: { url: true } }, daysAgo(5)),
      event('TemplateFormProgressed', { userId: 'u1', formProgress: all }, daysAgo(5)),
      event('TemplateFormProgressed', { userId: 'u2', formProgress: { url: true, title: true } }, daysAgo(4)),
      event('TemplateFormProgressed', { userId: 'u3', formProgress: { type: true } }, daysAgo(4)),
      event('TemplateFormProgressed', { userId: 'u4', formProgress: all }, daysAgo(20)),
    );
    const stats = templateStats(facts, { from: new Date(daysAgo(7)), until: NOW });
    expect(stats.totalSubmissions).toBe(3);
    expect(stats.totalCompleted).toBe(1);
    expect(stats.dropOffRates.url).toEqual({ completed: 2, total: 3, dropOffRate: 33.33 });
    expect(stats.dropOffRates.screenshot).toEqual({ completed: 1, total: 3, dropOffRate: 66.67 });
    expect(stats.dropOffRates.type).toEqual({ completed: 2, total: 3, dropOffRate: 33.33 });
    expect(templateStats([], { from: null, until: NOW }).dropOffRates.price).toEqual({ completed: 0, total: 0, dropOffRate: 0 });
  });

  it("counts the steps a submission carried, even when the form's last progress report never came; imports count not", () => {
    const facts = factsOf(
      event('TemplateFormProgressed', { userId: 'u1', formProgress: { url: true, type: true } }, daysAgo(2)),
      event(
        'TemplateSubmitted',
        {
          templateId: 't1',
          authorId: 'u1',
          title: 'Budget',
          formSteps: ['url', 'type', 'platform', 'title', 'description', 'instructions', 'images', 'tags', 'price'],
        },
        daysAgo(2),
      ),
      event('TemplateSubmitted', { templateId: 't2', authorId: 'u2', title: 'Roadmap', importedBy: 'a1' }, daysAgo(2)),
    );
    const stats = templateStats(facts, { from: new Date(daysAgo(7)), until: NOW });
    expect(stats.totalSubmissions).toBe(1);
    expect(stats.totalCompleted).toBe(1);
    expect(stats.dropOffRates.tags).toEqual({ completed: 1, total: 1, dropOffRate: 0 });
    expect(stats.dropOffRates.screenshot).toEqual({ completed: 1, total: 1, dropOffRate: 0 });
  });
});

describe('audience groups', () => {
  const facts = factsOf(
    // new: signed up 3 days ago, silent since
    event('UserRegistered', { userId: 'new' }, daysAgo(3)),
    // eager: active on day one, 3 actions in the first week, a creator now
    event('UserRegistered', { userId: 'eager' }, daysAgo(20)),
    event('TemplateViewed', { templateId: 't1', userId: 'eager' }, daysAgo(20, 2)),
    event('SearchPerformed', { searchId: 's1', searchTerm: 'x', userId: 'eager' }, daysAgo(19)),
    event('TemplateLiked', { templateId: 't1', userId: 'eager' }, daysAgo(18)),
    event('TemplateSubmitted', { templateId: 't9', authorId: 'eager', title: 'Mine' }, daysAgo(2)),
    event('TemplateClicked', { templateId: 't1', userId: 'eager' }, daysAgo(1)),
    // quiet: opened the create form long ago, turned update e-mails off
    event('UserRegistered', { userId: 'quiet' }, daysAgo(100)),
    event('TemplateFormProgressed', { userId: 'quiet', formProgress: { url: true } }, daysAgo(60)),
    event('NotificationSettingsChanged', { userId: 'quiet', settings: { allowUpdateEmails: false } }, daysAgo(59)),
    // gone: deleted
    event('UserRegistered', { userId: 'gone' }, daysAgo(30)),
    event('AccountDeleted', { userId: 'gone' }, daysAgo(29)),
  );

  it('defines each group from the events and honours update-e-mail preferences except for group all', () => {
    const members = (group: Parameters<typeof audienceMembers>[2]) => audienceMembers(facts, NOW, group);
    expect(members('all')).toEqual(['eager', 'new', 'quiet']);
    expect(members('noDownloads')).toEqual(['new']);
    expect(members('noSearch')).toEqual(['new']);
    expect(members('noViews')).toEqual(['new']);
    expect(members('noCreations')).toEqual(['new']);
    expect(members('noEngagements')).toEqual(['new']);
    expect(members('dormantNewSignups')).toEqual(['new']);
    expect(members('day1Active')).toEqual(['eager']);
    expect(members('7DayEngaged')).toEqual(['eager']);
    expect(members('weeklyActive')).toEqual(['eager']);
    expect(members('powerUsers')).toEqual(['eager']);
    expect(members('dormantUsers')).toEqual([]);
    expect(members('creators')).toEqual(['eager']);
    // quiet would be a dormant creator and a dormant user, but takes no update e-mails.
    expect(members('dormantCreators')).toEqual([]);
    expect(audienceSizes(facts, NOW).find((size) => size.group === 'all')).toEqual({ group: 'all', recipients: 3 });
    expect(audienceSizes(facts, NOW)).toHaveLength(14);
  });

  it('answers as of an earlier date', () => {
    expect(audienceMembers(facts, new Date(daysAgo(10)), 'creators')).toEqual([]);
    expect(audienceMembers(facts, new Date(daysAgo(10)), 'all')).toEqual(['eager', 'quiet']);
  });
});
