import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

export const DEMO = {
  merchant: 'merchant-demo',
  support: 'support-demo',
  manager: 'manager-demo',
  admin: 'admin-demo-1',
} as const;
export type Role = keyof typeof DEMO;
export const ROLES = Object.keys(DEMO) as Role[];

/** Signs in through the sign-in page, as a person would. */
export async function signIn(page: Page, role: Role, next = '/') {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel(/^(用户名|Username)/).fill(role);
  await page.getByLabel(/^(密码|Password)/).fill(DEMO[role]);
  await page.getByRole('button', { name: /^(登录|Sign in)$/ }).click();
  // The role chip is hidden on phones; the account button is there at every size.
  await expect(page.getByRole('button', { name: /^(当前用户：|Signed in as)/ })).toBeVisible();
}

/**
 * The browser state (session cookie) of each role, saved once per run by e2e/auth.setup.ts after
 * signing in through the sign-in page. One session per role, shared by every test that uses it: a
 * test that signs out, changes a password or needs its own live stream signs in with `signIn`.
 */
export const stateOf = (role: Role) => `test-results/.auth/${role}.json`;

/** A browser context of its own, signed in as `role` (the saved session). */
export function roleContext(browser: Browser, role: Role, options: BrowserContextOptions = {}) {
  return browser.newContext({ ...options, storageState: stateOf(role) });
}

/** A new tab signed in as `role`, in a context of its own (closed with `page.context().close()`). */
export async function rolePage(browser: Browser, role: Role, options: BrowserContextOptions = {}) {
  return (await roleContext(browser, role, options)).newPage();
}
