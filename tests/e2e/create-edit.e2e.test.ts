import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SUGGESTION_MESSAGES } from '../../src/adapters/ai/template-suggester.js';
import { cataloguePlan, DEMO_CATALOGUE } from '../../src/composition/demo-catalogue.js';

import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '../../src/domain/shared/images.js';
import { FETCH_BUTTON_LABELS, TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../src/domain/templates/rules.js';
import { CREATE_PAGE_TOUR_STEPS } from '../../src/web/features/templates/components/CreatePageTour.js';
import { signInThroughApi, startE2eEnvironment, type E2eEnvironment } from './harness.js';
import { TEST_DEMO_PASSWORD } from '../fixtures/demo-password.js';

/** Demo users are verified; the first after the admin writes the post, the second is someone else. */
const [, AUTHOR, STRANGER] = cataloguePlan(DEMO_CATALOGUE).users.map((user) => user.username);
const TITLE = `E2E planner ${Date.now().toString(36)}`;

interface DetailAnswer {
  data: {
    _id: string;
    titleUrl: string;
    title: string;
    status: string;
    keywords: string[];
    images: { imageUrl: string }[];
    platform: string;
    topic: string;
  };
  permissions: { canEdit: boolean };
}

/** Refused requests (a 400 on purpose, a 404 after delete) are logged by the browser; anything else on the console is a fault. */
function unexpected(consoleErrors: string[]): string[] {
  return consoleErrors.filter((line) => !/Failed to load resource: the server responded with a status of (400|401|404)\b/u.test(line));
}

async function fieldMessages(page: Page, label: string): Promise<string> {
  const describedBy = (await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    describedBy
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' | ');
}

async function detail(page: Page, titleUrl: string): Promise<{ status: number; answer: DetailAnswer | null }> {
  const response = await page.request.get(`/api/resources/${titleUrl}`);
  return { status: response.status(), answer: response.ok() ? ((await response.json()) as DetailAnswer) : null };
}

describe('create and edit a post in the browser', () => {
  let environment: E2eEnvironment;
  /** The post the create test makes; the delete test removes it. */
  let createdTitleUrl = '';

  beforeAll(async () => {
    environment = await startE2eEnvironment();
  });

  afterAll(async () => {
    await environment?.stop();
  });

  it('sends a signed-out visitor to log in, coming back to /create', async () => {
    const { page, close } = await environment.openPage();
    await page.goto('/create?app=notion');
    await page.waitForURL(/\/login\?/u);
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe('/create?app=notion');
    await close();
  });

  it('sends a signed-in user who is not verified to the home page with the verify prompt', async () => {
    const { page, close } = await environment.openPage();
    const username = `unverified${Date.now().toString(36)}`;
    const signup = await page.request.post('/api/signupUser', {
      data: { username, email: `${username}@example.com`, password: TEST_DEMO_PASSWORD, agreeToTermsAndConditions: true },
    });
    expect(signup.status()).toBe(201);
    await page.goto('/create');
    await page.getByRole('dialog', { name: 'Verify your email' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await close();
  });

  it('runs the create-page tour while its flag is set, and clears it when skipped', async () => {
    const { page, close } = await environment.openPage();
    await signInThroughApi(page.request, AUTHOR!);
    await page.goto('/');
    await page.evaluate(() => window.localStorage.setItem('tourState', JSON.stringify({ createPageTour: true })));
    await page.goto('/create');
    const tour = page.getByRole('dialog', { name: CREATE_PAGE_TOUR_STEPS[0]!.title });
    await tour.waitFor();
    await tour.getByRole('button', { name: 'Skip' }).click();
    await tour.waitFor({ state: 'hidden' });
    expect(
      await page.evaluate(() => JSON.parse(window.localStorage.getItem('tourState') ?? '{}') as { createPageTour?: boolean }),
    ).toMatchObject({ createPageTour: false });
    await close();
  });

  it('lists the missing fields in a modal on an empty submit', async () => {
    const { page, close } = await environment.openPage();
    await signInThroughApi(page.request, AUTHOR!);
    await page.goto('/create');
    // Spec 3: a new post's type and platform start as business_intelligence and zapier.
    expect(await page.getByLabel('Type', { exact: true }).inputValue()).toBe('business_intelligence');
    expect(await page.getByLabel('App', { exact: true }).inputValue()).toBe('zapier');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'The following fields are missing or invalid' });
    await dialog.waitFor();
    const listed = await dialog.getByRole('listitem').allTextContents();
    for (const field of ['URL', 'Title', 'Preview description']) expect(listed.some((item) => item.startsWith(`${field}:`))).toBe(true);
    for (const field of ['Type', 'App']) expect(listed.some((item) => item.startsWith(`${field}:`))).toBe(false);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // A changed form asks before a link leads away; Stay keeps what was typed.
    await page.getByLabel('Title', { exact: true }).fill('Half done');
    await page.getByRole('navigation').getByRole('link', { name: 'Topics' }).first().click();
    const guard = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await guard.waitFor();
    await guard.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/create');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Half done');
    await close();
  });

  it('creates a post through every field and the API shows it under review for its author', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await signInThroughApi(page.request, AUTHOR!);
    await page.goto('/create?app=notion');
    await page.getByRole('heading', { level: 1, name: 'Create a post' }).waitFor();
    // ?app= preselects the platform, which leads the tags.
    expect(await page.getByLabel('App', { exact: true }).inputValue()).toBe('notion');

    const progress = page.waitForRequest(
      (request) => request.url().endsWith('/api/analytics/track-progress') && request.method() === 'POST',
      { timeout: 15_000 },
    );

    const url = page.getByLabel('URL', { exact: true });
    const fetchButton = page.getByRole('button', { name: FETCH_BUTTON_LABELS.idle, exact: true });
    await url.fill('javascript:alert(1)');
    await expect.poll(() => fieldMessages(page, 'URL')).toContain('URL is not valid');
    expect(await fetchButton.isDisabled()).toBe(true);
    await url.fill('https://bit.ly/3xyz');
    await expect.poll(() => fieldMessages(page, 'URL')).toContain('Please use a direct domain to your template.');
    expect(await fetchButton.isDisabled()).toBe(true);
    await url.fill('https://www.example.com/team-planner');
    await expect.poll(() => fieldMessages(page, 'URL')).toContain(TEMPLATE_MESSAGES.urlValid);
    expect(await fetchButton.isEnabled()).toBe(true);
    // Offline, the page cannot be read: the server says so and the form shows it.
    await fetchButton.click();
    await page.getByText(SUGGESTION_MESSAGES.notFound).waitFor();

    await page.getByLabel('Type', { exact: true }).selectOption('productivity');

    const title = page.getByLabel('Title', { exact: true });
    await title.fill('x'.repeat(TEMPLATE_LIMITS.title + 10));
    expect((await title.inputValue()).length).toBe(TEMPLATE_LIMITS.title);
    expect(await fieldMessages(page, 'Title')).toContain(`${TEMPLATE_LIMITS.title} / ${TEMPLATE_LIMITS.title}`);
    // An emoji is one character: the field keeps as many emoji as letters, and counts them so.
    await title.fill('😀'.repeat(TEMPLATE_LIMITS.title + 10));
    expect(await title.inputValue()).toBe('😀'.repeat(TEMPLATE_LIMITS.title));
    expect(await fieldMessages(page, 'Title')).toContain(`${TEMPLATE_LIMITS.title} / ${TEMPLATE_LIMITS.title}`);
    await title.fill(TITLE);
    await page.getByLabel('Preview description', { exact: true }).fill('Plan the week of a small team in one page.');
    await page.getByLabel('Full details', { exact: true }).fill('Duplicate it, then add your tasks.');

    const keywords = page.getByLabel('Keywords', { exact: true });
    await keywords.fill('Planner');
    await keywords.press('Enter');
    await keywords.pressSequentially('Weekly,');
    await keywords.fill('planner');
    await keywords.press('Enter');
    await keywords.fill('Team');
    await keywords.press('Enter');
    await keywords.fill('fourth');
    await keywords.press('Enter');
    const tagList = page.locator('.template-fields').getByRole('list', { name: 'Tags' });
    expect(await tagList.getByRole('listitem').allTextContents()).toEqual(['Productivity', 'Notion', 'planner×', 'weekly×', 'team×']);
    expect(await page.getByText('3 / 3 keywords').count()).toBe(1);

    // The touched flags go out 2 s after the last change.
    const progressBody = (await progress).postDataJSON() as { username: string; formProgress: Record<string, boolean> };
    expect(progressBody.username).toBe(AUTHOR);
    expect(progressBody.formProgress).toMatchObject({ url: true, type: true });

    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'drawing.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await page.getByText(IMAGE_MESSAGES.svgRefused).waitFor();
    const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 80, g: 70, b: 230 } } })
      .png()
      .toBuffer();
    await fileInput.setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Screenshot 1' }).waitFor();
    // A picture over 1 MB is compressed in the browser before it is sent.
    const noise = await sharp(Buffer.from(Array.from({ length: 900 * 700 * 3 }, (_, index) => (index * 7919) % 251)), {
      raw: { width: 900, height: 700, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(IMAGE_MAX_BYTES);
    const largeUpload = page.waitForRequest((request) => request.url().includes('/api/images') && request.method() === 'POST');
    await fileInput.setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: noise });
    // The multipart body of an XMLHttpRequest is not readable here; its length is.
    expect(Number((await (await largeUpload).allHeaders())['content-length'])).toBeLessThanOrEqual(IMAGE_MAX_BYTES + 1024);
    await page.getByRole('img', { name: 'Screenshot 2' }).waitFor();
    await page.getByRole('button', { name: 'Remove screenshot 2' }).click();
    await page.getByRole('img', { name: 'Screenshot 2' }).waitFor({ state: 'detached' });

    // The feed preview is the card the feed will show.
    await page.getByRole('tab', { name: 'Feed' }).click();
    expect(await page.locator('.template-preview .resource-card__title').textContent()).toBe(TITLE);

    const created = page.waitForResponse((response) => response.url().endsWith('/api/resources') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const answer = (await (await created).json()) as { message: string; redirect: string };
    expect(answer.message).toBe(TEMPLATE_MESSAGES.created);
    await page.waitForURL((address) => address.pathname !== '/create');
    createdTitleUrl = answer.redirect.replace('/resources/', '');

    const { answer: post } = await detail(page, createdTitleUrl);
    expect(post?.data).toMatchObject({ title: TITLE, status: 'under review', platform: 'notion', topic: 'productivity' });
    expect(post?.data.keywords).toEqual(['planner', 'weekly', 'team']);
    expect(post?.data.images).toHaveLength(1);
    expect(unexpected(consoleErrors)).toEqual([]);
    await close();
  });

  it('edits a live post: Save Changes only after a change, re-approval message, price request, status under review edit', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await signInThroughApi(page.request, AUTHOR!);
    const mine = (await (await page.request.get('/api/users/me/created-resources')).json()) as {
      data: { titleUrl: string; status: string }[];
    };
    const live = mine.data.find((post) => post.status === 'live');
    expect(live).toBeDefined();
    const { answer: before } = await detail(page, live!.titleUrl);
    await page.goto(`/editor/resources/${live!.titleUrl}`);
    const save = page.getByRole('button', { name: 'Save Changes' });
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);

    const newTitle = `Edited ${TITLE}`.slice(0, TEMPLATE_LIMITS.title);
    await page.getByLabel('Title', { exact: true }).fill(newTitle);
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText(TEMPLATE_MESSAGES.sentForReapproval).waitFor();
    const goToPage = page.getByRole('link', { name: 'Go to page' });
    const pagePath = (await goToPage.getAttribute('href')) ?? '';
    expect(pagePath).toBe(`/resources/${live!.titleUrl}`);
    expect(await save.isDisabled()).toBe(true);
    const { answer: edited } = await detail(page, pagePath.replace('/resources/', ''));
    expect(edited?.data).toMatchObject({ title: newTitle, status: 'under review edit' });
    // Only the title changed: the keywords (some repeat the app's name) are as they were.
    expect(edited?.data.keywords).toEqual(before?.data.keywords);

    await page.getByRole('button', { name: 'Request price change' }).click();
    const priceDialog = page.getByRole('dialog', { name: 'Request a price change' });
    const newPrice = priceDialog.getByLabel('New price (USD)');
    await newPrice.fill('300');
    await priceDialog.getByRole('button', { name: 'Send request' }).click();
    await priceDialog.getByText('Price should not exceed $249').waitFor();
    await newPrice.fill('0');
    await priceDialog.getByRole('button', { name: 'Send request' }).click();
    await priceDialog.getByText('Please enter a valid price.').waitFor();
    await newPrice.fill('12.5');
    await priceDialog.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Price Change Request Submitted').waitFor();
    await priceDialog.waitFor({ state: 'hidden' });
    expect(unexpected(consoleErrors)).toEqual([]);
    await close();
  });

  it('on a phone, a save refused because another tab saved first shows why where the author is, keeping what they typed', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    await signInThroughApi(page.request, AUTHOR!);
    const mine = (await (await page.request.get('/api/users/me/created-resources')).json()) as {
      data: { _id: string; titleUrl: string; status: string }[];
    };
    const post = mine.data.find((candidate) => candidate.status !== 'under review')!;
    await page.goto(`/editor/resources/${post.titleUrl}`);
    const description = page.getByLabel('Preview description');
    await description.waitFor();
    // Another tab saves first.
    const elsewhere = await page.request.put(`/api/resources/${post._id}`, { data: { instructions: `Saved elsewhere ${Date.now()}` } });
    expect(elsewhere.ok()).toBe(true);
    await description.fill('Typed in this tab');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const alert = page.getByRole('alert').filter({ hasText: TEMPLATE_MESSAGES.editedElsewhere });
    await alert.waitFor();
    await expect
      .poll(() =>
        alert.evaluate(
          (element) => element.getBoundingClientRect().top >= 0 && element.getBoundingClientRect().bottom <= window.innerHeight,
        ),
      )
      .toBe(true);
    expect(await description.inputValue()).toBe('Typed in this tab');
    expect(unexpected(consoleErrors).filter((line) => !line.includes('409'))).toEqual([]);
    await close();
  });

  it("refuses someone else's post and shows a missing one as not existing", async () => {
    const { page, close } = await environment.openPage();
    await signInThroughApi(page.request, STRANGER!);
    await page.goto(`/editor/resources/${createdTitleUrl}`);
    // Under review: the stranger may not even see it.
    await page.getByRole('heading', { level: 1, name: 'This post does not exist' }).waitFor();
    const someoneElses = (await (await page.request.get('/api/resources/toprated')).json()) as {
      data: { titleUrl: string; author: { username: string } }[];
    };
    const live = someoneElses.data.find((post) => post.author.username !== STRANGER)!;
    await page.goto(`/editor/resources/${live.titleUrl}`);
    await page.getByText('Unauthorized: You should be admin/author to do this action.').waitFor();
    expect(await page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    await close();
  });

  it('deletes a post with two clicks and offers the way back', async () => {
    const { page, close } = await environment.openPage();
    await signInThroughApi(page.request, AUTHOR!);
    await page.goto(`/editor/resources/${createdTitleUrl}`);
    await page.getByRole('button', { name: 'Delete Post' }).click();
    await page.getByRole('button', { name: 'Are you sure?' }).waitFor();
    // The first click only asks.
    expect((await detail(page, createdTitleUrl)).status).toBe(200);
    await page.getByRole('button', { name: 'Are you sure?' }).click();
    await page.getByText('The post is successfully deleted.').waitFor();
    expect(await page.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/shared-posts');
    expect((await detail(page, createdTitleUrl)).status).toBe(404);
    await close();
  });
});
