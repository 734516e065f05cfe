import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cataloguePlan, DEMO_ADMIN_USERNAME, DEMO_CATALOGUE } from '../../src/composition/demo-catalogue.js';
import { COMMERCE_MESSAGES } from '../../src/domain/commerce/messages.js';
import { shootWithinWidth, signInThroughApi, startE2eEnvironment, type E2eEnvironment } from './harness.js';

/** Demo users are verified; the seller of paid posts starts with a connected payout account. */
const DEMO_USERS = cataloguePlan(DEMO_CATALOGUE).users.map((user) => user.username);
const SELLER = DEMO_USERS[3]!;
const TITLE = `E2E PayPal tracker ${Date.now().toString(36)}`;
const SHOTS_DIR = '/tmp/paypal-shots';
const STEP_TIMEOUT_MS = 30_000;
const FLOW_TIMEOUT_MS = 240_000;

/** Refusals on purpose (a 401/403 probe of the session or the link) are logged by the browser; anything else is a fault. */
function unexpected(consoleErrors: string[]): string[] {
  return consoleErrors.filter((line) => !/Failed to load resource: the server responded with a status of (400|401|403|404)\b/u.test(line));
}

describe('Pay with PayPal in the browser (sandbox orders)', () => {
  let environment: E2eEnvironment;
  let titleUrl = '';

  /** A paid post by SELLER, approved: its id and title URL. */
  async function publishPaidPost(title: string): Promise<{ _id: string; titleUrl: string }> {
    const seller = await environment.openPage();
    await signInThroughApi(seller.page.request, SELLER);
    const created = await seller.page.request.post('/api/resources', {
      data: {
        type: 'productivity',
        platform: 'notion',
        title,
        description: 'Paid through PayPal.',
        url: 'https://example.com/paypal-e2e',
        instructions: 'Duplicate it.',
        tags: [],
        images: [],
        price: 9.5,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const resource = ((await created.json()) as { resource: { _id: string; titleUrl: string } }).resource;
    await seller.close();
    const admin = await environment.openPage();
    await signInThroughApi(admin.page.request, DEMO_ADMIN_USERNAME);
    expect((await admin.page.request.put('/api/admin/resources/update', { data: { _id: resource._id, status: 'live' } })).status()).toBe(
      200,
    );
    await admin.close();
    return resource;
  }

  beforeAll(async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    environment = await startE2eEnvironment();
    titleUrl = (await publishPaidPost(TITLE)).titleUrl;
  }, FLOW_TIMEOUT_MS);

  afterAll(async () => {
    await environment?.stop();
  });

  it(
    'cancels (Failure), is declined at capture and approves again (INSTRUMENT_DECLINED restart), then pays (Purchase Completed)',
    async () => {
      for (const [width, buyer] of [
        [1280, DEMO_USERS[6]!],
        [375, DEMO_USERS[7]!],
      ] as const) {
        const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: width });
        await signInThroughApi(page.request, buyer);
        await page.goto(`/resources/${titleUrl}`);
        const payWithPayPal = page.getByRole('button', { name: 'Pay with PayPal' });
        await payWithPayPal.waitFor({ timeout: STEP_TIMEOUT_MS });
        await page.getByRole('button', { name: /^Buy for/u }).waitFor();
        await shootWithinWidth(page, SHOTS_DIR, 'detail-paypal');

        // Cancel on the approval page: back to the post with the Failure modal.
        await payWithPayPal.click();
        const approval = page.getByRole('heading', { name: 'Pay with PayPal (sandbox)' });
        await approval.waitFor({ timeout: STEP_TIMEOUT_MS });
        await page.getByText('9.50 USD').waitFor();
        await shootWithinWidth(page, SHOTS_DIR, 'sandbox-approval');
        await page.getByRole('link', { name: '← Cancel and return to Tessera' }).click();
        const failure = page.getByRole('dialog', { name: COMMERCE_MESSAGES.purchaseFailureTitle });
        await failure.getByText(COMMERCE_MESSAGES.purchaseFailureText).waitFor({ timeout: STEP_TIMEOUT_MS });
        await shootWithinWidth(page, SHOTS_DIR, 'detail-paypal-failure');
        await failure.getByRole('button', { name: 'Close' }).last().click();

        // A card declined at capture: the flow restarts at the approval page; approving again pays.
        await payWithPayPal.click();
        await page.getByRole('button', { name: 'Approve with a card that will be declined' }).click({ timeout: STEP_TIMEOUT_MS });
        await approval.waitFor({ timeout: STEP_TIMEOUT_MS });
        await page.getByRole('button', { name: 'Approve payment' }).click();
        const completed = page.getByRole('dialog', { name: COMMERCE_MESSAGES.purchaseCompletedTitle });
        await completed.getByText(COMMERCE_MESSAGES.purchaseCompletedText).waitFor({ timeout: STEP_TIMEOUT_MS });
        await shootWithinWidth(page, SHOTS_DIR, 'detail-paypal-completed');
        await completed.getByRole('button', { name: 'Close' }).last().click();
        await page.getByRole('link', { name: /See it/u }).waitFor({ timeout: STEP_TIMEOUT_MS });
        await expect.poll(() => payWithPayPal.count()).toBe(0);
        expect(unexpected(consoleErrors)).toEqual([]);
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
  it(
    'tells a buyer who approves the payment of a post deleted meanwhile that nothing was charged, and captures nothing',
    async () => {
      const post = await publishPaidPost(`${TITLE} deleted`);
      const { page, consoleErrors, close } = await environment.openPage();
      const buyer = DEMO_USERS[8]!;
      await signInThroughApi(page.request, buyer);
      await page.goto(`/resources/${post.titleUrl}`);
      await page.getByRole('button', { name: 'Pay with PayPal' }).click({ timeout: STEP_TIMEOUT_MS });
      await page.getByRole('heading', { name: 'Pay with PayPal (sandbox)' }).waitFor({ timeout: STEP_TIMEOUT_MS });

      const seller = await environment.openPage();
      await signInThroughApi(seller.page.request, SELLER);
      expect((await seller.page.request.put(`/api/resources/delete/${post._id}`)).status()).toBe(200);
      await seller.close();

      await page.getByRole('button', { name: 'Approve payment' }).click();
      await page.getByRole('heading', { level: 1, name: COMMERCE_MESSAGES.paypalPostGoneTitle }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByText(COMMERCE_MESSAGES.paypalPostGoneText).waitFor();
      expect(new URL(page.url()).searchParams.get('paypal')).toBe('1');
      await shootWithinWidth(page, SHOTS_DIR, 'detail-paypal-post-gone');
      const admin = await environment.openPage();
      await signInThroughApi(admin.page.request, DEMO_ADMIN_USERNAME);
      expect(await (await admin.page.request.get(`/api/admin/resources/${post._id}/purchases`)).json()).toEqual({ purchases: [] });
      await admin.close();
      expect(unexpected(consoleErrors)).toEqual([]);
      await close();
    },
    FLOW_TIMEOUT_MS,
  );
});
