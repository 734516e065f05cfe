import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CAROUSEL_BREAKPOINTS_PX } from '../../src/domain/discovery/constants.js';
import { APP_CHUNKS, holdRequests, layoutShiftSince, recordLayoutShifts, startE2eEnvironment, type E2eEnvironment } from './harness.js';

/** A title of the demo catalogue (seed 1) the searches below look for. */
const BUDGET_TRACKER = 'Minimal Budget Tracker for Canva';

describe('search, topics and apps', () => {
  let environment: E2eEnvironment;

  beforeAll(async () => {
    environment = await startE2eEnvironment();
  });

  afterAll(async () => {
    await environment?.stop();
  });

  it('searches as the visitor types, with typos, and filters the results', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await page.goto('/search');
    await page.getByRole('heading', { level: 1, name: "Explore Our Community's Workflows and Templates" }).waitFor();
    // The navigation bar's search is hidden on search pages.
    expect(await page.getByRole('banner').getByRole('searchbox').count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('budgt trakcer');
    await page.waitForURL((url) => url.searchParams.get('q') === 'budgt trakcer');
    await page.getByRole('heading', { level: 1, name: 'Searching Templates' }).waitFor();
    const results = page.getByRole('region', { name: 'Results' });
    await results.getByRole('heading', { name: BUDGET_TRACKER }).waitFor();
    expect(await page.getByTestId('results-count').textContent()).toMatch(/^Showing (1 result|\d+ results)$/u);

    await page.getByLabel('Price').selectOption('paid');
    await page.waitForURL((url) => url.searchParams.get('price') === 'paid');
    // The free budget tracker gives way to paid matches.
    await results.getByRole('heading', { name: BUDGET_TRACKER }).waitFor({ state: 'detached' });
    await results.getByRole('article').first().waitFor();
    for (const price of await results.getByTestId('resource-price').allTextContents()) expect(price).toMatch(/^\$ \d+\.\d{2}$/u);

    await page.getByRole('link', { name: 'Reset Filters' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.search === '');
    await page.getByRole('link', { name: 'Reset Filters' }).waitFor({ state: 'detached' });
    // The box takes the cleared address's text in an effect after the render that removed the link.
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search', exact: true }).inputValue()).toBe('');

    await close();
    expect(consoleErrors).toEqual([]);
  });

  it('suggests titles in the navigation bar after a pause in typing', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await page.goto('/');
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search templates' }).fill('budget track');
    const suggestion = page.getByRole('banner').getByRole('link', { name: BUDGET_TRACKER });
    await suggestion.waitFor();
    expect(await suggestion.getAttribute('href')).toMatch(/^\/resources\/minimal-budget-tracker-for-canva-[0-9a-f]{12}$/u);

    await close();
    expect(consoleErrors).toEqual([]);
  });

  it('lists topics in carousels and opens a topic page', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await page.goto('/topics');
    const personal = page.getByRole('region', { name: 'Personal templates' });
    await personal.getByRole('article').first().waitFor();
    expect(await personal.getByRole('article').count()).toBe(3);
    expect(await personal.getByText(/^\ds until next slides$/u).count()).toBe(1);

    await page.getByRole('link', { name: 'View All Personal Templates >' }).click();
    await page.getByRole('heading', { level: 1, name: 'Personal Resources' }).waitFor();
    await page.getByRole('main').getByRole('article').first().waitFor();
    expect(await page.getByRole('navigation', { name: 'Other topics' }).getByRole('link', { name: 'Personal' }).count()).toBe(0);

    await close();
    expect(consoleErrors).toEqual([]);
  });

  it('hydrates the topics page at 375 px, then shows one template per slide', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    // The server lays carousels out for a desktop window: three per slide.
    const served = await (await page.request.get('/topics')).text();
    const personalCarousel = served.slice(served.indexOf('aria-label="Personal templates"'));
    expect(personalCarousel.slice(0, personalCarousel.indexOf('</ul>')).match(/<article/gu)).toHaveLength(3);

    await page.goto('/topics');
    const personal = page.getByRole('region', { name: 'Personal templates' });
    await expect.poll(() => personal.getByRole('article').count()).toBe(1);
    await close();
    // The carousels hydrate after the page's first commit (in their Suspense boundary): they too must draw what the server drew first.
    expect(consoleErrors).toEqual([]);
  });

  // The server's desktop slide of three was drawn as three narrow tiles until the app redrew the slide
  // for the window: everything under the first carousel moved (a layout shift of 0.038 at 900 px).
  it.each([375, 900])('draws the topics page at %i px as the app will: nothing moves when the app takes it over', async (viewportWidth) => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth });
    await recordLayoutShifts(page);
    const releaseApp = await holdRequests(page, APP_CHUNKS);
    // This page's goto waits for the app (harness.ts): it comes once the app is released.
    const opened = page.goto('/topics', { waitUntil: 'commit' });
    await page.getByRole('region', { name: 'Personal templates' }).waitFor();
    const releasedAt = await page.evaluate(() => performance.now());
    releaseApp();
    await opened;
    await expect
      .poll(() => page.getByRole('region', { name: 'Personal templates' }).getByRole('article').count())
      .toBe(viewportWidth < CAROUSEL_BREAKPOINTS_PX.one ? 1 : 2);
    expect(await layoutShiftSince(page, releasedAt)).toBeLessThan(0.005);
    await page.unrouteAll();
    await close();
    expect(consoleErrors).toEqual([]);
  });

  it('lists apps with their counts and opens an app page', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    await page.goto('/apps');
    await page.getByRole('heading', { level: 1, name: 'All your favorite apps' }).waitFor();
    const notion = page.getByRole('link', { name: /^Notion \d+ Templates$/u });
    await notion.waitFor();
    const count = Number((await notion.textContent())!.match(/(\d+) Templates/u)![1]);

    await notion.click();
    await page.getByRole('heading', { level: 1, name: 'Notion Templates' }).waitFor();
    await page.getByRole('main').getByRole('article').first().waitFor();
    expect(await page.getByRole('main').getByRole('article').count()).toBe(Math.min(count, 10));

    await close();
    expect(consoleErrors).toEqual([]);
  });
});
