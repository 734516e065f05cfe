import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cataloguePlan, DEMO_CATALOGUE } from '../../src/composition/demo-catalogue.js';
import {
  holdRequests,
  layoutShiftSince,
  recordLayoutShifts,
  signInThroughApi,
  startE2eEnvironment,
  type E2eEnvironment,
} from './harness.js';

const PRICE_TEXT = /^(\$ \d+\.\d{2}|Free)$/u;
const DEMO_MEMBER = cataloguePlan(DEMO_CATALOGUE).users[0]!.username;

/** Waits for the link to be in the page and gives its href. */
function hrefOf(link: Locator): Promise<string | null> {
  return link.getAttribute('href');
}

describe('home page and app shell', () => {
  let environment: E2eEnvironment;

  beforeAll(async () => {
    environment = await startE2eEnvironment();
  });

  afterAll(async () => {
    await environment?.stop();
  });

  it('shows the navigation bar and the trending templates', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await page.goto('/');

    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: /^Tessera/u }).textContent()).toContain('BETA');
    const mainNavigation = banner.getByRole('navigation', { name: 'Main' });
    expect(await hrefOf(mainNavigation.getByRole('link', { name: 'Selling' }))).toBe('/sellers');
    expect(await hrefOf(mainNavigation.getByRole('link', { name: 'Topics' }))).toBe('/topics');
    expect(await hrefOf(mainNavigation.getByRole('link', { name: 'Apps' }))).toBe('/apps');
    expect(await hrefOf(mainNavigation.getByRole('link', { name: 'Explore' }))).toBe('/search');
    await banner.getByRole('searchbox', { name: 'Search templates' }).waitFor();
    expect(await hrefOf(banner.getByRole('link', { name: 'Login' }))).toBe('/login');
    expect(await hrefOf(banner.getByRole('link', { name: 'Join Free' }))).toBe('/signup');

    const trending = page.getByRole('tabpanel', { name: 'Trending' });
    const cards = trending.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await hrefOf(cards.first().getByRole('heading').getByRole('link'))).toMatch(/^\/resources\/.+/u);
    const prices = await trending.getByTestId('resource-price').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(PRICE_TEXT);
    expect(await hrefOf(trending.getByRole('link', { name: 'See more Templates' }))).toBe('/search?sort=most_pop_90');

    await close();
    expect(consoleErrors).toEqual([]);
  });

  it('switches to the New tab', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await page.goto('/');

    const newTab = page.getByRole('tab', { name: 'New' });
    await newTab.click();

    expect(await newTab.getAttribute('aria-selected')).toBe('true');
    const newToday = page.getByRole('tabpanel', { name: 'New' });
    await newToday.getByRole('article').first().waitFor();
    expect(await newToday.getByRole('article').count()).toBeGreaterThan(0);
    expect(await hrefOf(newToday.getByRole('link', { name: 'See more Templates' }))).toBe('/search?sort=date_desc');

    await close();
    expect(consoleErrors).toEqual([]);
  });

  it('folds the navigation into a menu on small screens', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    await page.goto('/');

    const menuButton = page.getByRole('button', { name: 'Menu' });
    const selling = page.getByRole('link', { name: 'Selling' });
    expect(await selling.isVisible()).toBe(false);

    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await selling.waitFor();

    await page.keyboard.press('Escape');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await selling.waitFor({ state: 'hidden' });

    await close();
    expect(consoleErrors).toEqual([]);
  });

  it('lists topics and apps in the footer', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await page.goto('/');

    const footer = page.getByRole('contentinfo');
    expect(await hrefOf(footer.getByRole('link', { name: 'Content & Files' }))).toBe('/topics/content_and_files');
    expect(await hrefOf(footer.getByRole('link', { name: 'Google Sheets' }))).toBe('/apps/google%20sheets');
    expect(await hrefOf(footer.getByRole('link', { name: 'Sign In' }))).toBe('/login');

    await close();
    expect(consoleErrors).toEqual([]);
  });

  it('keeps the not-found page still while its recent posts load after an unknown address', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    await recordLayoutShifts(page);
    const releaseRecent = await holdRequests(page, '**/api/resources/toprated');
    await page.goto('/no/such/page');
    await page.getByRole('heading', { level: 1, name: "This page doesn't exist" }).waitFor();
    const releasedAt = await page.evaluate(() => performance.now());
    releaseRecent();
    await page.getByRole('heading', { name: 'Recent Posts' }).waitFor();
    await page.getByRole('region', { name: 'Recent Posts' }).getByRole('link').first().waitFor();
    expect(await layoutShiftSince(page, releasedAt)).toBeLessThan(0.01);

    await close();
    expect(consoleErrors).toEqual([
      `Failed to load resource: the server responded with a status of 404 (Not Found) (${environment.baseUrl}/no/such/page)`,
    ]);
  });

  // The page is drawn before the session is known, with the visitor's Join Free and Start Here; a member's
  // hero had one button fewer, so under 576 px everything under it moved up by 52 px once the session came.
  it("keeps a member's home page still at 375 px when the session comes: the hero's member actions take the visitor's rows", async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    await page.context().addCookies([{ name: 'cookieConsent', value: 'all', url: environment.baseUrl }]);
    await recordLayoutShifts(page);
    await signInThroughApi(page.request, DEMO_MEMBER);
    const releaseSession = await holdRequests(page, '**/api/auth/session');
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Here' }).waitFor();
    const releasedAt = await page.evaluate(() => performance.now());
    releaseSession();
    await page.getByRole('button', { name: 'New Post' }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse All' }).getAttribute('href')).toBe('/topics');
    expect(await layoutShiftSince(page, releasedAt)).toBeLessThan(0.01);
    await page.unrouteAll();
    await close();
    expect(consoleErrors).toEqual([]);
  });

  it('sends unknown paths to the not-found page', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    const response = await page.goto('/some/unknown/path');
    expect(response?.status()).toBe(404);

    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await heading.textContent()).toBe("This page doesn't exist");
    expect(new URL(page.url()).pathname).toBe('/404');
    expect(await hrefOf(page.getByRole('link', { name: 'Explore Templates' }))).toBe('/search');
    await page.getByRole('heading', { name: 'Recent Posts' }).waitFor();

    await close();
    // The browser reports the unknown address's 404 answer itself; nothing else may fail.
    expect(consoleErrors).toEqual([
      `Failed to load resource: the server responded with a status of 404 (Not Found) (${environment.baseUrl}/some/unknown/path)`,
    ]);
  });
});
