import { expect, test } from '@playwright/test';
import { DEMO, rolePage, signIn, stateOf } from './sign-in';
import { pageProblems } from './page-checks';

/** A manager's navigation; an admin's is the same with the users page. */
const MANAGER_NAV = [
  '概览',
  '工作台',
  '商品选品',
  '选品库',
  '风险商品',
  '定价',
  '选品分组',
  '订单',
  '失败订单',
  '批量下单',
  '发货回传',
  '资金流水',
  '售后',
  '消息',
  '审计日志',
];
const NAV: Record<keyof typeof DEMO, string[]> = {
  merchant: ['商品选品', '选品库', '风险商品', '定价', '选品分组', '订单', '失败订单', '批量下单', '发货回传', '消息'],
  support: ['工作台', '商品选品', '选品分组', '订单', '失败订单', '售后', '消息'],
  manager: MANAGER_NAV,
  admin: [...MANAGER_NAV, '用户管理'],
};

for (const role of Object.keys(NAV) as (keyof typeof DEMO)[]) {
  // Signed in through the sign-in page once, by e2e/auth.setup.ts: the session it kept.
  test(`${role} sees only the pages of the role`, async ({ browser }) => {
    const page = await rolePage(browser, role);
    await page.goto('/');
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link')).toHaveCount(NAV[role].length);
    for (const label of NAV[role]) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await page.context().close();
  });
}

test('the account menu says who is signed in and signs out; the pages then lead to sign-in', async ({ page }) => {
  await signIn(page, 'merchant');
  await page.getByRole('button', { name: /^当前用户：/ }).click();
  await expect(page.getByRole('menuitem', { name: '当前用户：merchant' })).toBeVisible();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/library');
  await expect(page).toHaveURL(/\/login\?next=%2Flibrary/);
});

test('without a session every page leads to sign-in, and back after it', async ({ page }) => {
  await page.goto('/audit');
  await expect(page).toHaveURL(/\/login\?next=%2Faudit/);
  await page.getByRole('listitem').filter({ hasText: 'manager-demo' }).getByRole('button', { name: '使用' }).click();
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { name: '审计日志' })).toBeVisible();
});

test('a wrong password is said in words and the typed username stays', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('用户名').fill('merchant');
  await page.getByLabel('密码').fill('not-the-password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toHaveText('用户名或密码错误。');
  await expect(page.getByLabel('用户名')).toHaveValue('merchant');
});

test('the sign-in page offers the language and the colour mode before signing in, remembers them, and fits a phone', async ({
  browser,
}) => {
  // A browser in English: the page starts in English, and a Chinese reader changes it there.
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Supply Desk' })).toBeVisible();
  await page.getByLabel('Language').selectOption('zh-CN');
  await expect(page.getByRole('heading', { name: '登录供货台' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.getByRole('button', { name: '切换到深色主题' }).click();
  await expect(page.getByRole('button', { name: '切换到浅色主题' })).toBeVisible();
  expect(await pageProblems(page, { zh: true })).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading', { name: '登录供货台' })).toBeVisible();
  await expect(page.getByRole('button', { name: '切换到浅色主题' })).toBeVisible();
  await context.close();
});

test.describe('as an admin', () => {
  test.use({ storageState: stateOf('admin') });

  test('an admin creates a user who can then sign in; the audit log shows it', async ({ page, browser }) => {
    await page.goto('/users');
    await page.getByRole('button', { name: '新增用户' }).click();
    const name = `e2e${Date.now().toString(36)}`;
    await page.getByLabel('用户名').fill(name);
    await page.getByLabel('姓名').fill('E2E Person');
    await page.getByLabel('密码').fill('e2e-password-123');
    await page.getByRole('button', { name: '创建' }).click();
    await expect(page.getByTestId('user-row').filter({ hasText: name })).toBeVisible();

    const other = await browser.newContext({ locale: 'zh-CN' });
    const p2 = await other.newPage();
    await p2.goto('/login');
    await p2.getByLabel('用户名').fill(name);
    await p2.getByLabel('密码').fill('e2e-password-123');
    await p2.getByRole('button', { name: '登录' }).click();
    await expect(p2.getByTestId('role-chip')).toHaveText('商户');
    await other.close();

    await page.getByRole('link', { name: '审计日志' }).click();
    await expect(page.getByTestId('audit-row').filter({ hasText: '新增用户' }).first()).toBeVisible();
    await expect(page.getByTestId('audit-row').first()).not.toContainText('e2e-password-123');
  });
});

test.describe('as support', () => {
  test.use({ storageState: stateOf('support') });

  test('a page of another role says so in words, and the gateway refuses its data', async ({ page }) => {
    await page.goto('/users');
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByText('你的角色无权执行此操作。')).toBeVisible();
    const res = await page.request.get('/bff/users');
    expect(res.status()).toBe(403);
  });
});
