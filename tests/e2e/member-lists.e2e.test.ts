import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ADMIN_USERNAME } from '../../src/composition/demo-catalogue.js';
import type { CurrentUser } from '../../src/domain/accounts/current-user.js';
import type { ResourceView } from '../../src/domain/catalogue/resource-view.js';
import { SAVED_POSTS_EMPTY, SAVED_POSTS_TITLE } from '../../src/domain/engagement/rules.js';
import { CREATED_POSTS_TEXTS, createdPostsHeading } from '../../src/domain/templates/rules.js';
import {
  holdRequests,
  layoutShiftSince,
  recordLayoutShifts,
  signInThroughApi,
  startE2eEnvironment,
  type E2eEnvironment,
  type RecordedPage,
} from './harness.js';
import { TEST_DEMO_PASSWORD } from '../fixtures/demo-password.js';

/** A signed-out page asks who is signed in and gets a 401; anything else on the console is a fault. */
function unexpected(consoleErrors: string[]): string[] {
  return consoleErrors.filter((line) => !/Failed to load resource: the server responded with a status of 401\b/u.test(line));
}

async function currentUser(request: APIRequestContext): Promise<CurrentUser> {
  return (await (await request.get('/api/users/private/me')).json()) as CurrentUser;
}

/** The count beside an account link in the page's own sidebar. */
function sidebarCount(page: Page, label: 'saved posts' | 'created posts') {
  return page
    .getByRole('complementary', { name: 'Your account' })
    .getByLabel(new RegExp(`^\\d+ ${label}$`, 'u'))
    .textContent();
}

const savedShowing = (page: Page) => page.getByTestId('saved-showing').textContent();

/**
 * How far what the page showed moved while it drew the list `answer` brings, held back until the page
 * stood (the browser's layout shift score; what is off screen does not count).
 */
async function layoutShiftWhileListLoads(page: Page, path: string, answer: string): Promise<number> {
  const release = await holdRequests(page, answer);
  await page.goto(path);
  await page.getByRole('complementary', { name: 'Your account' }).waitFor();
  const releasedAt = await page.evaluate(() => performance.now());
  const answered = page.waitForResponse(answer);
  release();
  await answered;
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  await page.unrouteAll();
  return layoutShiftSince(page, releasedAt);
}

describe('saved and created posts in the browser', () => {
  let environment: E2eEnvironment;
  let catalogue: ResourceView[];
  /** A demo author (not the admin) with live posts of their own. */
  let author: string;

  beforeAll(async () => {
    environment = await startE2eEnvironment();
    const search = (await (await fetch(`${environment.baseUrl}/api/resources/search?limit=40`)).json()) as { data: ResourceView[] };
    catalogue = search.data;
    author = catalogue.find((resource) => resource.author.username !== DEMO_ADMIN_USERNAME)!.author.username;
  });

  afterAll(async () => {
    await environment?.stop();
  });

  it('sends signed-out visitors to the login page, with the way back', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    for (const path of ['/saved-posts', '/shared-posts?page=2']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe(path);
    }
    expect(unexpected(consoleErrors)).toEqual([]);
    await close();
  });

  it('lists saved posts 10 a page with their label, pages through the URL, and follows unsaves in the list and the counts', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await signInThroughApi(page.request, author);
    const alreadySaved = new Set((await currentUser(page.request)).actions.saves);
    for (const resource of catalogue.filter((candidate) => !alreadySaved.has(candidate._id)).slice(0, 12)) {
      expect((await page.request.post(`/api/resources/save/${resource._id}`)).status()).toBe(200);
    }
    const total = (await currentUser(page.request)).actions.saves.length;
    expect(total).toBeGreaterThanOrEqual(12);

    await page.goto('/saved-posts');
    await page.getByRole('heading', { level: 1, name: SAVED_POSTS_TITLE }).waitFor();
    await expect.poll(() => savedShowing(page)).toBe(`Showing 1 - 10 of ${total}`);
    expect(await page.locator('.card-grid .resource-card').count()).toBe(10);
    await expect.poll(() => sidebarCount(page, 'saved posts')).toBe(String(total));
    // The navbar's account menu shows the same count.
    await page.getByRole('button', { name: `Account menu for ${author}` }).click();
    expect(await page.locator('.profile-dropdown__menu').getByLabel(`${total} saved posts`).textContent()).toBe(String(total));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    await expect.poll(() => savedShowing(page)).toBe(`Showing 11 - ${total} of ${total}`);
    expect(await page.locator('.card-grid .resource-card').count()).toBe(total - 10);
    await page.goBack();
    await expect.poll(() => savedShowing(page)).toBe(`Showing 1 - 10 of ${total}`);
    await page.goForward();
    await expect.poll(() => savedShowing(page)).toBe(`Showing 11 - ${total} of ${total}`);

    // Unsaved elsewhere (through the API): the next visit shows one fewer, in the list and in the counts.
    const [newest] = (await currentUser(page.request)).actions.saves;
    expect((await page.request.post(`/api/resources/save/${newest}`)).status()).toBe(200);
    await page.goto('/saved-posts');
    await expect.poll(() => savedShowing(page)).toBe(`Showing 1 - 10 of ${total - 1}`);
    await expect.poll(() => sidebarCount(page, 'saved posts')).toBe(String(total - 1));

    // Unsaved on the page: the card leaves, the label and the sidebar count follow at once.
    const firstTitle = (await page.locator('.card-grid .resource-card__title').first().textContent())!;
    await page.getByRole('button', { name: `Remove ${firstTitle} from saved posts` }).click();
    await page.getByText('Removed from your saved Templates!').waitFor();
    await expect.poll(() => savedShowing(page)).toBe(`Showing 1 - 10 of ${total - 2}`);
    await expect.poll(() => sidebarCount(page, 'saved posts')).toBe(String(total - 2));
    expect(await page.locator('.card-grid .resource-card__title').allTextContents()).not.toContain(firstTitle);
    expect((await currentUser(page.request)).actions.saves).toHaveLength(total - 2);

    expect(unexpected(consoleErrors)).toEqual([]);
    await close();
  });

  it('never saves a post again through "Remove from saved", when the page is older than the save', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await signInThroughApi(page.request, DEMO_ADMIN_USERNAME);
    const target = catalogue.find((resource) => resource.author.username !== DEMO_ADMIN_USERNAME)!;
    if (!(await currentUser(page.request)).actions.saves.includes(target._id)) {
      expect((await page.request.post(`/api/resources/save/${target._id}`)).status()).toBe(200);
    }
    await page.goto('/saved-posts');
    const remove = page.getByRole('button', { name: `Remove ${target.title} from saved posts` });
    await remove.waitFor();

    // Unsaved elsewhere (another tab, or the card's own save icon) while this list still shows it.
    expect((await page.request.post(`/api/resources/save/${target._id}`)).status()).toBe(200);
    await remove.click();
    await page.getByText('Removed from your saved Templates!').waitFor();
    await expect.poll(async () => (await currentUser(page.request)).actions.saves).not.toContain(target._id);
    await expect.poll(() => remove.count()).toBe(0);
    expect(await page.getByText('Saved to your Templates!').count()).toBe(0);
    expect(unexpected(consoleErrors)).toEqual([]);
    await close();
  });

  it("shows a demo author's created posts with the heading, statuses, Edit buttons and pages of 10", async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await signInThroughApi(page.request, author);
    const admin: RecordedPage = await environment.openPage();
    await signInThroughApi(admin.page.request, DEMO_ADMIN_USERNAME);

    const create = async (title: string) => {
      const answer = await page.request.post('/api/resources', {
        data: {
          type: 'productivity',
          platform: 'notion',
          title,
          description: 'A member-list test post.',
          url: 'https://example.com/member-lists',
          instructions: 'Duplicate it.',
          tags: [],
          images: [],
          price: 0,
        },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      return ((await answer.json()) as { resource: { _id: string; titleUrl: string } }).resource;
    };
    const pending = await create('Pending Member Post');
    const rejected = await create('Rejected Member Post');
    const denial = await admin.page.request.put('/api/admin/resources/update', {
      data: { _id: rejected._id, status: 'not approved', rejectionReason: 'The link is broken.' },
    });
    expect(denial.status(), await denial.text()).toBe(200);
    const [live] = (
      (await (await page.request.get('/api/users/me/created-resources')).json()) as {
        data: { _id: string; titleUrl: string; statusLabel: string }[];
      }
    ).data.filter((post) => post.statusLabel === 'Live');
    const edit = await page.request.put(`/api/resources/${live!._id}`, { data: { description: 'Edited for the member-list test.' } });
    expect(edit.status(), await edit.text()).toBe(200);
    // Enough posts for a second page.
    let total = (await currentUser(page.request)).actions.posts.length;
    for (let index = 0; total <= 10; index += 1, total += 1) await create(`Filler Member Post ${index}`);

    await page.goto('/shared-posts');
    const heading = page.getByRole('heading', { level: 1 });
    // The loading list already has the heading (from the session's count): the rows are in once it is no longer busy.
    const listLoaded = () => expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await expect.poll(() => heading.textContent()).toBe(createdPostsHeading(total, 1));
    await listLoaded();
    expect(createdPostsHeading(total, 1)).toBe(`1-10 of ${total} Created Posts`);
    expect(await page.locator('.created-post').count()).toBe(10);
    await expect.poll(() => sidebarCount(page, 'created posts')).toBe(String(total));

    const row = (title: string) => page.locator('.created-post', { has: page.getByRole('heading', { name: title }) });
    const statusOf = async (title: string) => (await row(title).getByTestId('post-status').textContent())?.replace('Status: ', '');
    expect(await statusOf('Pending Member Post')).toBe('Under Review');
    expect(await statusOf('Rejected Member Post')).toBe('Rejected');
    expect(await row('Pending Member Post').getByRole('link', { name: 'Pending Member Post', exact: true }).getAttribute('href')).toBe(
      `/resources/${pending.titleUrl}`,
    );
    expect(
      await row('Rejected Member Post')
        .getByRole('link', { name: `${CREATED_POSTS_TEXTS.edit} Rejected Member Post` })
        .getAttribute('href'),
    ).toBe(`/editor/resources/${rejected.titleUrl}`);
    const statusLabels = async () => (await page.getByTestId('post-status').allTextContents()).map((text) => text.replace('Status: ', ''));
    const firstPageStatuses = await statusLabels();
    const editLinks = page.locator('.created-post__edit');
    expect(await editLinks.count()).toBe(10);
    for (const href of await editLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
      expect(href).toMatch(/^\/editor\/resources\/[a-z0-9-]+$/u);

    // The oldest posts are on page 2; between both pages, every post with its status.
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    await expect.poll(() => heading.textContent()).toBe(createdPostsHeading(total, 2));
    await listLoaded();
    const statuses = [...firstPageStatuses, ...(await statusLabels())];
    expect(statuses).toHaveLength(total);
    expect(new Set(statuses)).toEqual(new Set(['Live', 'Under Review', 'Under Review - Edited', 'Rejected']));

    expect(unexpected(consoleErrors)).toEqual([]);
    expect(admin.consoleErrors).toEqual([]);
    await admin.close();
    await close();
  });

  it('draws a loading list the size the loaded one will be, so on a phone nothing moves when it comes', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    await recordLayoutShifts(page);
    await signInThroughApi(page.request, author);
    const lists = [
      ['/saved-posts', '**/api/users/private/me/saved?**'],
      ['/shared-posts', '**/api/users/me/created-resources?**'],
      ['/purchased-posts', '**/api/users/private/me/purchases'],
    ] as const;
    for (const [path, answer] of lists) expect(await layoutShiftWhileListLoads(page, path, answer), path).toBeLessThan(0.01);
    expect(unexpected(consoleErrors)).toEqual([]);
    await close();
  });

  it('shows a new member the empty states with their ways out', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    const username = `lists${Date.now().toString(36)}`;
    const signup = await page.request.post('/api/signupUser', {
      data: { username, email: `${username}@example.com`, password: TEST_DEMO_PASSWORD, agreeToTermsAndConditions: true },
    });
    expect(signup.status(), await signup.text()).toBe(201);

    await page.goto('/saved-posts');
    await page.getByText(SAVED_POSTS_EMPTY).waitFor();
    expect(await page.getByRole('link', { name: 'Browse templates' }).getAttribute('href')).toBe('/search');
    expect(await page.getByTestId('saved-showing').count()).toBe(0);
    expect(await sidebarCount(page, 'saved posts')).toBe('0');

    await page.goto('/shared-posts');
    await page.getByText('You have not uploaded yet. Get to Creating!').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('0 Created Posts');
    expect(await page.getByRole('link', { name: CREATED_POSTS_TEXTS.createFirst }).getAttribute('href')).toBe('/create');
    expect(await sidebarCount(page, 'created posts')).toBe('0');

    expect(unexpected(consoleErrors)).toEqual([]);
    await close();
  });
});
