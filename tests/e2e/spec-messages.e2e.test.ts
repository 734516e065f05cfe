/**
 * Spec messages that only the web app shows, each pinned to the spec's literal text
 * (browse-search-accounts.md sections 5 and 8): the save-error toast, the apps list failure,
 * and the profile picture's 'Invalid Format!' alert.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ResourceView } from '../../src/domain/catalogue/resource-view.js';
import { IMAGE_EXTENSIONS } from '../../src/domain/shared/images.js';
import { logInThroughForm, startE2eEnvironment, type E2eEnvironment } from './harness.js';

/** A demo member. */
const MEMBER = 'kenji_mensah1';

describe("the spec's messages in the browser", () => {
  let environment: E2eEnvironment;

  beforeAll(async () => {
    environment = await startE2eEnvironment();
  });

  afterAll(async () => {
    await environment?.stop();
  });

  it("shows 'Error in processing your save action.' when a save fails, and the button goes back", async () => {
    const { data } = (await (await fetch(`${environment.baseUrl}/api/resources/toprated`)).json()) as { data: ResourceView[] };
    const post = data.find((resource) => resource.author.username !== MEMBER)!;
    const { page, close } = await environment.openPage();
    await logInThroughForm(page, MEMBER);
    await page.route('**/api/resources/save/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: true, message: 'Server down' }) }),
    );
    await page.goto(`/resources/${post.titleUrl}`);
    const actions = page.getByRole('complementary', { name: 'Actions' });
    const save = actions.getByRole('button', { name: /^Save/u });
    const wasSaved = await save.getAttribute('aria-pressed');
    await save.click();
    await page.getByRole('status').getByText('Error in processing your save action.', { exact: true }).waitFor();
    await expect.poll(() => actions.getByRole('button', { name: /^Save/u }).getAttribute('aria-pressed')).toBe(wasSaved);
    await close();
  });

  it("shows 'Failed to load platform data. Please try again later.' with a Retry that loads the apps", async () => {
    const { page, close } = await environment.openPage();
    let refuse = true;
    await page.route('**/api/platforms**', (route) =>
      refuse ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":true,"message":"down"}' }) : route.continue(),
    );
    // The server renders /apps with its data; the browser's own load of the platforms is a navigation within the app.
    await page.goto('/');
    await page.locator('[data-tour="navbar-apps"]').click();
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to load platform data. Please try again later.' });
    await failure.waitFor();
    refuse = false;
    await failure.getByRole('button', { name: 'Retry' }).click();
    // The apps grid's own links (the navbar has app links of its own).
    await page.getByRole('link', { name: /^Notion \d+ Templates$/u }).waitFor();
    await failure.waitFor({ state: 'detached' });
    await close();
  });

  it("answers a profile picture without an image extension with the 'Invalid Format!' alert; a picture fits a phone's width", async () => {
    const { page, close } = await environment.openPage({ viewportWidth: 375 });
    await logInThroughForm(page, MEMBER);
    await page.goto('/account#profile');
    const upload = page.getByLabel(/^(Upload|Change) picture$/u);
    await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid Format!' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`Please use one of the following extensions: ${IMAGE_EXTENSIONS.join(', ')}.`);

    // With a picture, Change picture and Remove share the row: they used to push the page wider than the phone.
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    await upload.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await page.getByRole('button', { name: 'Remove', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await close();
  });
});
