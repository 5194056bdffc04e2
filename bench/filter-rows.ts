import { chromium } from '@playwright/test';
import type { BenchServer } from './app-server';

/** The channels of the sandbox (0 = all), and the other filters cycled so that each change is a new query. */
const CHANNELS = ['0', '1', '2', '6', '7'];
const SHIPPING = ['', '1', '0'];
const SORTS = ['', 'agreement_price:asc', 'promotion_rate:desc'];

declare global {
  interface Window {
    __lists?: { start: number; end?: number; ids?: number[] }[];
    __changedAt?: number;
  }
}

/**
 * Time from a filter change to its rows on screen, in a real Chromium on the catalogue (table view,
 * 1440x900): the channel select is changed 30 times, each time to a combination not asked before
 * (so nothing comes from the cache). The clock starts when the change event is dispatched and stops
 * at the first animation frame in which the list request made after it has answered and the table
 * shows its rows (no longer busy, and the rows on screen are the ones that answer carries, in its
 * order): the frame that paints them. "Not busy" alone is not enough once the request leaves before
 * React draws the change: its answer can arrive while the table still shows the old rows, not yet busy.
 */
export async function benchFilterRows(server: BenchServer, changes = 30) {
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
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const [name, value] = server.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    // tsx (esbuild, keepNames) wraps named functions in `__name(...)`, which a page does not have.
    await context.addInitScript('window.__name = (f) => f');
    // Every list request, with when it left and when its answer arrived (page clock).
    await context.addInitScript(() => {
      window.__lists = [];
      const orig = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!url.includes('/bff/op/selection.online')) return orig(input, init);
        const entry: { start: number; end?: number; ids?: number[] } = { start: performance.now() };
        window.__lists!.push(entry);
        try {
          const res = await orig(input, init);
          // The goods ids of the answer, read from a copy of its body (the page reads the original).
          void res
            .clone()
            .json()
            .then((b: { data?: { list?: { id: number }[] } }) => (entry.ids = (b.data?.list ?? []).map((g) => g.id)))
            .catch(() => (entry.ids = []));
          return res;
        } finally {
          // Answered, failed or cancelled (a newer filter supersedes it): either way no longer awaited.
          entry.end = performance.now();
        }
      };
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/catalogue?view=table`);
    const table = page.locator('table[aria-label]').first();
    await table.locator('[data-testid="goods-row"]').first().waitFor({ timeout: 60_000 });
    // The filter panel's native selects, by their (Chinese) labels.
    const channel = page.getByLabel('渠道', { exact: true });
    const shipping = page.getByLabel('运费', { exact: true });
    const sort = page.getByLabel('排序', { exact: true });
    await channel.locator('option[value="6"]').waitFor({ state: 'attached' });
    // After a change that is not timed: the rows of it are in (its request, if any, answered, the
    // table not busy) and nothing new started for 300 ms.
    const settle = () =>
      page.waitForFunction(
        () => {
          const lists = window.__lists ?? [];
          const last = Math.max(0, ...lists.map((l) => l.end ?? Infinity));
          return (
            !document.querySelector('table[aria-busy]') &&
            performance.now() - last > 300 &&
            performance.now() - (window.__changedAt ?? 0) > 300
          );
        },
        undefined,
        { polling: 'raf', timeout: 30_000 },
      );
    const pick = async (select: typeof channel, value: string) => {
      await page.evaluate(() => {
        window.__changedAt = undefined;
        document.addEventListener('change', () => (window.__changedAt = performance.now()), { capture: true, once: true });
      });
      await select.selectOption(value);
    };

    const times: number[] = [];
    let current = { ch: '0', ship: '', sort: '' };
    const seen = new Set(['0||']);
    outer: for (const so of SORTS) {
      for (const sh of SHIPPING) {
        if (current.sort !== so) {
          await pick(sort, so);
          seen.add(`${current.ch}|${current.ship}|${so}`);
          await settle();
        }
        if (current.ship !== sh) await pick(shipping, sh);
        current = { ...current, sort: so, ship: sh };
        seen.add(`${current.ch}|${sh}|${so}`);
        await settle();
        if (process.env.BENCH_DEBUG) console.error('block', so, sh, page.url());
        for (const ch of CHANNELS) {
          // Only combinations not asked before: a cached answer is not a round trip.
          if (seen.has(`${ch}|${current.ship}|${current.sort}`)) continue;
          seen.add(`${ch}|${current.ship}|${current.sort}`);
          // Playwright picks the option as a person would; the page notes when the change event fires,
          // then the wait runs in the page, frame by frame, until the rows of that change are shown.
          await pick(channel, ch);
          const ms = await page
            .waitForFunction(
              () => {
                const at = window.__changedAt;
                if (at === undefined) return false;
                const mine = window.__lists!.filter((l) => l.start >= at);
                // The table drops aria-busy in the render that shows the answer (rows, or the empty state),
                // and the rows on screen are those of the last answer.
                const ids = mine[mine.length - 1]?.ids;
                const onScreen = [...document.querySelectorAll('[data-testid="goods-row"]')].map((r) =>
                  Number(r.getAttribute('data-goods-id')),
                );
                const shown =
                  mine.length > 0 &&
                  mine.every((l) => l.end !== undefined) &&
                  ids !== undefined &&
                  ids.length === onScreen.length &&
                  ids.every((id, i) => id === onScreen[i]) &&
                  !document.querySelector('table[aria-busy]');
                return shown ? performance.now() - at : false;
              },
              undefined,
              { polling: 'raf', timeout: 30_000 },
            )
            .then((h) => h.jsonValue() as Promise<number>)
            .catch(async (e: unknown) => {
              const state = await page.evaluate(() => ({ lists: window.__lists?.slice(-3), at: window.__changedAt, url: location.search }));
              throw new Error(`channel ${ch}: ${String(e)} ${JSON.stringify(state)}`);
            });
          if (process.env.BENCH_DEBUG) {
            // Where the time went: change -> request leaves -> answer in -> rows painted.
            const l = await page.evaluate(() => {
              const at = window.__changedAt!;
              const mine = window.__lists!.filter((x) => x.start >= at);
              const last = mine[mine.length - 1]!;
              return { leaves: last.start - at, answer: last.end! - last.start, requests: mine.length };
            });
            console.error(
              `channel ${ch}: ${ms.toFixed(0)} ms = request leaves ${l.leaves.toFixed(0)} + answer ${l.answer.toFixed(0)} + drawn ${(ms - l.leaves - l.answer).toFixed(0)} (${l.requests} request(s))`,
            );
          }
          times.push(ms);
          current.ch = ch;
          if (times.length >= changes) break outer;
        }
      }
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
    return { changes: times.length, p50: q(0.5), p95: q(0.95), max: times[times.length - 1]! };
  } finally {
    await browser.close();
  }
}
