import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cataloguePlan, DEMO_ADMIN_USERNAME, DEMO_CATALOGUE } from '../../src/composition/demo-catalogue.js';
import { demoVersionedTemplateId, demoVersionsCast } from '../../src/composition/demo-versions.js';
import { TEMPLATE_MESSAGES, titleUrlFor } from '../../src/domain/templates/rules.js';
import { CHANGE_NOTE_MAX, VERSION_MESSAGES, versionNoticeSubject } from '../../src/domain/templates/versions.js';
import { COOKIE_CONSENT } from '../../src/web/lib/shell-constants.js';
import { shootWithinWidth, signInThroughApi, startE2eEnvironment, type E2eEnvironment, type RecordedPage } from './harness.js';

/**
 * The demo's versioned post (three versions; its demo buyer holds v1): its author edits it with a
 * change note, an admin approves, a member who saved it asked to be told, and the buyer sees
 * "Updated", opens the diff, keeps v1, then switches — at 1280 and at 375 px.
 */
const { author, buyer } = demoVersionsCast(DEMO_CATALOGUE);
const SAVER = cataloguePlan(DEMO_CATALOGUE).users[10]!.username;
const TITLE = 'Freelance Invoice Tracker';
const POST_ID = demoVersionedTemplateId(DEMO_CATALOGUE.seed);
const POST_PATH = `/resources/${titleUrlFor(TITLE, POST_ID)}`;
const NOTE = 'Adds a yearly view of paid and overdue invoices.';
/** Where the screenshots go to be looked at (not part of the repository). */
const SHOTS_DIR = process.env.VERSIONS_SHOTS_DIR ?? '/tmp/versions-shots';
/** Waits that involve the server, the projections and the notice reactor; a loaded machine needs the margin. */
const STEP_TIMEOUT_MS = 30_000;
const FLOW_TIMEOUT_MS = 180_000;

/** The demo accounts' mail, as the development outbox kept it. */
async function mailTo(baseUrl: string, username: string): Promise<{ subject: string; text: string }[]> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(`${username}@demo.tessera.local`)}`);
  return ((await response.json()) as { messages: { subject: string; text: string }[] }).messages;
}

/**
 * What the reader sees of the changelog panel (or the part `from` selects): the window from just below
 * the sticky header down (a whole page at 375 px is too long to look at), and no page wider than its window.
 */
async function shootPanel(page: Page, name: string, from = 'section.versions'): Promise<void> {
  await page.locator(from).evaluate((panel) => {
    panel.scrollIntoView({ block: 'start' });
    // Below the sticky banner and header.
    window.scrollBy(
      0,
      -Math.max(
        0,
        ...[...document.querySelectorAll('body *')]
          .filter((element) => getComputedStyle(element).position === 'sticky')
          .map((element) => element.getBoundingClientRect().bottom),
      ) - 16,
    );
  });
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function latestVersion(page: Page): Promise<number> {
  const answer = (await (await page.request.get(`/api/resources/${POST_ID}/versions`)).json()) as { versions: { version: number }[] };
  return answer.versions[0]?.version ?? 0;
}

describe('versions that reach buyers, in the browser', () => {
  let environment: E2eEnvironment;
  /** The cookie choice made: its bar would cover the panel in the screenshots. */
  const decideCookies = (page: Page) =>
    page.context().addCookies([{ name: COOKIE_CONSENT.cookieName, value: COOKIE_CONSENT.essentials, url: environment.baseUrl }]);
  let buyerPage: RecordedPage;

  beforeAll(async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    environment = await startE2eEnvironment();
    buyerPage = await environment.openPage({ viewportWidth: 1280 });
    await signInThroughApi(buyerPage.page.request, buyer!.username);
    await decideCookies(buyerPage.page);
  }, FLOW_TIMEOUT_MS);

  afterAll(async () => {
    await buyerPage?.close();
    await environment?.stop();
  });

  it(
    'a saver asks to be told; the author edits with a note (the limit said live); an admin approves; both are e-mailed',
    async () => {
      const saver = await environment.openPage({ viewportWidth: 375 });
      await signInThroughApi(saver.page.request, SAVER);
      await decideCookies(saver.page);
      await saver.page.goto(POST_PATH);
      const notices = saver.page.getByLabel('Tell me about updates');
      await saver.page.getByRole('button', { name: /^Save \d+$/u }).click();
      await notices.check({ timeout: STEP_TIMEOUT_MS });
      await saver.page.getByText(VERSION_MESSAGES.noticesOn).waitFor();
      await saver.page.reload();
      await expect.poll(() => notices.isChecked(), { timeout: STEP_TIMEOUT_MS }).toBe(true);
      await shootPanel(saver.page, 'saver-notices');
      expect(saver.consoleErrors).toEqual([]);
      await saver.close();

      const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 1280 });
      await signInThroughApi(page.request, author!.username);
      await page.goto(`/editor${POST_PATH}`);
      const note = page.getByLabel('What changed (optional)');
      await note.fill('x'.repeat(CHANGE_NOTE_MAX + 1));
      await page.getByText(VERSION_MESSAGES.changeNoteTooLong).waitFor();
      await page.getByText(`${CHANGE_NOTE_MAX + 1} / ${CHANGE_NOTE_MAX}`).waitFor();
      await page
        .getByLabel('Full details', { exact: true })
        .fill('1. Duplicate the template.\n2. Add your clients.\n3. Open the yearly view.');
      await shootWithinWidth(page, SHOTS_DIR, 'editor-note-too-long');
      await note.fill(NOTE);
      expect(await page.getByText(VERSION_MESSAGES.changeNoteTooLong).count()).toBe(0);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(TEMPLATE_MESSAGES.sentForReapproval).waitFor({ timeout: STEP_TIMEOUT_MS });
      await shootWithinWidth(page, SHOTS_DIR, 'editor-note-saved');
      expect(consoleErrors).toEqual([]);
      await close();

      const admin = await environment.openPage();
      await signInThroughApi(admin.page.request, DEMO_ADMIN_USERNAME);
      const approved = await admin.page.request.put('/api/admin/resources/update', { data: { _id: POST_ID, status: 'live' } });
      expect(approved.status()).toBe(200);
      await expect.poll(() => latestVersion(admin.page), { timeout: STEP_TIMEOUT_MS }).toBe(4);
      await admin.close();

      for (const username of [buyer!.username, SAVER]) {
        await expect
          .poll(async () => (await mailTo(environment.baseUrl, username))[0]?.subject, { timeout: STEP_TIMEOUT_MS })
          .toBe(versionNoticeSubject(TITLE, 4));
      }
      const [notice] = await mailTo(environment.baseUrl, buyer!.username);
      expect(notice!.text).toContain(`“${NOTE}”`);
      expect(notice!.text).toContain(`${POST_PATH}?diff=3-4`);
      // The outbox as a page, to look at the e-mail (not the app: opened without the harness's wait for it).
      const mailbox = await environment.browser.newPage({ viewport: { width: 1280, height: 900 } });
      await mailbox.goto(`${environment.baseUrl}/dev/mailbox?to=${encodeURIComponent(`${buyer!.username}@demo.tessera.local`)}`);
      await mailbox.screenshot({ path: `${SHOTS_DIR}/notice-email-1280.png`, fullPage: true });
      await mailbox.close();
    },
    FLOW_TIMEOUT_MS,
  );

  for (const width of [1280, 375] as const) {
    it(
      `the buyer sees "Updated", opens the diff, keeps v1, then switches (${width} px)`,
      async () => {
        const { page, consoleErrors } = buyerPage;
        await page.setViewportSize({ width, height: 900 });
        const held = page.getByTestId('version-held');
        if (width === 375) {
          // Switched at 1280: back to the version bought, so there is an update to choose again.
          await page.goto(POST_PATH);
          await held.getByRole('button', { name: 'Back to v1' }).click();
          await held.getByText('v4 is available').waitFor({ timeout: STEP_TIMEOUT_MS });
        }

        await page.goto('/purchased-posts');
        await page.getByTestId('purchases-updated').getByText(`1 ${VERSION_MESSAGES.updated}`).waitFor({ timeout: STEP_TIMEOUT_MS });
        await page.getByRole('link', { name: 'v4 is out (you have v1)' }).waitFor();
        await shootWithinWidth(page, SHOTS_DIR, 'purchased-updated');

        // At 1280 from the card and "see what changed" (v1 → v4); at 375 from the e-mail's link (v3 → v4).
        if (width === 1280) {
          await page.getByRole('link', { name: 'v4 is out (you have v1)' }).click();
          await held.getByText('You have v1').waitFor({ timeout: STEP_TIMEOUT_MS });
          await page.getByRole('heading', { name: 'Changelog' }).scrollIntoViewIfNeeded();
          await page.getByText(NOTE).waitFor();
          await shootPanel(page, 'changelog');
          await held.getByRole('button', { name: 'see what changed' }).click();
        } else {
          await page.goto(`${POST_PATH}?diff=3-4`);
          await page.getByText(NOTE).waitFor({ timeout: STEP_TIMEOUT_MS });
          await shootPanel(page, 'changelog');
        }
        const diff = page.getByTestId('version-diff');
        await diff.getByRole('heading', { name: width === 1280 ? 'v1 → v4' : 'v3 → v4' }).waitFor({ timeout: STEP_TIMEOUT_MS });
        expect(await diff.locator('ins').count()).toBeGreaterThan(0);
        await shootPanel(page, 'diff', '[data-testid="version-diff"]');

        await held.getByRole('button', { name: 'Keep v1' }).click();
        await held.getByTestId('version-kept').waitFor({ timeout: STEP_TIMEOUT_MS });
        await shootPanel(page, 'choice-kept');
        expect((await (await page.request.get(`/api/decode-link/${POST_ID}`)).json()) as { version: number }).toMatchObject({ version: 1 });

        await held.getByRole('button', { name: 'Switch to v4' }).click();
        await held.getByText('You have v4').waitFor({ timeout: STEP_TIMEOUT_MS });
        await shootPanel(page, 'choice-switched');
        expect((await (await page.request.get(`/api/decode-link/${POST_ID}`)).json()) as { version: number }).toMatchObject({ version: 4 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(consoleErrors).toEqual([]);
      },
      FLOW_TIMEOUT_MS,
    );
  }
});
