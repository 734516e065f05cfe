import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DETAIL_PAGE } from '../../src/domain/engagement/rules.js';
import { logInThroughForm, startE2eEnvironment, type E2eEnvironment } from './harness.js';

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
      const context = await environment.browser.newContext({ baseURL: environment.baseUrl, javaScriptEnabled: false, viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        const pages: Array<{ path: string; heading: string | RegExp }> = [
          { path: '/', heading: /./u },
          { path: `/resources/${template.titleUrl}`, heading: template.title },
          { path: '/search/query/planner', heading: /./u },
          { path: '/topics', heading: 'Topics' },
          { path: `/users/${template.author.username}`, heading: /./u },
          { path: '/sellers', heading: /./u },
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
        await page.getByText(/^(\$ \d+\.\d{2}|Free)$/u).first().waitFor();

        expect((await page.goto('/no/such/page'))?.status()).toBe(404);
        expect((await page.goto('/404'))?.status()).toBe(404);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe("This page doesn't exist");
      } finally {
        await context.close();
      }
    });
  }

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
});
