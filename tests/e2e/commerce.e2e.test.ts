import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cataloguePlan, DEMO_ADMIN_USERNAME, DEMO_CATALOGUE } from '../../src/composition/demo-catalogue.js';
import { COMMERCE_MESSAGES } from '../../src/domain/commerce/messages.js';
import { CARD_MINIMUM_CHARGE, formatMoney } from '../../src/domain/commerce/money.js';
import {
  holdRequests,
  layoutShiftSince,
  recordLayoutShifts,
  shootWithinWidth,
  signInThroughApi,
  startE2eEnvironment,
  type E2eEnvironment,
} from './harness.js';
import { TEST_DEMO_PASSWORD } from '../fixtures/demo-password.js';

/** Demo users are verified; two of them sell and buy here. */
const DEMO_USERS = cataloguePlan(DEMO_CATALOGUE).users.map((user) => user.username);
const SELLER = DEMO_USERS[3]!;
const BUYER = DEMO_USERS[4]!;
const TITLE = `E2E paid tracker ${Date.now().toString(36)}`;
const SHOTS_DIR = '/tmp/commerce-shots';
const WIDTHS = [1280, 375] as const;
/** Waits that involve the server, the projections and a page load; a loaded machine needs the margin. */
const STEP_TIMEOUT_MS = 30_000;
const FLOW_TIMEOUT_MS = 240_000;

/** A refused request on purpose (a declined card is a 402, the decode check a 403) is logged by the browser; anything else is a fault. */
function unexpected(consoleErrors: string[]): string[] {
  return consoleErrors.filter(
    (line) => !/Failed to load resource: the server responded with a status of (400|401|402|403|404)\b/u.test(line),
  );
}

describe('buying and selling in the browser (sandbox payments)', () => {
  let environment: E2eEnvironment;
  let titleUrl = '';
  let resourceId = '';

  beforeAll(async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    environment = await startE2eEnvironment();
  });

  afterAll(async () => {
    await environment?.stop();
  });

  it(
    'onboards a seller in the sandbox: half done (restricted), then complete (connected)',
    async () => {
      const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 1280 });
      await signInThroughApi(page.request, SELLER);
      await page.goto('/account#settings-tabs-tab-payments');
      const tab = page.getByRole('region', { name: 'Payout account' });
      // A demo seller of paid posts starts connected: disconnect first, which asks for confirmation.
      const connect = tab.getByRole('button', { name: 'Connect to Stripe' });
      const disconnect = tab.getByRole('button', { name: 'Disconnect' });
      await expect.poll(async () => (await connect.isVisible()) || (await disconnect.isVisible()), { timeout: STEP_TIMEOUT_MS }).toBe(true);
      if (await disconnect.isVisible()) {
        await disconnect.click();
        await page.getByRole('dialog', { name: 'Disconnect your payout account?' }).getByRole('button', { name: 'Disconnect' }).click();
      }
      await connect.waitFor({ timeout: STEP_TIMEOUT_MS });
      await shootWithinWidth(page, SHOTS_DIR, 'payments-not-connected');
      await connect.click();

      // The sandbox's hosted onboarding page; leave it half done.
      await page.getByRole('heading', { name: 'Set up payouts' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await shootWithinWidth(page, SHOTS_DIR, 'sandbox-onboarding');
      await page.getByRole('button', { name: 'Save and finish later' }).click();
      await tab.getByText('Restricted').waitFor({ timeout: STEP_TIMEOUT_MS });
      await tab.getByRole('button', { name: 'Start Fresh' }).waitFor();
      await shootWithinWidth(page, SHOTS_DIR, 'payments-restricted');
      await page.setViewportSize({ width: 375, height: 800 });
      await shootWithinWidth(page, SHOTS_DIR, 'payments-restricted');
      await page.setViewportSize({ width: 1280, height: 800 });

      await tab.getByRole('button', { name: 'Continue Onboarding' }).click();
      await page.getByRole('button', { name: 'Submit and finish' }).click();
      await tab.getByText('Stripe Connected').waitFor({ timeout: STEP_TIMEOUT_MS });
      await tab.getByRole('button', { name: 'Disconnect' }).waitFor();
      await shootWithinWidth(page, SHOTS_DIR, 'payments-connected');
      await page.setViewportSize({ width: 375, height: 800 });
      await shootWithinWidth(page, SHOTS_DIR, 'payments-connected');
      expect(unexpected(consoleErrors)).toEqual([]);
      await close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'sets a price on /create (at most 249) and an admin approves the post',
    async () => {
      const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 1280 });
      await signInThroughApi(page.request, SELLER);
      await page.goto('/create');
      const tour = page.getByRole('dialog', { name: /./u }).getByRole('button', { name: 'Skip' });
      if (await tour.isVisible().catch(() => false)) await tour.click();
      await page.getByLabel('URL', { exact: true }).fill('https://www.example.com/paid-tracker');
      await page.getByLabel('Type', { exact: true }).selectOption('productivity');
      await page.getByLabel('App', { exact: true }).selectOption('notion');
      await page.getByLabel('Title', { exact: true }).fill(TITLE);
      await page.getByLabel('Preview description', { exact: true }).fill('Track paid invoices in one page.');
      await page.getByLabel('Full details', { exact: true }).fill('Duplicate it, then add your invoices.');
      const price = page.getByLabel('Price (USD)', { exact: true });
      await expect.poll(() => price.isEnabled(), { timeout: STEP_TIMEOUT_MS }).toBe(true);
      await price.fill('300');
      await page.getByText(COMMERCE_MESSAGES.priceInputMax).waitFor();
      // Allowed, but below what a card can be charged: the seller learns their buyers pay with PayPal.
      await price.fill('0.49');
      await page.getByText(COMMERCE_MESSAGES.belowCardMinimumHint(formatMoney(CARD_MINIMUM_CHARGE))).waitFor();
      await shootWithinWidth(page, SHOTS_DIR, 'create-price-paypal-only');
      await price.fill('12.50');
      await shootWithinWidth(page, SHOTS_DIR, 'create-price');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.waitForURL(/\/resources\//u, { timeout: STEP_TIMEOUT_MS });
      titleUrl = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      const detail = (await (await page.request.get(`/api/resources/${titleUrl}`)).json()) as { data: { _id: string; price: number } };
      resourceId = detail.data._id;
      expect(detail.data.price).toBe(12.5);
      expect(unexpected(consoleErrors)).toEqual([]);
      await close();

      const admin = await environment.openPage();
      await signInThroughApi(admin.page.request, DEMO_ADMIN_USERNAME);
      const approved = await admin.page.request.put('/api/admin/resources/update', { data: { _id: resourceId, status: 'live' } });
      expect(approved.status()).toBe(200);
      await admin.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'declines 4000 0000 0000 0002 (Failure), then buys with 4242 4242 4242 4242 (Purchase Completed)',
    async () => {
      for (const width of WIDTHS) {
        const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: width });
        await signInThroughApi(page.request, width === 1280 ? BUYER : DEMO_USERS[5]!);
        await page.goto(`/resources/${titleUrl}`);
        if (width === 1280) {
          // The display currency: converted with the shipped rates, charged in USD, remembered after a reload.
          await page.getByLabel('Show the price in').selectOption('EUR');
          await page.getByText('≈ €11.50').waitFor({ timeout: STEP_TIMEOUT_MS });
          await page.reload();
          await page.getByText('≈ €11.50').waitFor({ timeout: STEP_TIMEOUT_MS });
        }
        await shootWithinWidth(page, SHOTS_DIR, 'detail-buy');
        await page.getByRole('button', { name: /^Buy for \$ 12\.50$/u }).click();

        await page.getByLabel('Card number').waitFor({ timeout: STEP_TIMEOUT_MS });
        await shootWithinWidth(page, SHOTS_DIR, 'sandbox-checkout');
        await page.getByLabel('Card number').fill('4000 0000 0000 0002');
        await page.getByLabel('Expiry').fill('12 / 34');
        await page.getByLabel('CVC').fill('123');
        await page.getByRole('button', { name: /^Pay/u }).click();
        await page.getByText('Your card was declined.').waitFor({ timeout: STEP_TIMEOUT_MS });
        await page.getByRole('link', { name: '← Back to Tessera' }).click();
        const failure = page.getByRole('dialog', { name: COMMERCE_MESSAGES.purchaseFailureTitle });
        await failure.getByText(COMMERCE_MESSAGES.purchaseFailureText).waitFor({ timeout: STEP_TIMEOUT_MS });
        await shootWithinWidth(page, SHOTS_DIR, 'detail-failure');
        await failure.getByRole('button', { name: 'Close' }).last().click();

        await page.getByRole('button', { name: /^Buy for/u }).click();
        await page.getByLabel('Card number').fill('4242 4242 4242 4242');
        await page.getByLabel('Expiry').fill('12 / 34');
        await page.getByLabel('CVC').fill('123');
        await page.getByRole('button', { name: /^Pay/u }).click();
        const completed = page.getByRole('dialog', { name: COMMERCE_MESSAGES.purchaseCompletedTitle });
        await completed.getByText(COMMERCE_MESSAGES.purchaseCompletedText).waitFor({ timeout: STEP_TIMEOUT_MS });
        // A link to the bought template, opened in a new tab by the click itself (not a reload of this page).
        const goToLink = completed.getByRole('link', { name: COMMERCE_MESSAGES.goToResourceLink });
        await goToLink.waitFor({ timeout: STEP_TIMEOUT_MS });
        expect(await goToLink.getAttribute('href')).toBe('https://www.example.com/paid-tracker');
        expect(await goToLink.getAttribute('target')).toBe('_blank');
        await shootWithinWidth(page, SHOTS_DIR, 'detail-completed');
        await completed
          .getByRole('button', { name: 'Close' })
          .last()
          .click()
          .catch(() => page.keyboard.press('Escape'));
        await page.getByText('Purchased', { exact: true }).first().waitFor();
        await page.getByRole('link', { name: /See it/u }).waitFor();

        await page.goto('/purchased-posts');
        await page.getByRole('heading', { name: /Purchased Resources/u }).waitFor({ timeout: STEP_TIMEOUT_MS });
        await page.getByRole('link', { name: TITLE }).first().waitFor();
        await shootWithinWidth(page, SHOTS_DIR, 'purchased-posts');
        expect(unexpected(consoleErrors)).toEqual([]);
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'sends a buyer back from checkout without a session to sign in, then on to the result',
    async () => {
      const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 1280 });
      const returnPath = `/success?resourceid=${resourceId}&sessionid=cs_returning`;
      await page.goto(returnPath);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: STEP_TIMEOUT_MS });
      expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe(returnPath);
      await page.getByLabel('Username or email').fill(BUYER);
      await page.getByLabel('Password', { exact: true }).fill(TEST_DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('dialog', { name: COMMERCE_MESSAGES.purchaseCompletedTitle }).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(unexpected(consoleErrors)).toEqual([]);
      await close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'tells a buyer whose post was deleted while they paid that it was removed and their payment is refunded',
    async () => {
      const seller = await environment.openPage();
      await signInThroughApi(seller.page.request, SELLER);
      const created = await seller.page.request.post('/api/resources', {
        data: {
          type: 'productivity',
          platform: 'notion',
          title: `${TITLE} gone`,
          description: 'Soon removed.',
          url: 'https://www.example.com/gone',
          instructions: 'None.',
          tags: ['Gone'],
          images: [],
          price: 5,
        },
      });
      expect(created.status()).toBe(201);
      const gone = ((await created.json()) as { resource: { _id: string; titleUrl: string } }).resource;
      const admin = await environment.openPage();
      await signInThroughApi(admin.page.request, DEMO_ADMIN_USERNAME);
      expect((await admin.page.request.put('/api/admin/resources/update', { data: { _id: gone._id, status: 'live' } })).status()).toBe(200);
      await admin.close();

      const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
      await signInThroughApi(page.request, DEMO_USERS[6]!);
      await page.goto(`/resources/${gone.titleUrl}`);
      await page.getByRole('button', { name: /^Buy for/u }).click();
      await page.getByLabel('Card number').waitFor({ timeout: STEP_TIMEOUT_MS });
      // The seller deletes the post while the buyer is on the payment page.
      expect((await seller.page.request.put(`/api/resources/delete/${gone._id}`, { data: {} })).status()).toBe(200);
      await seller.close();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Pay/u }).click();
      const removed = page.getByRole('alert').filter({ hasText: COMMERCE_MESSAGES.postRemovedTitle });
      await removed.getByText(COMMERCE_MESSAGES.postRemovedText).waitFor({ timeout: STEP_TIMEOUT_MS });
      await shootWithinWidth(page, SHOTS_DIR, 'success-post-removed');
      expect(unexpected(consoleErrors)).toEqual([]);
      await close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "shows the seller's sales with the chart, and an admin's refund takes the purchase back",
    async () => {
      for (const width of WIDTHS) {
        const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: width });
        await signInThroughApi(page.request, SELLER);
        await recordLayoutShifts(page);
        // Held back, the sales come into the frame the page shows meanwhile: nothing on screen moves.
        const releaseSales = await holdRequests(page, '**/api/users/sales-data');
        await page.goto('/sales');
        await page.getByText('Loading your sales…').waitFor({ state: 'attached' });
        const releasedAt = await page.evaluate(() => performance.now());
        releaseSales();
        await page.getByRole('heading', { name: 'Insights' }).waitFor({ timeout: STEP_TIMEOUT_MS });
        await page.locator('.sales-chart canvas').waitFor();
        await page.getByText(TITLE).first().waitFor();
        expect(await layoutShiftSince(page, releasedAt), `at ${width} px`).toBeLessThan(0.01);
        await shootWithinWidth(page, SHOTS_DIR, 'sales');
        // The statement loads when opened: this month's sale, its fee line and the CSV link.
        await page.getByRole('button', { name: 'Show Statement' }).click();
        const statement = page.locator('.sales-statement__lines');
        await statement
          .getByRole('row')
          .filter({ hasText: TITLE })
          .filter({ hasText: 'Sale' })
          .first()
          .waitFor({ timeout: STEP_TIMEOUT_MS });
        await statement.getByText('Platform fee').first().waitFor();
        await page.getByRole('link', { name: 'Download CSV' }).waitFor();
        await shootWithinWidth(page, SHOTS_DIR, 'sales-statement');
        expect(unexpected(consoleErrors)).toEqual([]);
        await close();
      }

      const admin = await environment.openPage({ viewportWidth: 1280 });
      await signInThroughApi(admin.page.request, DEMO_ADMIN_USERNAME);
      await admin.page.goto('/admin');
      await admin.page.getByRole('tab', { name: 'Resource management' }).click();
      const row = admin.page.getByRole('listitem').filter({ hasText: TITLE });
      await row.getByRole('button', { name: 'Refunds' }).click({ timeout: STEP_TIMEOUT_MS });
      const dialog = admin.page.getByRole('dialog', { name: `Purchases of "${TITLE}"` });
      const refundButton = dialog.getByRole('listitem').filter({ hasText: BUYER }).getByRole('button', { name: 'Refund' });
      await refundButton.waitFor();
      // Another admin refunds it while this list is open: the refused click shows the list as it now is.
      const { purchases } = (await (await admin.page.request.get(`/api/admin/resources/${resourceId}/purchases`)).json()) as {
        purchases: { buyerId: string; buyerUsername: string }[];
      };
      const refundedElsewhere = await admin.page.request.post('/api/refund', {
        data: { data: { _id: resourceId }, buyerId: purchases.find((purchase) => purchase.buyerUsername === BUYER)!.buyerId },
      });
      expect(refundedElsewhere.status()).toBe(200);
      // Confirmed in the portal's own dialog, not the browser's confirm().
      admin.page.once('dialog', (native) => void native.dismiss());
      await refundButton.click();
      const confirmRefund = admin.page.getByRole('dialog', { name: 'Refund this purchase?' });
      await confirmRefund.getByText(`Refund ${BUYER} $12.50`).waitFor({ timeout: STEP_TIMEOUT_MS });
      await confirmRefund.getByRole('button', { name: 'Refund' }).click();
      await admin.page.getByText(COMMERCE_MESSAGES.alreadyRefunded).waitFor({ timeout: STEP_TIMEOUT_MS });
      await dialog.getByRole('listitem').filter({ hasText: BUYER }).getByText('Refunded').waitFor({ timeout: STEP_TIMEOUT_MS });
      await shootWithinWidth(admin.page, SHOTS_DIR, 'admin-refund');
      await admin.close();

      const buyer = await environment.openPage({ viewportWidth: 1280 });
      await signInThroughApi(buyer.page.request, BUYER);
      await buyer.page.goto('/purchased-posts');
      await buyer.page.getByText(COMMERCE_MESSAGES.noPurchases).waitFor({ timeout: STEP_TIMEOUT_MS });
      const decoded = await buyer.page.request.get(`/api/decode-link/${resourceId}`);
      expect(decoded.status()).toBe(403);
      await buyer.close();
    },
    FLOW_TIMEOUT_MS,
  );
});
