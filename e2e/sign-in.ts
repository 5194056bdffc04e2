import { expect, type Page } from '@playwright/test';

export const DEMO = {
  merchant: 'merchant-demo',
  support: 'support-demo',
  manager: 'manager-demo',
  admin: 'admin-demo-1',
} as const;

/** Signs in through the sign-in page, as a person would. */
export async function signIn(page: Page, role: keyof typeof DEMO, next = '/') {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel(/^(用户名|Username)/).fill(role);
  await page.getByLabel(/^(密码|Password)/).fill(DEMO[role]);
  await page.getByRole('button', { name: /^(登录|Sign in)$/ }).click();
  // The role chip is hidden on phones; the account button is there at every size.
  await expect(page.getByRole('button', { name: /^(当前用户：|Signed in as)/ })).toBeVisible();
}
