import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ResourceView } from '../../src/domain/catalogue/resource-view.js';
import { keywordLabel } from '../../src/domain/catalogue/presentation.js';
import { ACCOUNT_LIMITS } from '../../src/domain/accounts/rules.js';
import { TEMPLATE_LIMITS } from '../../src/domain/templates/rules.js';
import { COMMENTS_PAGE, DETAIL_PAGE, ENGAGEMENT_LIMITS, ENGAGEMENT_MESSAGES } from '../../src/domain/engagement/rules.js';
import type { CommentPage, ResourceDetailAnswer } from '../../src/domain/engagement/views.js';
import { cataloguePlan, DEMO_CATALOGUE } from '../../src/composition/demo-catalogue.js';

import { holdRequests, logInThroughForm, signInThroughApi, startE2eEnvironment, waitForApp, type E2eEnvironment } from './harness.js';

/** The narrowest screen the pages are made for. */
const PHONE_WIDTH = 375;

/** A demo member who engages with other people's posts. */
const VIEWER = 'kenji_mensah1';

async function detailAs(page: Page, titleUrl: string): Promise<ResourceDetailAnswer> {
  const answer = await page.request.get(`/api/resources/${titleUrl}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as ResourceDetailAnswer;
}

describe('resource detail: engagement, comments, reports, author tools', () => {
  let environment: E2eEnvironment;
  /** A live demo post by someone other than VIEWER. */
  let post: ResourceView;

  beforeAll(async () => {
    environment = await startE2eEnvironment();
    const answer = await fetch(`${environment.baseUrl}/api/resources/toprated`);
    const { data } = (await answer.json()) as { data: ResourceView[] };
    post = data.find((resource) => resource.author.username !== VIEWER && resource.price === 0)!;
  });

  afterAll(async () => {
    await environment?.stop();
  });

  it('shows the post to a visitor, counts the view and asks them to log in before liking', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    const before = await detailAs(page, post.titleUrl);
    await page.goto(`/resources/${post.titleUrl}`);
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
    expect(await page.title()).toBe(`${post.title} | Tessera`);
    const servedHtml = await (await fetch(`${environment.baseUrl}/resources/${post.titleUrl}`)).text();
    expect(servedHtml).toContain(`<meta property="og:title" content="${post.title} | Tessera" />`);
    expect(
      await page
        .getByRole('link', { name: post.author.info.displayName ?? post.author.username })
        .first()
        .getAttribute('href'),
    ).toBe(`/users/${post.author.username}`);
    const firstTag = post.keywords[0]!;
    expect(
      await page
        .getByRole('article', { name: post.title, exact: true })
        .getByRole('list', { name: 'Tags' })
        .getByRole('link', { name: keywordLabel(firstTag), exact: true })
        .getAttribute('href'),
    ).toBe(`/search/tag/${encodeURIComponent(firstTag)}`);
    await page.getByRole('heading', { name: DETAIL_PAGE.relatedPostsHeading }).waitFor();

    await expect
      .poll(async () => (await detailAs(page, post.titleUrl)).data.analytics.pageViews.total)
      .toBe(before.data.analytics.pageViews.total + 1);

    await page.getByRole('complementary', { name: 'Actions' }).getByRole('button', { name: /Kudos/u }).click();
    await page.getByRole('dialog', { name: /Join the Tessera community/u }).waitFor();
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('lets a visitor close the login prompt the comment box opened, and opens it again when they type', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    // Hold the session's answer back: a click on the box while the page still asks who this is must not be lost.
    const releaseSession = await holdRequests(page, '**/api/auth/session');
    await page.goto(`/resources/${post.titleUrl}`);
    await waitForApp(page);
    const prompt = page.getByRole('dialog', { name: /Join the Tessera community/u });
    const box = page.getByLabel('Add a comment');
    await box.click();
    releaseSession();
    await prompt.waitFor();
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'hidden' });
    // The closed prompt hands the focus back to the box: that alone must not open it again.
    await page.waitForTimeout(500);
    expect(await prompt.count()).toBe(0);

    await box.focus();
    await page.keyboard.type('x');
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Close' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await page.waitForTimeout(500);
    expect(await prompt.count()).toBe(0);
    expect(await box.inputValue()).toBe('');
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('asks a visitor who clicks See it while the page still asks who they are to log in, and opens the link for a member', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    const link = (await detailAs(page, post.titleUrl)).data.link!;
    // The post's link leads off the site: answered here, so the test does not wait on the network.
    await page.context().route(link, (route) => route.fulfill({ contentType: 'text/html', body: '<title>The template</title>' }));
    const prompt = page.getByRole('dialog', { name: /Join the Tessera community/u });
    const seeIt = page.getByRole('complementary', { name: 'Actions' }).getByRole('link', { name: /See it/u });
    const openedTabs: string[] = [];
    page.context().on('page', (tab) => openedTabs.push(tab.url()));

    let releaseSession = await holdRequests(page, '**/api/auth/session');
    await page.goto(`/resources/${post.titleUrl}`);
    await waitForApp(page);
    await seeIt.click();
    releaseSession();
    await prompt.waitFor();
    expect(openedTabs).toEqual([]);
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'hidden' });

    await page.unrouteAll();
    await signInThroughApi(page.request, VIEWER);
    releaseSession = await holdRequests(page, '**/api/auth/session');
    await page.reload();
    await waitForApp(page);
    const tab = page.context().waitForEvent('page');
    await seeIt.click();
    releaseSession();
    const opened = await tab;
    await opened.waitForLoadState();
    expect(opened.url()).toBe(link);
    expect(await prompt.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('flips kudos and save at once, shows the toasts and keeps the server count', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await logInThroughForm(page, VIEWER);
    const before = await detailAs(page, post.titleUrl);
    await page.goto(`/resources/${post.titleUrl}`);
    const actions = page.getByRole('complementary', { name: 'Actions' });
    const kudos = actions.getByRole('button', { name: /Kudos/u });
    const wasLiked = before.data.prevActions.has_liked;
    // The server renders the page for nobody; the viewer's own kudos are filled in once the session is known.
    await expect.poll(() => kudos.getAttribute('aria-pressed')).toBe(String(wasLiked));

    // Hold the server's answer back: the button must flip before it arrives.
    const releaseLike = await holdRequests(page, '**/api/resources/like/**');
    await kudos.click();
    await expect.poll(() => kudos.getAttribute('aria-pressed')).toBe(String(!wasLiked));
    releaseLike();
    await page
      .getByRole('status')
      .getByText(wasLiked ? 'Kudos removed!' : 'Kudos given!')
      .waitFor();
    const expectedLikes = before.data.ratings.positive + (wasLiked ? -1 : 1);
    await expect.poll(() => kudos.textContent()).toContain(String(expectedLikes));
    expect((await detailAs(page, post.titleUrl)).data.ratings.positive).toBe(expectedLikes);

    const save = actions.getByRole('button', { name: /^Save/u });
    await save.click();
    await page.getByRole('status').getByText('Saved to your Templates!').waitFor();
    expect(await actions.getByRole('button', { name: /^Saved/u }).getAttribute('aria-pressed')).toBe('true');
    const saved = await detailAs(page, post.titleUrl);
    expect(saved.data.prevActions.has_saved).toBe(true);
    expect(saved.data.ratings.saves).toBe(before.data.ratings.saves + 1);
    await actions.getByRole('button', { name: /^Saved/u }).click();
    await page.getByRole('status').getByText('Removed from your saved Templates!').waitFor();
    expect((await detailAs(page, post.titleUrl)).data.ratings.saves).toBe(before.data.ratings.saves);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('posts comments as text, never HTML, with a 4-line preview and READ MORE', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await logInThroughForm(page, VIEWER);
    await page.goto(`/resources/${post.titleUrl}`);
    const box = page.getByLabel('Add a comment');
    const postButton = page.getByRole('button', { name: 'Post comment' });
    await box.fill('   ');
    expect(await postButton.isDisabled()).toBe(true);

    const hostile = '<script>window.__hacked = true</script><b>bold?</b>';
    await box.fill(hostile);
    await postButton.click();
    const comments = page.locator('.detail-comments__list');
    await comments.getByText(hostile, { exact: true }).waitFor();
    expect(await comments.locator('script, b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked)).toBeUndefined();

    await box.fill(['one', 'two', 'three', 'four', 'five', 'six'].join('\n'));
    await postButton.click();
    const readMore = comments.getByRole('button', { name: 'READ MORE' });
    await readMore.waitFor();
    await readMore.click();
    expect(await comments.getByRole('button', { name: 'SHOW LESS' }).getAttribute('aria-expanded')).toBe('true');

    const stored = await (await page.request.get(`/api/comments/resource/${post._id}`)).json();
    expect(stored.comments.map((comment: { message: string }) => comment.message)).toContain(hostile);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('shows a page of comments, then the older ones on "Show more comments", with the focus on the first it brought', async () => {
    const toprated = (await (await fetch(`${environment.baseUrl}/api/resources/toprated`)).json()) as { data: ResourceView[] };
    const busy = toprated.data.find((resource) => resource._id !== post._id && resource.price === 0)!;
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: PHONE_WIDTH });
    // Two members share the comments: one may post only so many an hour.
    const commenters = cataloguePlan(DEMO_CATALOGUE)
      .users.map((user) => user.username)
      .filter((username) => username !== busy.author.username)
      .slice(0, 2);
    for (const [index, commenter] of commenters.entries()) {
      await signInThroughApi(page.request, commenter);
      for (let number = 0; number < 12; number++) {
        const posted = await page.request.post(`/api/comments/resource/${busy._id}`, {
          data: { message: `Thread comment ${index * 12 + number}` },
        });
        expect(posted.status(), await posted.text()).toBe(201);
      }
    }
    const { total } = (await (await page.request.get(`/api/comments/resource/${busy._id}`)).json()) as CommentPage;

    await page.goto(`/resources/${busy.titleUrl}`);
    await page.getByRole('heading', { name: `Comments (${total})` }).waitFor();
    const shown = page.locator('.detail-comments__list > li');
    await expect.poll(() => shown.count()).toBe(COMMENTS_PAGE.size);
    expect(await shown.first().textContent()).toContain('Thread comment 23');
    await page.getByRole('button', { name: COMMENTS_PAGE.showMore }).click();
    await expect.poll(() => shown.count()).toBe(Math.min(total, COMMENTS_PAGE.size * 2));
    expect(await shown.nth(COMMENTS_PAGE.size).evaluate((item) => item === document.activeElement)).toBe(true);
    expect(await shown.nth(COMMENTS_PAGE.size).textContent()).toContain(`Thread comment ${23 - COMMENTS_PAGE.size}`);
    if (total <= COMMENTS_PAGE.size * 2) expect(await page.getByRole('button', { name: COMMENTS_PAGE.showMore }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('keeps the page within a phone screen with a longest-possible username and an unbroken comment', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: PHONE_WIDTH });
    const username = 'w'.repeat(ACCOUNT_LIMITS.usernameMax);
    const signup = await page.request.post('/api/signupUser', {
      data: { username, email: `${username}@example.com`, password: 'Member#pass12', agreeToTermsAndConditions: true },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    const posted = await page.request.post(`/api/comments/resource/${post._id}`, {
      data: { message: 'W'.repeat(ENGAGEMENT_LIMITS.commentMax) },
    });
    expect(posted.status()).toBe(201);

    await page.goto(`/resources/${post.titleUrl}`);
    await page.locator('.detail-comments__list').getByText(username, { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('keeps a post of unbroken words at every limit within a phone screen (its title took 543 px of 375)', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: PHONE_WIDTH });
    await signInThroughApi(page.request, VIEWER);
    const created = await page.request.post('/api/resources', {
      data: {
        type: 'marketing',
        platform: 'notion',
        title: 'W'.repeat(TEMPLATE_LIMITS.title),
        description: 'D'.repeat(TEMPLATE_LIMITS.description),
        url: `https://example.com/${'x'.repeat(200)}`,
        instructions: 'I'.repeat(TEMPLATE_LIMITS.instructions),
        tags: ['k'.repeat(TEMPLATE_LIMITS.tagLength), 'm'.repeat(TEMPLATE_LIMITS.tagLength)],
        images: [],
        price: 0,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { resource } = (await created.json()) as { resource: { _id: string; titleUrl: string } };
    // Approved, so the page is public as a visitor finds it.
    await signInThroughApi(page.request, 'admin');
    const approved = await page.request.put('/api/admin/resources/update', { data: { _id: resource._id, status: 'live' } });
    expect(approved.status(), await approved.text()).toBe(200);

    await page.goto(`/resources/${resource.titleUrl}`);
    await page.getByRole('heading', { level: 1, name: 'W'.repeat(TEMPLATE_LIMITS.title) }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('sends a report the moderators can read, and hides the report button from the author', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await logInThroughForm(page, VIEWER);
    await page.goto(`/resources/${post.titleUrl}`);
    await page.getByRole('button', { name: 'Report this post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByLabel('What is wrong?').fill('   ');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText(ENGAGEMENT_MESSAGES.reportMessageRequired).waitFor();
    await dialog.getByLabel('Reason').selectOption('doesnt-work');
    await dialog.getByLabel('What is wrong?').fill('The link leads to an empty page.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await close();

    const admin = await environment.openPage();
    await logInThroughForm(admin.page, 'admin');
    const { reports } = (await (await admin.page.request.get('/api/admin/reports')).json()) as {
      reports: { message: string; reason: string; resourceId: string; reporter: { username: string } }[];
    };
    expect(reports.find((report) => report.message === 'The link leads to an empty page.')).toMatchObject({
      reason: 'doesnt-work',
      resourceId: post._id,
      reporter: { username: VIEWER },
    });
    await admin.close();

    const author = await environment.openPage();
    await logInThroughForm(author.page, post.author.username);
    await author.page.goto(`/resources/${post.titleUrl}`);
    // The server renders the page as a visitor sees it: the author's version comes once the session is known.
    await author.page.getByRole('region', { name: 'Your post' }).waitFor();
    expect(await author.page.getByRole('button', { name: 'Report this post' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await author.close();
  });

  it('gives the author Edit Post, the status and analytics; others cannot see a post under review', async () => {
    const author = await environment.openPage();
    await logInThroughForm(author.page, post.author.username);
    const created = await author.page.request.post('/api/resources', {
      data: {
        type: post.topic,
        platform: post.platform,
        title: 'Detail page review check',
        description: 'Waiting for a moderator.',
        url: 'https://example.com/review-check',
        instructions: '',
        tags: [],
        images: [],
        price: 0,
      },
    });
    expect(created.status()).toBeLessThan(300);
    const { resource } = (await created.json()) as { resource: { titleUrl: string } };

    await author.page.goto(`/resources/${resource.titleUrl}`);
    const panel = author.page.getByRole('region', { name: 'Your post' });
    await panel.waitFor();
    expect(await panel.getByRole('link', { name: 'Edit Post' }).getAttribute('href')).toBe(`/editor/resources/${resource.titleUrl}`);
    expect(await panel.getByTestId('post-status').textContent()).toBe('Status: Under Review');
    await panel.getByRole('term').getByText('Views').waitFor();
    await author.close();

    const stranger = await environment.openPage();
    await logInThroughForm(stranger.page, VIEWER);
    await stranger.page.goto(`/resources/${resource.titleUrl}`);
    await stranger.page.getByRole('heading', { level: 1, name: 'This post does not exist' }).waitFor();
    await stranger.page
      .getByText('This post could either be pending approval, removed, or it may have never existed in the first place.')
      .waitFor();
    await stranger.close();
  });

  it('shows the author where their post is shown and why, within a phone screen, and as of a past day', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: PHONE_WIDTH });
    await logInThroughForm(page, post.author.username);
    await page.goto(`/resources/${post.titleUrl}`);
    const panel = page.getByRole('region', { name: 'Your post' });
    await panel.getByText('Visibility', { exact: true }).click();
    const surfaces = panel.getByRole('list', { name: 'Where this post is shown' });
    const topRated = surfaces.getByRole('listitem').filter({ hasText: 'Home: Top rated' });
    // Earlier tests of this file report this post (so it is under review and off the home lists) and
    // give and take kudos: whatever its standing, each surface says shown or not, and why.
    await topRated.getByText(/^(Not shown|Shown)( · #\d+)?$/u).waitFor();
    await topRated.getByText(/^(Top rated shows|Not on Top rated|Not recommended since)/u).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    // The demo catalogue was seeded today: the day before, the post did not exist yet.
    // The field takes a date and a time (YYYY-MM-DDTHH:MM): a day back in any time zone is before the seed.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 16);
    await panel.getByLabel('As of').fill(yesterday);
    await panel.getByRole('alert').getByText('This post did not exist yet at that moment.').waitFor();
    await panel.getByRole('button', { name: 'Now' }).click();
    await topRated.getByText(/^(Not shown|Shown)( · #\d+)?$/u).waitFor();
    // The failed as-of answer (404) is the only console error.
    expect(consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
    await close();
  });
});
