import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ADMIN_USERNAME } from '../../src/composition/demo-catalogue.js';
import { ACCOUNT_MESSAGES } from '../../src/domain/accounts/rules.js';
import { MEMBER_MESSAGE_TEXTS, OUTREACH_MESSAGES } from '../../src/domain/outreach/rules.js';
import { holdRequests, shootWithinWidth, startE2eEnvironment, waitForApp, type E2eEnvironment } from './harness.js';
import { TEST_DEMO_PASSWORD } from '../fixtures/demo-password.js';

/** One person goes through the whole account life cycle; the tests run in order and share them. */
const USERNAME = `e2e${Date.now().toString(36)}`;
const SHOTS_DIR = '/tmp/accounts-shots';
const EMAIL = `${USERNAME}@example.com`;
const PASSWORD = TEST_DEMO_PASSWORD;
const FIRST_NAME = 'Ada';
const LAST_NAME = 'Tester';
const FAVOURITE_APPS = ['Notion', 'Zapier', 'Canva', 'Figma', 'Trello'];

/**
 * The browser reports every refused request as a console error (a signed-out page asks who is signed in and gets a 401;
 * a wrong code is a 400). Those are answers the pages handle; anything else on the console is a fault.
 */
function unexpected(consoleErrors: string[]): string[] {
  return consoleErrors.filter((line) => !/Failed to load resource: the server responded with a status of (400|401)\b/u.test(line));
}

interface MailboxAnswer {
  messages: { to: string; subject: string; text: string; sentAt: string }[];
}

async function latestCodeMailedTo(baseUrl: string, address: string): Promise<string> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(address)}`);
  const { messages } = (await response.json()) as MailboxAnswer;
  for (const message of messages) {
    const code = /\b(\d{6})\b/u.exec(message.text)?.[1];
    if (code !== undefined) return code;
  }
  throw new Error(`No verification code was mailed to ${address}: ${JSON.stringify(messages.map((message) => message.subject))}`);
}

/** The path and query of the first link to `path` mailed to `address`. */
async function latestLinkMailedTo(baseUrl: string, address: string, path: string): Promise<string> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(address)}`);
  const { messages } = (await response.json()) as MailboxAnswer;
  for (const message of messages) {
    const mailedUrl = /https?:\/\/\S+/u.exec(message.text)?.[0];
    const link = mailedUrl === undefined ? null : new URL(mailedUrl);
    if (link?.pathname === path) return `${link.pathname}${link.search}`;
  }
  throw new Error(`No ${path} link was mailed to ${address}: ${JSON.stringify(messages.map((message) => message.subject))}`);
}

async function fieldMessage(page: Page, label: string | RegExp): Promise<string> {
  const input = page.getByLabel(label, { exact: true });
  const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    describedBy
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' | ');
}

describe('accounts in the browser', () => {
  let environment: E2eEnvironment;

  beforeAll(async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    environment = await startE2eEnvironment();
  });

  afterAll(async () => {
    await environment?.stop();
  });

  it('signs up through the form, with the rule messages on the way, and lands on onboarding', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await page.goto('/signup');
    const join = page.getByRole('button', { name: 'Join for Free' });

    await page.getByLabel('Username', { exact: true }).fill('Ab');
    await expect.poll(() => fieldMessage(page, 'Username')).toContain('Username must be at least 3 characters long.');

    await page.getByLabel('Username', { exact: true }).fill(USERNAME);
    await expect.poll(() => fieldMessage(page, 'Username')).toContain(`${USERNAME} is available!`);

    const email = page.getByRole('combobox', { name: 'Email' });
    await email.fill(`${USERNAME}@gm`);
    await page.getByRole('option', { name: `${USERNAME}@gmail.com` }).waitFor();
    await email.press('ArrowDown');
    await email.press('Enter');
    expect(await email.inputValue()).toBe(`${USERNAME}@gmail.com`);
    await email.fill('not-an-address');
    await email.blur();
    await expect.poll(() => fieldMessage(page, 'Email')).toContain('This does not resemble a valid email address');
    await email.fill(EMAIL);

    const password = page.getByLabel('Password', { exact: true });
    for (const [typed, message] of [
      ['short1!', 'Password must be 8 characters long'],
      ['password123', 'Password should contain a number and a special character'],
      ['has space1!', 'Password cannot be empty or contain spaces'],
    ] as const) {
      await password.fill(typed);
      await expect.poll(() => fieldMessage(page, 'Password')).toContain(message);
      expect(await join.isDisabled()).toBe(true);
    }
    await password.fill(PASSWORD);
    expect(await fieldMessage(page, 'Password')).toBe('');
    expect(await join.isDisabled()).toBe(true);

    await page.getByLabel(/I agree to the/u).check();
    await expect.poll(() => join.isEnabled()).toBe(true);
    await join.click();

    await page.waitForURL('**/onboarding');
    await page.getByRole('heading', { name: 'Complete your Profile' }).waitFor();
    await close();
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it('completes onboarding, then the welcome modal on the first /account visit, then verifies with the mailed code', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await logIn(page, `/login?redirectUrl=${encodeURIComponent('/onboarding')}`);
    await page.waitForURL('**/onboarding');

    await page.getByRole('button', { name: 'Save & Start Exploring' }).click();
    await expect.poll(() => fieldMessage(page, 'First name')).toContain(ACCOUNT_MESSAGES.firstNameRequired);
    await page.getByLabel('First name').fill(FIRST_NAME);
    await page.getByLabel('Last name').fill(LAST_NAME);
    await page.getByRole('button', { name: 'Save & Start Exploring' }).click();
    await page.waitForURL('**/account');

    // The sign-up set the welcome-modal cookie in the browser that joined; this one sets it the same way.
    await page.evaluate(() => {
      document.cookie = 'showWelcomeModal=true; Path=/';
    });
    await page.reload();
    // Spec 2: the welcome modal opens on the first visit after joining, before the member has verified.
    const welcome = page.getByRole('dialog', { name: ACCOUNT_MESSAGES.welcomeAppsTitle });
    await welcome.waitFor();
    const next = welcome.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    for (const app of FAVOURITE_APPS) await welcome.getByLabel(app, { exact: true }).check();
    expect(await welcome.getByLabel('Miro', { exact: true }).isDisabled()).toBe(true);
    await next.click();
    const creatorStep = page.getByRole('dialog', { name: 'Do you create templates?' });
    const finish = creatorStep.getByRole('button', { name: 'Finish' });
    expect(await finish.isDisabled()).toBe(true);
    await creatorStep.getByLabel('Yes, I create templates').check();
    await finish.click();
    await creatorStep.waitFor({ state: 'hidden' });

    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.getByRole('button', { name: 'Verify' }).click();
    const codeInput = page.getByLabel('Verification code');
    await codeInput.waitFor();
    await codeInput.fill('000000');
    await page.getByRole('button', { name: 'Submit code' }).click();
    await expect.poll(() => fieldMessage(page, 'Verification code')).toMatch(/^Incorrect OTP\. Attempts remaining: \d+$/u);

    await codeInput.fill(await latestCodeMailedTo(environment.baseUrl, EMAIL));
    await page.getByRole('button', { name: 'Submit code' }).click();
    await page.getByText('Verified', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Verify your email' }).count()).toBe(0);
    // Done once: verifying does not bring it back.
    expect(await welcome.count()).toBe(0);
    const profileApps = page.getByRole('group', { name: /Favourite apps/u });
    await expect.poll(() => profileApps.getByRole('checkbox', { checked: true }).count()).toBe(5);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/account');
    await page.waitForURL('**/login?redirectUrl=%2Faccount');
    await close();
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it("brings a visitor who joins from a post's Buy prompt back to that post after onboarding", async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    const search = (await (await page.request.get('/api/resources/search?q=')).json()) as { data: { titleUrl: string; price: number }[] };
    const paid = search.data.find((resource) => resource.price > 0);
    if (!paid) throw new Error('The demo catalogue has no paid post on its first search page');
    const postPath = `/resources/${paid.titleUrl}`;
    await page.goto(postPath);
    await page.getByRole('button', { name: /^Buy for/u }).click();
    const prompt = page.getByRole('dialog', { name: 'Join the Tessera community' });
    await prompt.getByRole('link', { name: 'Join Free' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');

    const username = `${USERNAME}b`;
    await page.getByLabel('Username', { exact: true }).fill(username);
    await expect.poll(() => fieldMessage(page, 'Username')).toContain(`${username} is available!`);
    await page.getByRole('combobox', { name: 'Email' }).fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/I agree to the/u).check();
    const join = page.getByRole('button', { name: 'Join for Free' });
    await expect.poll(() => join.isEnabled()).toBe(true);
    await join.click();

    await page.waitForURL((url) => url.pathname === '/onboarding');
    await page.getByLabel('First name').fill(FIRST_NAME);
    await page.getByLabel('Last name').fill(LAST_NAME);
    await page.getByRole('button', { name: 'Save & Start Exploring' }).click();
    await page.waitForURL((url) => url.pathname === postPath);
    await page.getByRole('button', { name: /^Buy for/u }).waitFor();

    // Signed in, the e-mailed verification link does not tell the member to log in.
    await page.evaluate(() => fetch('/api/request-email-verify', { method: 'POST' }));
    const verificationLink = await latestLinkMailedTo(environment.baseUrl, `${username}@example.com`, '/email-verified');
    await page.goto(verificationLink);
    await page.getByRole('heading', { name: ACCOUNT_MESSAGES.emailVerifiedTitle }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'verified' }).textContent()).toBe(ACCOUNT_MESSAGES.emailVerifiedSignedIn);
    await page.getByRole('link', { name: 'Go to your account' }).waitFor();
    await close();
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it('refuses a wrong password with the spec message, then logs in and follows redirectUrl', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await page.goto('/login?redirectUrl=%2Faccount');
    const signIn = page.getByRole('button', { name: 'Sign In' });
    expect(await signIn.isDisabled()).toBe(true);
    await page.getByLabel('Username or email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#password1');
    await signIn.click();
    const error = page.getByRole('dialog', { name: 'Login Error' });
    await error.waitFor();
    expect(await error.textContent()).toContain('Invalid email/password combination.');
    await page.keyboard.press('Escape');
    await error.waitFor({ state: 'hidden' });

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.click();
    await page.waitForURL('**/account');
    await page.getByRole('heading', { level: 1, name: `${FIRST_NAME} ${LAST_NAME}` }).waitFor();

    // Signed in, the login and sign-up pages send the person on.
    await page.goto('/signup');
    await page.waitForURL('**/account');
    await close();
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it('shows the public profile to its owner and to visitors, and says when a user does not exist', async () => {
    const owner = await environment.openPage();
    await logIn(owner.page, `/users/${USERNAME}`);
    await owner.page.waitForURL(`**/users/${USERNAME}`);
    await owner.page.getByRole('heading', { level: 1, name: `${FIRST_NAME} ${LAST_NAME}` }).waitFor();
    // The server renders the page as a visitor sees it; the owner's parts come once the session is known.
    await owner.page.getByText("You haven't uploaded any templates yet.").waitFor();
    expect(await owner.page.getByText("You haven't uploaded any templates yet.").count()).toBe(1);
    expect(await owner.page.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/account');
    await owner.close();

    const visitor = await environment.openPage({ viewportWidth: 375 });
    await visitor.page.goto(`/users/${USERNAME}`);
    await visitor.page.getByRole('heading', { level: 1, name: `${FIRST_NAME} ${LAST_NAME}` }).waitFor();
    expect(await visitor.page.getByText(`@${USERNAME}`).count()).toBe(1);
    expect(await visitor.page.getByText(/^Member since \w+ \d{4}$/u).count()).toBe(1);
    expect(await visitor.page.getByText("This user hasn't created anything yet.").count()).toBe(1);
    expect(await visitor.page.getByRole('link', { name: 'Edit profile' }).count()).toBe(0);

    // The demo admin has templates: a visitor following one is asked to join first.
    await visitor.page.goto('/users/admin');
    await visitor.page.getByText(/^Showing 1 - \d+ of \d+$/u).waitFor();
    expect(await visitor.page.getByText(/^1 of \d+$/u).count()).toBe(1);
    expect(await visitor.page.getByRole('button', { name: 'First' }).isDisabled()).toBe(true);
    await visitor.page.getByRole('article').first().getByRole('heading').getByRole('link').click();
    await visitor.page.getByRole('dialog', { name: 'Join the community' }).waitFor();
    expect(new URL(visitor.page.url()).pathname).toBe('/users/admin');

    await visitor.page.goto('/users/nobody-has-this-name');
    await visitor.page.getByRole('heading', { name: 'This user does not exist' }).waitFor();
    await visitor.close();
    expect(unexpected([...owner.consoleErrors, ...visitor.consoleErrors].filter((line) => !/status of 404/u.test(line)))).toEqual([]);
  });

  it('sends a member a message from their profile, and asks a visitor to log in first', async () => {
    const visitor = await environment.openPage({ viewportWidth: 375 });
    await visitor.page.goto(`/users/${DEMO_ADMIN_USERNAME}`);
    await waitForApp(visitor.page);
    await visitor.page.getByRole('button', { name: MEMBER_MESSAGE_TEXTS.button }).click();
    await visitor.page.getByRole('dialog', { name: /Join the Tessera community/u }).waitFor();
    await visitor.close();

    const { page, consoleErrors, close } = await environment.openPage({ viewportWidth: 375 });
    await logIn(page, `/users/${DEMO_ADMIN_USERNAME}`);
    await page.waitForURL(`**/users/${DEMO_ADMIN_USERNAME}`);
    // The page after signing in is drawn by the server: a click before the app has it would be lost.
    await waitForApp(page);
    await page.getByRole('button', { name: MEMBER_MESSAGE_TEXTS.button }).click();
    const dialog = page.getByRole('dialog', { name: MEMBER_MESSAGE_TEXTS.title(DEMO_ADMIN_USERNAME) });
    await dialog.getByText(MEMBER_MESSAGE_TEXTS.intro(DEMO_ADMIN_USERNAME)).waitFor();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(OUTREACH_MESSAGES.messageRequired).waitFor();
    await dialog.getByLabel('Message').fill('Could your planner work for a team of five?');
    await shootWithinWidth(page, SHOTS_DIR, 'member-message');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('status').getByText(MEMBER_MESSAGE_TEXTS.sent).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Their own profile is drawn before the page knows who they are: it never offers to message themselves.
    const releaseSession = await holdRequests(page, '**/api/auth/session');
    await page.goto(`/users/${USERNAME}`);
    await waitForApp(page);
    expect(await page.getByRole('button', { name: MEMBER_MESSAGE_TEXTS.button }).isVisible()).toBe(false);
    releaseSession();
    await page.getByRole('link', { name: 'Edit profile' }).waitFor();
    expect(await page.getByRole('button', { name: MEMBER_MESSAGE_TEXTS.button }).count()).toBe(0);

    // At 375 px the account tabs scroll sideways: a tab chosen by the address is scrolled into view.
    await page.goto('/account#integrations');
    await waitForApp(page);
    const tabList = page.getByRole('tablist', { name: 'Account settings' });
    const selectedTab = tabList.getByRole('tab', { selected: true });
    await expect.poll(() => selectedTab.textContent()).toBe('Integrations');
    const [listBox, tabBox] = await Promise.all([tabList.boundingBox(), selectedTab.boundingBox()]);
    expect(tabBox!.x).toBeGreaterThanOrEqual(listBox!.x);
    expect(tabBox!.x + tabBox!.width).toBeLessThanOrEqual(listBox!.x + listBox!.width + 0.5);
    await close();
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it('saves the profile form, reducing a pasted social link to its handle', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await logIn(page, '/account');
    await page.waitForURL('**/account');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);

    await page.getByLabel('Bio').fill('I make planners.');
    await page.getByLabel('Instagram').fill('https://www.instagram.com/ada.makes/?hl=en');
    expect(await page.getByLabel('Instagram').inputValue()).toBe('ada.makes');
    await save.click();
    await page.getByText('Changes have been saved.').waitFor();
    expect(await save.isDisabled()).toBe(true);

    await page.goto(`/users/${USERNAME}`);
    await page.getByText('I make planners.').waitFor();
    expect(await page.getByRole('link', { name: 'Instagram', exact: true }).getAttribute('href')).toBe(
      'https://www.instagram.com/ada.makes',
    );
    await close();
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it('switches an admin back from test-user mode through the login page', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await page.goto('/login');
    await page.getByLabel('Username or email').fill(DEMO_ADMIN_USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(TEST_DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const testUserStatus = () =>
      page.evaluate(async () => ((await (await fetch('/api/users/test-user/status')).json()) as { isTestUser: boolean }).isTestUser);
    const started = await page.evaluate(async () => {
      const response = await fetch('/api/admin/test-user/toggle', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'start' }),
      });
      return response.status;
    });
    expect(started).toBe(200);
    expect(await testUserStatus()).toBe(true);

    // A test-user session is signed in, yet the login page lets it through to switch back.
    await page.goto('/login?reloginAsAdmin=true&adminUserId=ignored');
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(await testUserStatus()).toBe(false);
    await close();
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it('resets a forgotten password from the mailed link, signs in with it, then deletes the account', async () => {
    const { page, consoleErrors, close } = await environment.openPage();
    await page.goto(`/forgot-password?u=${USERNAME}`);
    expect(await page.getByLabel('Username or email').inputValue()).toBe(USERNAME);
    await page.getByRole('button', { name: 'Send Link' }).click();
    const sent = page.getByRole('dialog', { name: ACCOUNT_MESSAGES.passwordResetTitle });
    await sent.waitFor();
    expect(await sent.textContent()).toContain(ACCOUNT_MESSAGES.resetRequested);

    await page.goto('/reset-password-from-token?un=nobody&token=not-a-token');
    await page.getByText('Invalid Token: Token is expired.').waitFor();
    // A link cut short before its token says so (not that a token expired), and offers a new link for the same account.
    await page.goto(`/reset-password-from-token?un=${USERNAME}`);
    await page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.resetLinkIncomplete }).waitFor();
    expect(await page.getByText(ACCOUNT_MESSAGES.resetTokenInvalid).count()).toBe(0);
    await page.getByRole('link', { name: 'Send a new link' }).click();
    await page.waitForURL('**/forgot-password?**');
    expect(await page.getByLabel('Username or email').inputValue()).toBe(USERNAME);

    const mailbox = (await (
      await fetch(`${environment.baseUrl}/dev/mailbox.json?to=${encodeURIComponent(EMAIL)}`)
    ).json()) as MailboxAnswer;
    const link = mailbox.messages
      .map((message) => /\/reset-password-from-token\?\S+/u.exec(message.text)?.[0])
      .find((found) => found !== undefined);
    if (link === undefined) throw new Error('No reset link was mailed');
    await page.goto(link);
    const newPassword = 'Renewed#2027';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('Renewed#2028');
    await expect.poll(() => fieldMessage(page, 'Confirm new password')).toContain('Passwords Do Not Match');
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change and Login' }).click();
    await page.waitForURL('**/account');
    await page.getByRole('heading', { level: 1, name: `${FIRST_NAME} ${LAST_NAME}` }).waitFor();

    // Deleting signs out with a reload to the home page, which says what happened.
    await page.getByRole('button', { name: 'Delete account' }).click();
    const deleting = page.getByRole('dialog', { name: ACCOUNT_MESSAGES.deleteAccountTitle });
    await deleting.getByLabel('Password').fill(newPassword);
    await deleting.getByLabel('Type DELETE to confirm').fill('DELETE');
    await deleting.getByRole('button', { name: 'Delete my account' }).click();
    const deleted = page.getByRole('dialog', { name: ACCOUNT_MESSAGES.accountDeletedTitle });
    await deleted.waitFor();
    expect(await deleted.textContent()).toContain(ACCOUNT_MESSAGES.accountDeleted);
    expect(new URL(page.url()).pathname).toBe('/');
    await close();
    expect(unexpected(consoleErrors)).toEqual([]);
  });
});

async function logIn(page: Page, path: string): Promise<void> {
  await page.goto(path.startsWith('/login') ? path : `/login?redirectUrl=${encodeURIComponent(path)}`);
  await page.getByLabel('Username or email').fill(USERNAME);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
