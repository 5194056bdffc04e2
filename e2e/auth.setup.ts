import { test as setup } from '@playwright/test';
import { ROLES, signIn, stateOf } from './sign-in';

/*
 * Runs before every other e2e test (the `setup` project in playwright.config.ts): each demo role signs
 * in once through the real sign-in page, and its session is saved for the tests that only need
 * someone signed in (`test.use({ storageState: stateOf(role) })` or `rolePage`).
 */
for (const role of ROLES)
  setup(`${role} signs in through the sign-in page; the session is kept for the tests`, async ({ page }) => {
    await signIn(page, role);
    await page.context().storageState({ path: stateOf(role) });
  });
