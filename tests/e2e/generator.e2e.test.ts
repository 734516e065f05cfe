import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GENERATOR_MESSAGES, GENERATOR_TEXTS } from '../../src/domain/generator/rules.js';
import { RATE_LIMITS } from '../../src/domain/shared/rate-limits.js';
import { SUPPORT_MESSAGES } from '../../src/domain/support/rules.js';
import { cataloguePlan, DEMO_CATALOGUE } from '../../src/composition/demo-catalogue.js';
import { signInThroughApi, startE2eEnvironment, type E2eEnvironment } from './harness.js';

/** A job is polled every 3 s; an offline job is done by the second poll, a loaded machine may need a few more. */
const RESULT_TIMEOUT_MS = 60_000;

async function quietPage(page: Page, baseUrl: string): Promise<void> {
  await page.context().addCookies([{ name: 'cookieConsent', value: 'all', url: baseUrl }]);
}

/** A signed-in member opens the help panel on the home page and starts a chat. */
async function openMemberChat(page: Page): Promise<{ chat: Locator; question: Locator }> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Help and feedback' }).click();
  await page.getByRole('dialog', { name: 'Beta feedback' }).getByRole('radio', { name: 'Chat' }).check({ force: true });
  await page.getByRole('button', { name: 'Start chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Tessera help' });
  return { chat, question: chat.getByLabel('Your question') };
}

/** Downloads what a link points to, through the page's own cookies. */
async function fetchLinked(page: Page, href: string) {
  const response = await page.request.get(href);
  return { status: response.status(), type: response.headers()['content-type'] ?? '', bytes: await response.body() };
}

/** The element's start is on screen and not under the sticky banner and navigation bar: what a point just inside it hits is part of it. */
function startShown(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + 2, box.top + 2);
    return box.top >= 0 && box.top < window.innerHeight && hit !== null && element.contains(hit);
  });
}

describe('AI template generator and support chatbot, offline, in Chromium', () => {
  let environment: E2eEnvironment;

  beforeAll(async () => {
    environment = await startE2eEnvironment();
  });
  afterAll(async () => {
    await environment?.stop();
  });

  it('generates a slide deck end to end from the home page’s button, and makes a copy of it', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await quietPage(page, environment.baseUrl);
    await page.goto('/');
    await page.getByRole('link', { name: 'Generate a template' }).click();
    await page.waitForURL('**/generate');
    await expect.poll(() => page.getByRole('note').textContent()).toBe(GENERATOR_TEXTS.offlineNotice);
    await expect.poll(() => page.getByText('v0.9.8').isVisible()).toBe(true);
    for (const soon of ['Notion', 'Canva', 'Figma', 'Zapier'])
      expect(await page.getByRole('radio', { name: soon }).isDisabled()).toBe(true);

    await page.getByLabel('Purpose').fill('Kick-off deck for our Q3 product launch');
    await page.getByLabel('Audience').fill('the marketing team');
    await page.getByLabel('Number of slides').fill('5');
    await page.getByRole('radio', { name: 'Midnight' }).check({ force: true });
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() =>
        page.getByText(GENERATOR_TEXTS.progressMessages[0]).or(page.getByText(GENERATOR_TEXTS.progressMessages[1])).first().isVisible(),
      )
      .toBe(true);

    const open = page.getByRole('link', { name: GENERATOR_TEXTS.openTemplate });
    await open.waitFor({ timeout: RESULT_TIMEOUT_MS });
    await expect.poll(() => startShown(page.getByRole('heading', { name: 'Your template is ready' }))).toBe(true);
    // Offline: no 'Powered by GPT'.
    expect(await page.getByText(GENERATOR_TEXTS.poweredBy).count()).toBe(0);
    const originalHref = (await open.getAttribute('href'))!;
    const file = await fetchLinked(page, originalHref);
    expect(file.status).toBe(200);
    expect(file.type).toContain('presentationml');
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');

    await page.getByRole('link', { name: GENERATOR_TEXTS.copy }).click();
    await page.getByRole('button', { name: 'Make a copy' }).click();
    const copied = page.getByRole('link', { name: GENERATOR_TEXTS.openTemplate });
    await copied.waitFor();
    expect(await copied.getAttribute('href')).not.toBe(originalHref);
    expect((await fetchLinked(page, (await copied.getAttribute('href'))!)).type).toContain('presentationml');
    expect(consoleErrors).toEqual([]);
    await close();
  }, 120_000);

  it('generates a document after the follow-up question sets, and Restart asks before clearing', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    await quietPage(page, environment.baseUrl);
    // The server draws the form with the generator's mode: the offline notice is above it from the first paint, so nothing moves under the pointer.
    const served = await (await page.request.get('/generate')).text();
    expect(served).toContain(GENERATOR_TEXTS.offlineNotice);
    expect(served).toContain('type="radio"');
    await page.goto('/generate');
    await page.getByRole('note').waitFor();
    await page.getByRole('radio', { name: 'Google Docs' }).check({ force: true });
    expect(await page.getByLabel('Audience').count()).toBe(0);
    await page.getByLabel('Purpose').fill('A one-page proposal for a community garden');
    await page.getByRole('button', { name: 'Next' }).click();
    // Each step replaces one whose button was at its foot: it shows from its start, where the visitor is.
    const setHeading = page.getByRole('heading', { level: 2 }).first();
    await setHeading.waitFor();
    await expect.poll(() => startShown(setHeading)).toBe(true);

    await page.getByRole('radio', { name: 'Formal' }).check();
    await page.getByRole('checkbox', { name: 'Budget' }).check();
    await page.getByLabel('How long should it be?').selectOption('Two pages');
    const firstSet = await setHeading.textContent();
    await page.getByRole('button', { name: 'Next Set' }).click();
    await expect.poll(() => setHeading.textContent()).not.toBe(firstSet);
    await expect.poll(() => startShown(setHeading)).toBe(true);
    await page.getByLabel(/How much detail/u).fill('5');
    await page.getByLabel('Anything it must mention?').fill('the spring opening');
    await page.getByRole('button', { name: 'Generate' }).click();

    const open = page.getByRole('link', { name: GENERATOR_TEXTS.openTemplate });
    await open.waitFor({ timeout: RESULT_TIMEOUT_MS });
    await expect.poll(() => startShown(page.getByRole('heading', { name: 'Your template is ready' }))).toBe(true);
    const file = await fetchLinked(page, (await open.getAttribute('href'))!);
    expect(file.type).toContain('wordprocessingml');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Restart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restart' });
    await expect.poll(() => dialog.getByText(GENERATOR_TEXTS.restartConfirm).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Restart' }).click();
    await expect.poll(() => page.getByLabel('Purpose').inputValue()).toBe('');
    expect(consoleErrors).toEqual([]);
    await close();
  }, 120_000);

  it('shows the spec’s errors for a custom style without an id and for private data in the brief', async () => {
    const { page, close } = await environment.openPage();
    await quietPage(page, environment.baseUrl);
    // The styles come with the page the server drew: no option moves under a click when they arrive.
    await page.goto('/generate');
    await page.getByLabel('Purpose').waitFor();
    await page.getByLabel('Purpose').fill('Quarterly review');
    await page.getByRole('radio', { name: 'Custom' }).check({ force: true });
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(GENERATOR_MESSAGES.customStyleNeedsId);
    await page.getByRole('radio', { name: 'Tessera Classic' }).check({ force: true });
    await page.getByLabel('Purpose').fill('Send the deck to ada@example.com');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(GENERATOR_MESSAGES.privateData('e-mail address'));
    expect(await page.getByText(GENERATOR_TEXTS.privacyReminder).isVisible()).toBe(true);
    await close();
  });

  it('has no serious or critical axe violations on /generate', async () => {
    const { page, close } = await environment.openPage();
    await quietPage(page, environment.baseUrl);
    await page.goto('/generate');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    await close();
    const problems = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
    expect(problems).toEqual([]);
  });

  it('answers a help question and a follow-up in the chatbot with their sources, after the guest registers', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await quietPage(page, environment.baseUrl);
    await page.goto('/');
    await page.getByRole('button', { name: 'Help and feedback' }).click();
    const panel = page.getByRole('dialog', { name: 'Beta feedback' });
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe(SUPPORT_MESSAGES.selectOption);

    await panel.getByRole('radio', { name: 'Chat' }).check({ force: true });
    await panel.getByRole('button', { name: 'Start chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Tessera help' });
    await chat.getByRole('button', { name: 'Start chat' }).click();
    await expect.poll(() => chat.getByRole('alert').textContent()).toBe(SUPPORT_MESSAGES.nameAndEmailRequired);
    await chat.getByLabel('Name').fill('Grace');
    await chat.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await chat.getByRole('button', { name: 'Start chat' }).click();

    await chat.getByLabel('Your question').fill('Who handles refunds?');
    await chat.getByRole('button', { name: 'Send' }).click();
    const source = chat.getByRole('link', { name: 'Sell your templates — Who handles refunds?' });
    await source.waitFor();
    expect(await chat.getByText(/You and the buyer, first/u).count()).toBeGreaterThan(0);
    // A follow-up goes into the same conversation, which the guest's chat cookie lets them write to.
    await chat.getByLabel('Your question').fill('How do I reset my password?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByRole('link', { name: 'Forgot password — Forgotten password' }).waitFor();
    await source.click();
    await page.waitForURL('**/sellers');
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('tells a member signed out in another tab to say who they are, then starts a new conversation where theirs cannot go on', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    await quietPage(page, environment.baseUrl);
    await signInThroughApi(page.request, cataloguePlan(DEMO_CATALOGUE).users[0]!.username);
    const { chat, question } = await openMemberChat(page);
    await question.fill('Who handles refunds?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByRole('link', { name: 'Sell your templates — Who handles refunds?' }).waitFor();

    // Signed out elsewhere (the browser shares the session cookie): the panel still shows the member's chat.
    expect((await page.request.post('/api/logout')).status()).toBeLessThan(300);
    await question.fill('How do I reset my password?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => chat.getByRole('alert').textContent()).toBe(SUPPORT_MESSAGES.signedOutMeanwhile);
    await chat.getByLabel('Name').fill('Grace');
    await chat.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await chat.getByRole('button', { name: 'Start chat' }).click();
    expect(await question.inputValue()).toBe('How do I reset my password?');
    // The conversation is the member's account's: refused, the panel says so and starts another, the question kept.
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByText(SUPPORT_MESSAGES.conversationClosed).waitFor();
    expect(await question.inputValue()).toBe('How do I reset my password?');
    expect(await chat.getByRole('listitem').filter({ hasText: 'How do I reset my password?' }).count()).toBe(0);
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByRole('link', { name: 'Forgot password — Forgotten password' }).waitFor();
    expect(await chat.getByText(SUPPORT_MESSAGES.requestFailed).count()).toBe(0);
    expect(consoleErrors.filter((line) => !/\b(400|403)\b/u.test(line))).toEqual([]);
    await close();
  });

  it('sends beta feedback and shows the confirmation', async () => {
    const { page, close } = await environment.openPage({ viewportWidth: 375 });
    await quietPage(page, environment.baseUrl);
    await page.goto('/search');
    await page.getByRole('button', { name: 'Help and feedback' }).click();
    const panel = page.getByRole('dialog', { name: 'Beta feedback' });
    await panel.getByRole('radio', { name: 'Idea' }).check({ force: true });
    await panel.getByLabel('Tell us more').fill('A dark mode, please');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe(SUPPORT_MESSAGES.nameAndEmailRequired);
    await panel.getByLabel('Name').fill('Grace');
    await panel.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => panel.getByRole('status').textContent()).toBe(SUPPORT_MESSAGES.feedbackThanks);
    await close();
  });
  // Last in this file: it uses up this address's chat and feedback limits.
  it('keeps a refused question and feedback in their boxes and says how long to wait when they come too fast', async () => {
    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    await quietPage(page, environment.baseUrl);
    await signInThroughApi(page.request, cataloguePlan(DEMO_CATALOGUE).users[1]!.username);
    const limits = RATE_LIMITS.chatMessagesPerAddress;
    for (let sent = 0; sent < limits.max; sent++) {
      const answer = await page.request.post('/api/chatbot/chat', { data: { message: `Question ${sent}` } });
      if (answer.status() === 429) break;
    }
    const { chat, question } = await openMemberChat(page);
    await question.fill('Who handles refunds?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => chat.getByRole('alert').textContent())
      .toMatch(/^You are sending too fast\. Please try again in \d+ minutes?\.$/u);
    expect(await question.inputValue()).toBe('Who handles refunds?');
    expect(await chat.getByRole('listitem').filter({ hasText: 'Who handles refunds?' }).count()).toBe(0);

    for (let sent = 0; sent < RATE_LIMITS.feedbackPerAddress.max; sent++) {
      const answer = await page.request.post('/api/chatbot/feedback', { data: { betaSelection: 'Idea', betaText: `Idea ${sent}` } });
      if (answer.status() === 429) break;
    }
    await chat.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Help and feedback' }).click();
    const panel = page.getByRole('dialog', { name: 'Beta feedback' });
    await panel.getByRole('radio', { name: 'Idea' }).check({ force: true });
    await panel.getByLabel('Tell us more').fill('A dark mode, please');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toMatch(/^You are sending too fast\. Please try again in \d+ minutes?\.$/u);
    expect(await panel.getByLabel('Tell us more').inputValue()).toBe('A dark mode, please');
    expect(consoleErrors.filter((line) => !/\b429\b/u.test(line))).toEqual([]);
    await close();
  });
});
