import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

const secret = process.env.E2E_SECRET!;

test('the app secret never reaches the browser: not in the built SPA, not in /bff answers', async ({ page, request }) => {
  expect(secret).toMatch(/^e2e-secret-/);
  const bodies: Promise<string>[] = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (/javascript|json|html|css/.test(type)) bodies.push(res.text().catch(() => ''));
  });
  await signIn(page, 'merchant', '/catalogue');
  await expect(page.getByTestId('goods-row').first()).toBeVisible();
  const seen = await Promise.all(bodies);
  // The page, its scripts and at least one /bff answer.
  expect(seen.length).toBeGreaterThanOrEqual(3);
  expect(seen.some((b) => b.includes('"code":1'))).toBe(true);
  for (const body of seen) expect(body).not.toContain(secret);

  // Every file of the built SPA, loaded by this page or not, as the server hands it out.
  const files = readdirSync('dist', { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  expect(files.filter((f) => f.name.endsWith('.js')).length).toBeGreaterThan(1);
  for (const f of files) {
    const url = `/${relative('dist', join(f.parentPath, f.name))}`;
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    expect(await res.text(), url).not.toContain(secret);
  }

  for (const [op, input] of [
    ['source.list', {}],
    ['goods.detail', { id: 10001 }],
    ['goods.detail', { id: 'x' }],
    ['selection.online', { page: 1, limit: 5 }],
  ] as const) {
    // With the page's session (its cookie) and without one.
    const res = await page.request.post(`/bff/op/${op}`, { data: input });
    expect(await res.text()).not.toContain(secret);
    const anonymous = await request.post(`/bff/op/${op}`, { data: input });
    expect(anonymous.status()).toBe(401);
  }
});
