import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_MAX_ROWS } from '../contract/constants';
import { csvText, handXlsx, shopExport, toGbk } from '../test/sheet-files';
import { startAppServer } from './app-server';

/** One file through the import page: when the check began (reading and grouping done) and when it showed. */
export interface SheetTiming {
  name: string;
  bytes: number;
  /** From choosing the file to the check's first request (`/bff/known-orders`): read in the page's worker and grouped. */
  readMs: number;
  /** From choosing the file to the checked sheet on screen. */
  totalMs: number;
  /** The status filter's counts as the page shows them, e.g. "可下单 4990". */
  counts: string[];
}

/**
 * Bulk orders in Chromium (part of BENCH_ONLY=bulk, issue 48): sheets of 5,000 rows, written as other
 * programs write them (test/sheet-files.ts), chosen on the import page of the built app (gateway,
 * dist/ and embedded sandbox of 1,500 goods, as the e2e run): an .xlsx of inline strings read and
 * checked against the sandbox (every row an order of a library SKU: numbers placed before,
 * availability and pre-check of 5,000 orders), then, for the reading alone, an .xlsx of shared
 * strings with three sheets, and CSV in UTF-8 and in GBK (these with quantity 0 on every row, so the
 * check after the reading stays in the page).
 */
export async function benchBulkBrowser(opts: { port: number }): Promise<SheetTiming[]> {
  const server = await startAppServer({ port: opts.port, goods: 1500 });
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bench-sheets-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const call = async <T>(id: string, input: unknown): Promise<T> => {
      const res = await fetch(`${server.url}/bff/op/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.url },
        body: JSON.stringify(input),
      });
      const body = (await res.json()) as { code: number; msg: string; data: T };
      if (body.code !== 1) throw new Error(`${id}: ${body.msg}`);
      return body.data;
    };
    // SKUs of goods in the selection library, on sale, with stock to spare (as the e2e run picks them).
    const library = await call<{ list: { id: number }[] }>('selection.list', { page: 1, limit: 50, source: 0 });
    const details = await call<{ status: number; specs: { options: { id: number; stock: number }[] } }[]>('goods.bulkDetail', {
      ids: library.list.map((g) => g.id).join(','),
    });
    const skus = details.flatMap((g) => (g.status === 1 ? g.specs.options.filter((o) => o.stock >= 50).map((o) => o.id) : [])).slice(0, 20);

    const rows = shopExport(IMPORT_MAX_ROWS, skus, { stem: `BENCH${Date.now()}` });
    const local = shopExport(IMPORT_MAX_ROWS, skus, { stem: `BENCHL${Date.now()}` });
    for (const r of local.slice(1)) r[10] = '0';
    const files: [string, Uint8Array][] = [
      ['export-inline.xlsx', handXlsx(rows, { strings: 'inline' })],
      ['export-shared-3-sheets.xlsx', handXlsx(local, { strings: 'shared', extraSheets: 2 })],
      ['export-utf8.csv', new TextEncoder().encode(`\uFEFF${csvText(local)}`)],
      ['export-gbk.csv', toGbk(csvText(local))],
    ];

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const [name, value] = server.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/orders/import`);
    await page.getByTestId('import-file').waitFor({ state: 'attached', timeout: 60_000 });
    const out: SheetTiming[] = [];
    for (const [file, bytes] of files) {
      const path = join(dir, file);
      writeFileSync(path, bytes);
      out.push(await timeOne(page, file, path, bytes.length));
    }
    return out;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function timeOne(page: Page, name: string, path: string, bytes: number): Promise<SheetTiming> {
  const started = Date.now();
  const asked = page.waitForRequest((r) => r.url().endsWith('/bff/known-orders'), { timeout: 120_000 }).then(() => Date.now());
  await page.getByTestId('import-file').setInputFiles(path);
  await page
    .getByTestId('import-checked')
    .filter({ hasText: `${name}：5,000 行` })
    .waitFor({ timeout: 120_000 });
  const totalMs = Date.now() - started;
  const readMs = (await asked) - started;
  const counts = (await page.locator('[data-testid^="filter-"]').allTextContents()).map((t) => t.trim());
  return { name, bytes, readMs, totalMs, counts };
}

export function printBulkBrowser(timings: SheetTiming[]) {
  console.log(
    `\nBulk orders in Chromium: sheets of ${IMPORT_MAX_ROWS.toLocaleString('en')} rows chosen on the import page (built app, 1,500 goods)`,
  );
  for (const t of timings) {
    const checked = t.name === 'export-inline.xlsx';
    console.log(
      `  ${t.name} (${(t.bytes / 1024 / 1024).toFixed(2)} MB): read ${(t.readMs / 1000).toFixed(2)} s; ${
        checked
          ? `read and checked ${(t.totalMs / 1000).toFixed(2)} s (target <= 10 s)`
          : `shown ${(t.totalMs / 1000).toFixed(2)} s (check local)`
      }; ${t.counts.join(', ')}`,
    );
  }
}
