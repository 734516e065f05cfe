import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DETAIL_PAGE } from '../../src/domain/engagement/rules.js';
import { APP_SCRIPTS_ELEMENT_ID, ROUTE_CHUNKS_ELEMENT_ID, type AppScripts } from '../../src/web/app/page-scripts.js';
import { MAIN_SCREENSHOT_SIZES } from '../../src/web/features/resources/components/Screenshots.js';
import {
  APP_CHUNKS,
  holdRequests,
  logInThroughForm,
  signInThroughApi,
  startE2eEnvironment,
  waitForApp,
  type E2eEnvironment,
} from './harness.js';

interface Card {
  _id: string;
  titleUrl: string;
  title: string;
  author: { username: string };
}

describe('server-rendered pages', () => {
  let environment: E2eEnvironment;
  let template: Card;

  beforeAll(async () => {
    environment = await startE2eEnvironment();
    const answer = (await (await fetch(`${environment.baseUrl}/api/resources/search?query=`)).json()) as { data: Card[] };
    template = answer.data.find((card) => card.author.username !== 'admin')!;
    expect(template).toBeDefined();
  });

  afterAll(async () => {
    await environment?.stop();
  });

  for (const width of [1280, 375]) {
    it(`shows the public pages without JavaScript at ${width} px`, async () => {
      const context = await environment.browser.newContext({
        baseURL: environment.baseUrl,
        javaScriptEnabled: false,
        viewport: { width, height: 900 },
      });
      try {
        const page = await context.newPage();
        const pages: Array<{ path: string; heading: string | RegExp }> = [
          { path: '/', heading: /./u },
          { path: `/resources/${template.titleUrl}`, heading: template.title },
          { path: '/search/query/planner', heading: /./u },
          { path: '/topics', heading: 'Topics' },
          { path: `/users/${template.author.username}`, heading: /./u },
          { path: '/sellers', heading: /./u },
          { path: '/help/payments', heading: 'How payments and payouts work' },
        ];
        for (const { path, heading } of pages) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          expect(await page.getByRole('heading', { level: 1 }).first().textContent(), path).toMatch(heading);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
        }
        await page.goto('/');
        expect(await page.getByRole('tabpanel', { name: 'Trending' }).getByRole('article').count()).toBeGreaterThan(0);
        await page.goto('/search/query/planner');
        expect(await page.getByRole('article').count()).toBeGreaterThan(0);
        await page.goto(`/resources/${template.titleUrl}`);
        await page
          .getByText(/^(\$ \d+\.\d{2}|Free)$/u)
          .first()
          .waitFor();

        expect((await page.goto('/no/such/page'))?.status()).toBe(404);
        expect((await page.goto('/404'))?.status()).toBe(404);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe("This page doesn't exist");
      } finally {
        await context.close();
      }
    });
  }

  it('paints a server-rendered page before it fetches any script but the boot script, then loads the app with the chunks of its route', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    const path = `/resources/${template.titleUrl}`;
    await page.goto(path);
    const timeline = await page.evaluate(
      ([appScriptsId, routeChunksId]) => ({
        firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime }))
          .filter((entry) => entry.path.endsWith('.js')),
        appScripts: JSON.parse(document.getElementById(appScriptsId)!.textContent!) as AppScripts,
        routeChunks: JSON.parse(document.getElementById(routeChunksId)!.textContent!) as string[],
      }),
      [APP_SCRIPTS_ELEMENT_ID, ROUTE_CHUNKS_ELEMENT_ID] as const,
    );
    expect(timeline.firstContentfulPaint).not.toBeNull();
    const [boot, ...others] = [...timeline.scripts].sort((a, b) => a.startTime - b.startTime);
    expect(boot!.path).toMatch(/^\/assets\/boot-[\w-]+\.js$/u);
    expect(boot!.startTime).toBeLessThan(timeline.firstContentfulPaint!);
    for (const script of others) expect(script.startTime, script.path).toBeGreaterThanOrEqual(timeline.firstContentfulPaint!);
    // Everything the page names was loaded: the app, its chunks, and the template page's own.
    expect(timeline.routeChunks.some((chunk) => chunk.includes('resource-detail'))).toBe(true);
    const fetched = new Set(others.map((script) => script.path));
    for (const chunk of [timeline.appScripts.app, ...timeline.appScripts.imports, ...timeline.routeChunks])
      expect(fetched, chunk).toContain(chunk);

    await close();
    expect(consoleErrors).toEqual([]);
  });

  it('keeps a server-rendered page where the visitor scrolled it before the app took over, and scrolls to the top on a route change', async () => {
    const viewport = { width: 375, height: 900 };
    const context = await environment.browser.newContext({ baseURL: environment.baseUrl, viewport });
    try {
      // The boot script is held back until the visitor has scrolled, as on a slow phone.
      let releaseBoot!: () => void;
      const bootReleased = new Promise<void>((resolve) => (releaseBoot = resolve));
      await context.route(/\/assets\/boot-[\w-]+\.js$/u, async (route) => {
        await bootReleased;
        await route.continue();
      });
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.goto(`/resources/${template.titleUrl}`, { waitUntil: 'commit' });
      const related = page.getByRole('region', { name: DETAIL_PAGE.relatedPostsHeading });
      const titleLink = related.getByRole('article').first().getByRole('heading').getByRole('link');
      await titleLink.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      releaseBoot();
      await waitForApp(page);
      // Still in view (the browser's scroll anchoring may move the page a little as images arrive).
      const box = (await titleLink.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);

      const title = (await titleLink.textContent())!;
      await titleLink.click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("hydrates a template's page with the related lists the server rendered, and moves to one of them in the browser", async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    const served = await (await page.request.get(`/resources/${template.titleUrl}`)).text();
    expect(served).toContain(DETAIL_PAGE.relatedPostsHeading);

    await page.goto(`/resources/${template.titleUrl}`);
    const related = page.getByRole('region', { name: DETAIL_PAGE.relatedPostsHeading });
    const firstCard = related.getByRole('article').first();
    const titleLink = firstCard.getByRole('heading').getByRole('link');
    const title = (await titleLink.textContent())!;
    // A page the browser moves to itself keeps this mark; a full load from the server would not.
    await page.evaluate(() => Object.assign(window, { hydratedBefore: true }));
    await titleLink.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.evaluate(() => 'hydratedBefore' in window)).toBe(true);

    await close();
    expect(consoleErrors).toEqual([]);
  });

  it("hydrates a template's page, then fills in the signed-in viewer's own state that the server never rendered", async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await logInThroughForm(page, 'admin');
    const saved = await page.request.post(`/api/resources/save/${template._id}`);
    expect(saved.ok()).toBe(true);

    // The document the server sends is the same for everyone: nothing saved in it.
    const document = await (await page.request.get(`/resources/${template.titleUrl}`)).text();
    expect(document).toContain('<span>Save</span>');
    expect(document).not.toContain('<span>Saved</span>');

    await page.goto(`/resources/${template.titleUrl}`);
    const actions = page.getByRole('complementary', { name: 'Actions' });
    const saveButton = actions.getByRole('button', { name: /^Saved/u });
    await saveButton.waitFor();
    expect(await saveButton.getAttribute('aria-pressed')).toBe('true');
    // Hydrated: a click goes through React (and takes the save back).
    await saveButton.click();
    await actions.getByRole('button', { name: /^Save\b/u }).waitFor();

    await close();
    expect(consoleErrors).toEqual([]);
  });

  it('makes the taps on buttons of a page the server drew before the app had it once the app starts, each once however often it was tapped', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await signInThroughApi(page.request, 'admin');
    const savedByAdmin = async (titleUrl: string) =>
      ((await (await page.request.get(`/api/resources/${titleUrl}`)).json()) as { data: { prevActions: { has_saved: boolean } } }).data
        .prevActions.has_saved;
    const releaseApp = await holdRequests(page, APP_CHUNKS);
    // This page's goto waits for the app (harness.ts): it comes once the app is released.
    const opened = page.goto(`/resources/${template.titleUrl}`, { waitUntil: 'commit' });
    // The boot script preloads the app once the page is painted, and holds taps from its start.
    await page.locator('link[rel="modulepreload"]').first().waitFor({ state: 'attached' });
    const card = page.getByRole('region', { name: DETAIL_PAGE.relatedPostsHeading }).getByRole('article').first();
    const relatedTitleUrl = (await card.getByRole('heading').getByRole('link').getAttribute('href'))!.replace('/resources/', '');
    expect(await savedByAdmin(relatedTitleUrl)).toBe(false);
    const save = card.getByRole('button', { name: / saves$/u });
    await save.click();
    await save.click();

    releaseApp();
    await opened;
    await expect.poll(() => savedByAdmin(relatedTitleUrl)).toBe(true);
    // Made once: a second tap made again would have taken the save back.
    await page.waitForLoadState('networkidle');
    expect(await card.getByRole('button', { name: / saves$/u }).getAttribute('aria-pressed')).toBe('true');
    expect(await savedByAdmin(relatedTitleUrl)).toBe(true);

    await close();
    expect(consoleErrors).toEqual([]);
  });

  it('gives the app what a visitor typed before it had the page, and searches on the Enter they pressed meanwhile', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    const releaseApp = await holdRequests(page, APP_CHUNKS);
    const opened = page.goto('/topics', { waitUntil: 'commit' });
    await page.locator('link[rel="modulepreload"]').first().waitFor({ state: 'attached' });
    const searchBox = page.getByRole('banner').getByRole('searchbox');
    await searchBox.fill('crm');
    await searchBox.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/topics');

    releaseApp();
    await opened;
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'crm');
    expect(await page.getByRole('searchbox').first().inputValue()).toBe('crm');

    await close();
    expect(consoleErrors).toEqual([]);
  });

  it("serves a template's screenshot at the width a 375 px phone draws it, in the server's markup and after hydration", async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    await logInThroughForm(page, 'admin');
    const picture = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: '#2563eb', noise: { type: 'gaussian', mean: 128, sigma: 20 } },
    })
      .png()
      .toBuffer();
    const upload = await page.request.post('/api/images?imagePostUpload=true', {
      multipart: { image: { name: 'board.png', mimeType: 'image/png', buffer: picture } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const imageUrl = ((await upload.json()) as { Location: string }).Location;
    const created = await page.request.post('/api/resources', {
      data: {
        type: 'productivity',
        platform: 'notion',
        title: 'Board with a screenshot',
        description: 'A post with a picture.',
        url: 'https://example.com/board',
        instructions: 'Duplicate it.',
        tags: [],
        images: [imageUrl],
        price: 0,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { _id: id, titleUrl } = ((await created.json()) as { resource: Card }).resource;
    expect((await page.request.put('/api/admin/resources/update', { data: { _id: id, status: 'live' } })).status()).toBe(200);

    const served = await (await page.request.get(`/resources/${titleUrl}`)).text();
    expect(served).toContain(`srcSet="${imageUrl}?w=`);
    expect(served).toContain(`sizes="${MAIN_SCREENSHOT_SIZES}"`);
    await page.goto(`/resources/${titleUrl}`);
    const main = page.getByRole('img', { name: 'Screenshot 1 of Board with a screenshot' });
    await expect.poll(() => main.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // 343 px wide at 1x: the 400 px variant, not the 1600 px original.
    const currentSrc = await main.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(new URL(currentSrc).search).toBe('?w=400');
    expect((await sharp(await (await page.request.get(currentSrc)).body()).metadata()).width).toBe(400);

    await close();
    expect(consoleErrors).toEqual([]);
  });
});

describe('server-rendered pages with a commission (PLATFORM_FEE_PERCENT=6)', () => {
  let environment: E2eEnvironment;

  beforeAll(async () => {
    environment = await startE2eEnvironment({ env: { PLATFORM_FEE_PERCENT: '6' } });
  });

  afterAll(async () => {
    await environment?.stop();
  });

  for (const viewportWidth of [1280, 375]) {
    it(`states the 6 % commission, never "commission-free", in the page the server drew and the one it hydrates, at ${viewportWidth} px`, async () => {
      const { page, consoleErrors, close } = await environment.openPage({ viewportWidth });
      const footer = page.locator('.site-footer__about p').first();
      const served = await (await page.request.get('/')).text();
      expect(served).toContain('Ready-to-use templates made by a community of makers. 6% commission on each sale.');
      await page.goto('/');
      expect(await footer.textContent()).toBe('Ready-to-use templates made by a community of makers. 6% commission on each sale.');
      await expect
        .poll(() => page.getByRole('complementary', { name: 'Join the community' }).first().textContent())
        .toContain('6% commission on each sale.');

      // Drawn by the app alone: it reads the fee from the page, as the server named it.
      await page.goto('/signup?beta=true');
      expect(await page.locator('.auth-card__lead').textContent()).toBe(
        'Welcome to the beta: publish and sell your templates, with a 6% commission on each sale.',
      );
      expect(await page.locator('body').textContent()).not.toMatch(/commission-free|no commission/iu);
      // The sellers page, rendered here and hydrated from the page's meta, states the same fee in its hero and panel.
      await page.goto('/sellers');
      await expect
        .poll(() => page.locator('.sellers-hero__lead').textContent())
        .toBe('Share your workflows with a community of makers. List for free and set your own price (6% commission on each sale).');
      expect(await page.locator('#sellers-commission').textContent()).toBe('6% commission');
      expect(await page.locator('main').textContent()).not.toMatch(/commission-free|no commission|keep 100%/iu);
      await close();
      // A hydration mismatch would be a console error.
      expect(consoleErrors).toEqual([]);
    });
  }
});
