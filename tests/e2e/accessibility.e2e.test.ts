/**
 * axe in Chromium over every page the browser suites visit, at a desktop and a phone width, signed
 * out, as a member and as an admin: no serious or critical violation, no skipped heading level, and
 * no control whose accessible name leaves out the text it shows (label-in-name, an experimental
 * rule that axe runs only when asked). Also what axe cannot see: Tab stays inside an open dialog,
 * and the help bubble covers neither the footer's credit nor the carousel's arrow.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';

import { DEMO_ADMIN_USERNAME } from '../../src/composition/demo-catalogue.js';
import { APPS, TOPICS } from '../../src/domain/catalogue/taxonomy.js';
import type { ResourceView } from '../../src/domain/catalogue/resource-view.js';
import { appPath, topicPath } from '../../src/web/lib/paths.js';
import { COOKIE_CONSENT } from '../../src/web/lib/shell-constants.js';
import { signInThroughApi, startE2eEnvironment, type E2eEnvironment, type RecordedPage } from './harness.js';

const WIDTHS = [1280, 375] as const;
/** Some 30 pages at two widths, axe taking seconds on each on a loaded machine. */
const AUDIT_TIMEOUT_MS = 900_000;
/** Besides every serious and critical finding: a skipped heading level is moderate to axe, and still refused here. */
const ALSO_REFUSED = new Set(['heading-order']);
/** The admin portal's tabs (admin-sections.tsx), each checked with its panel open. */
const ADMIN_TABS = [
  'Review queue',
  'User management',
  'Resource management',
  'Price requests',
  'Homepage lists',
  'Site analytics',
  'KPIs',
  'Template funnel',
  'Feedback and chats',
  'Bulk import',
  'Validate and keywords',
  'Mass e-mail',
];

interface Finding {
  page: string;
  width: number;
  rule: string;
  impact: string;
  nodes: number;
  example: string;
}

/**
 * Label-in-name. A control that shows only a number (a like count) and is named otherwise gets "needs
 * review" from axe, not a pass: those are refused here. Symbols ("?", "›") are exempt, as WCAG has it.
 */
const LABEL_IN_NAME = 'label-content-name-mismatch';
const showsNumber = (node: { html: string }) => /\d/u.test(node.html.replaceAll(/<[^>]*>/gu, ''));

/** The findings axe refuses on the page as it stands. */
async function refusedFindings(page: Page, label: string): Promise<Finding[]> {
  // axe.run in the page itself (the legacy mode): the default opens a blank page for every check to
  // merge each frame's results there, and our pages have no frames. The same results, in 0.4 to 0.55
  // of the time (8 pages checked both ways in turn on the loaded 2-core machine).
  const results = await new AxeBuilder({ page })
    .options({ rules: { [LABEL_IN_NAME]: { enabled: true } } })
    .setLegacyMode()
    .analyze();
  const width = page.viewportSize()!.width;
  const numbersNamedOtherwise = results.incomplete
    .filter((review) => review.id === LABEL_IN_NAME)
    .map((review) => ({ ...review, nodes: review.nodes.filter(showsNumber) }));
  return [...results.violations, ...numbersNamedOtherwise]
    .filter((violation) => violation.nodes.length > 0)
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || ALSO_REFUSED.has(violation.id))
    .map((violation) => ({
      page: label,
      width,
      rule: violation.id,
      impact: violation.impact ?? '',
      nodes: violation.nodes.length,
      example: violation.nodes[0]?.html.slice(0, 160) ?? '',
    }));
}

/**
 * The page as it stands once its lists have loaded (no skeleton left). `expect` is the running test's:
 * the audits run side by side, and expect.poll needs to know which test it waits for.
 */
async function auditLoaded(page: Page, label: string, expect: ExpectStatic): Promise<Finding[]> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  const found = await refusedFindings(page, label);
  // Each page's count as it is found, so a run that stops half-way still tells what it saw.
  console.log(
    `${label} @${page.viewportSize()!.width}: ${found.map((finding) => `${finding.rule} ×${finding.nodes}`).join(', ') || 'clean'}`,
  );
  return found;
}

/** The page at `path` at each width. */
async function auditAtWidths(page: Page, path: string, expect: ExpectStatic): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    findings.push(...(await auditLoaded(page, path, expect)));
  }
  return findings;
}

function summary(findings: Finding[]): string {
  const byPage = new Map<string, number>();
  for (const finding of findings) {
    const key = `${finding.page} @${finding.width}`;
    byPage.set(key, (byPage.get(key) ?? 0) + finding.nodes);
  }
  return [...byPage].map(([key, nodes]) => `${key}: ${nodes}`).join('\n');
}

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('accessibility (axe in Chromium)', () => {
  let environment: E2eEnvironment;
  let post: ResourceView;
  /** A demo member who sells paid posts: their sales and purchases pages have something on them. */
  let seller: string;

  beforeAll(async () => {
    environment = await startE2eEnvironment();
    const { data } = (await (await fetch(`${environment.baseUrl}/api/resources/toprated`)).json()) as { data: ResourceView[] };
    post = data.find((resource) => resource.author.username !== DEMO_ADMIN_USERNAME)!;
    seller = (data.find((resource) => resource.price > 0 && resource.author.username !== DEMO_ADMIN_USERNAME) ?? post).author.username;
  });

  afterAll(async () => {
    await environment?.stop();
  });

  async function withPage(run: (page: Page) => Promise<void>, signInAs?: string): Promise<void> {
    const recorded: RecordedPage = await environment.openPage();
    try {
      if (signInAs !== undefined) await signInThroughApi(recorded.page.request, signInAs);
      await run(recorded.page);
    } finally {
      await recorded.close();
    }
  }

  /** The catalogue's pages, as a visitor browses it. */
  const cataloguePages = () => [
    '/',
    '/search',
    '/search?q=planner',
    `/resources/${post.titleUrl}`,
    '/topics',
    topicPath(TOPICS[0]!.name),
    '/apps',
    appPath(APPS[0]!.name),
    '/explore',
    `/users/${post.author.username}`,
    '/sellers',
  ];
  /** The other pages a visitor reaches: help, legal, the generator, a missing page, signing in. */
  const visitorPages = [
    '/getstarted',
    '/blogs',
    '/contact-us',
    '/terms-of-service',
    '/cookie-policy',
    '/generate',
    '/no/such/page',
    '/login',
    '/signup',
    '/forgot-password',
  ];

  // The audits run side by side, each in its own browser context: while one page loads, another is checked.
  it.concurrent(
    'finds nothing serious on the catalogue’s pages signed out',
    async ({ expect }) => {
      const findings: Finding[] = [];
      await withPage(async (page) => {
        for (const path of cataloguePages()) findings.push(...(await auditAtWidths(page, path, expect)));
      });
      console.log(`signed out, catalogue, refused nodes per page:\n${summary(findings) || 'none'}`);
      expect(findings).toEqual([]);
    },
    AUDIT_TIMEOUT_MS,
  );

  it.concurrent(
    'finds nothing serious on the other pages signed out',
    async ({ expect }) => {
      const findings: Finding[] = [];
      await withPage(async (page) => {
        for (const path of visitorPages) findings.push(...(await auditAtWidths(page, path, expect)));
      });
      console.log(`signed out, other pages, refused nodes per page:\n${summary(findings) || 'none'}`);
      expect(findings).toEqual([]);
    },
    AUDIT_TIMEOUT_MS,
  );

  it.concurrent(
    'finds nothing serious on the pages signed in as a member',
    async ({ expect }) => {
      const findings: Finding[] = [];
      await withPage(async (page) => {
        // The public pages that change for a member (their likes, saves, purchases, own profile), then their own pages.
        const memberPages = ['/', '/search', `/resources/${post.titleUrl}`, '/generate', `/users/${seller}`];
        const ownPages = ['/create', '/account', '/saved-posts', '/shared-posts', '/purchased-posts', '/sales'];
        for (const path of [...memberPages, ...ownPages]) findings.push(...(await auditAtWidths(page, path, expect)));
      }, seller);
      console.log(`member, refused nodes per page:\n${summary(findings) || 'none'}`);
      expect(findings).toEqual([]);
    },
    AUDIT_TIMEOUT_MS,
  );

  it.concurrent(
    'finds nothing serious in the admin portal',
    async ({ expect }) => {
      const findings: Finding[] = [];
      await withPage(async (page) => {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto('/admin');
          for (const tab of ADMIN_TABS) {
            await page.getByRole('tab', { name: tab, exact: true }).click();
            findings.push(...(await auditLoaded(page, `/admin ${tab}`, expect)));
          }
        }
      }, DEMO_ADMIN_USERNAME);
      console.log(`admin, refused nodes per page:\n${summary(findings) || 'none'}`);
      expect(findings).toEqual([]);
    },
    AUDIT_TIMEOUT_MS,
  );

  it('keeps Tab and Shift+Tab inside an open dialog', async () => {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 375, height: 900 });
      await page.goto('/');
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor();
      const focusInDialog = () => page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);
      const focusable = await dialog.locator('a[href], button:not([disabled]), input:not([disabled])').count();
      for (let step = 0; step <= focusable; step += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInDialog()).toBe(true);
      }
      for (let step = 0; step <= focusable; step += 1) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInDialog()).toBe(true);
      }
    });
  });

  it('keeps the help bubble off the footer’s credit and the carousel’s arrows', async () => {
    await withPage(async (page) => {
      // Once the cookie choice is made its bar is gone, and the page's end is the footer's credit line.
      await page.context().addCookies([{ name: COOKIE_CONSENT.cookieName, value: COOKIE_CONSENT.essentials, url: environment.baseUrl }]);
      const bubble = page.getByRole('button', { name: 'Help and feedback' });
      const credit = page.locator('.site-footer__legal a');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/');
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect.poll(async () => `${width} px: ${overlaps(await boxOf(bubble), await boxOf(credit))}`).toBe(`${width} px: false`);
      }

      // The bubble is fixed at the right edge: an arrow in the same column passes under it whenever the page scrolls by.
      await page.setViewportSize({ width: 375, height: 900 });
      await page.goto('/topics');
      const arrows = page.locator('.carousel__arrow');
      expect(await arrows.count()).toBeGreaterThan(0);
      const bubbleBox = await boxOf(bubble);
      for (const arrow of await arrows.all()) {
        const arrowBox = await boxOf(arrow);
        expect(arrowBox.x + arrowBox.width <= bubbleBox.x || arrowBox.x >= bubbleBox.x + bubbleBox.width).toBe(true);
      }
    });
  });
});
