import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES } from '../../src/domain/accounts/rules.js';
import { startE2eEnvironment, type E2eEnvironment } from './harness.js';
import { TEST_DEMO_PASSWORD } from '../fixtures/demo-password.js';

const USERNAME = `onb${Date.now().toString(36)}`;
const STEP_TIMEOUT_MS = 30_000;

describe('onboarding on a phone', () => {
  let environment: E2eEnvironment;

  beforeAll(async () => {
    environment = await startE2eEnvironment();
  });

  afterAll(async () => {
    await environment?.stop();
  });

  it('brings the missing first name into view when Save is pressed at the bottom of the form (375 px)', async () => {
    const { page, close } = await environment.openPage({ viewportWidth: 375 });
    const signup = await page.request.post('/api/signupUser', {
      data: { username: USERNAME, email: `${USERNAME}@example.com`, password: TEST_DEMO_PASSWORD, agreeToTermsAndConditions: true },
    });
    expect(signup.status(), await signup.text()).toBeLessThan(300);
    await page.goto('/onboarding');
    const save = page.getByRole('button', { name: ACCOUNT_MESSAGES.onboardingSubmit });
    await save.scrollIntoViewIfNeeded({ timeout: STEP_TIMEOUT_MS });
    await save.click();

    const firstName = page.getByLabel('First name', { exact: true });
    await page.getByText(ACCOUNT_MESSAGES.firstNameRequired).waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => firstName.evaluate((input) => input === document.activeElement)).toBe(true);
    await expect
      .poll(() =>
        firstName.evaluate((input) => {
          const box = input.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await close();
  }, 120_000);
});
