import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { signIn, type BenchServer } from './app-server';
import { FIRST_STYLE_PAGES } from '../server/shell-page';

/**
 * The pages measured, each as the person who lands there: the merchant's catalogue (with its strip),
 * library and orders; support's queue; the manager's overview. `BENCH_LH_PAGES=/queue,/overview` picks
 * some; a page not listed here is measured as the merchant.
 */
export const LIGHTHOUSE_PAGES = FIRST_STYLE_PAGES; // the same pages and roles the gateway records first styles for
/** The three landings (where each role arrives after signing in), measured by default with `BENCH_LH_PAGES=landings`. */
export const LANDINGS = ['/catalogue', '/queue', '/overview'];
export const FORM_FACTORS = ['mobile', 'desktop'] as const;
/** Runs per page: mobile's score moves more from run to run, so it takes the median of more. `BENCH_LH_RUNS` sets both. */
const RUNS: Record<(typeof FORM_FACTORS)[number], number> = { mobile: 5, desktop: 3 };

/** Flags from toolchain.md: Debian's Chromium, headless, nothing in the background that adds noise. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--lang=zh-CN',
];

export interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /**
   * Lighthouse's measure of the machine's speed at the time of the run (higher is faster). On this
   * shared 2-core machine it moves by a third from run to run even when idle, and TBT with it.
   */
  benchmarkIndex: number;
}
export interface LighthouseResult extends LighthouseRun {
  page: string;
  role: string;
  formFactor: (typeof FORM_FACTORS)[number];
  runs: LighthouseRun[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Lighthouse 12.8.2 (performance only) against the signed-in app, each page as the role that lands on
 * it (LIGHTHOUSE_PAGES). A fresh Chromium per run (no warm cache, no leftovers); the median of 5
 * mobile and 3 desktop runs per page (`BENCH_LH_RUNS` for another count), by score (its FCP/LCP/TBT/CLS
 * are medians of their own). Each report is kept under bench/out/lighthouse/ for a closer look (traces
 * included with BENCH_LH_TRACES=1). For each build given: one, or two served side by side
 * (`BENCH_LH_BEFORE`: the code before a change and now), their runs taken in turns (before, after,
 * before, after, …) so that a change of the machine's speed during the bench falls on both alike.
 * One list of results per build, in the order given.
 */
export async function benchLighthouseBuilds(builds: { build: string; server: BenchServer }[]): Promise<LighthouseResult[][]> {
  const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const asked = process.env.BENCH_LH_PAGES === 'landings' ? LANDINGS : process.env.BENCH_LH_PAGES?.split(',');
  const pages = (asked ?? Object.keys(LIGHTHOUSE_PAGES)).map((p) => p.trim());
  const roleOf = (page: string): string => (LIGHTHOUSE_PAGES as Record<string, string>)[page] ?? 'merchant';
  // One session per role and build, signed in once (the merchant's is the server's own).
  const cookiesOf = new Map<BenchServer, Map<string, string>>();
  for (const { server } of builds) {
    const cookies = new Map<string, string>([['merchant', server.cookie]]);
    for (const role of new Set(pages.map(roleOf))) if (!cookies.has(role)) cookies.set(role, await signIn(server.url, role));
    cookiesOf.set(server, cookies);
  }
  const factors = (process.env.BENCH_LH_FORM?.split(',') ?? FORM_FACTORS) as (typeof FORM_FACTORS)[number][];
  const outDir = join('bench', 'out', 'lighthouse');
  mkdirSync(outDir, { recursive: true });
  const results: LighthouseResult[][] = builds.map(() => []);
  for (const page of pages) {
    const role = roleOf(page);
    for (const formFactor of factors) {
      const runs = Number(process.env.BENCH_LH_RUNS ?? RUNS[formFactor]);
      const alls: LighthouseRun[][] = builds.map(() => []);
      // A run Lighthouse itself gives up on (NO_NAVSTART and the like, seen now and then) is run again, twice at most.
      for (let turn = 0, retries = 0; turn < runs * builds.length; turn++) {
        const b = turn % builds.length;
        const i = Math.floor(turn / builds.length);
        const { build, server } = builds[b]!;
        const all = alls[b]!;
        const cookies = cookiesOf.get(server)!;
        const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
        // The session goes into the browser's cookie jar, as after a sign-in: a Cookie header given as
        // an extra header would be dropped once the page sets cookies of its own (language, mode).
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        try {
          const tab = await browser.newPage();
          const [cookieName, ...rest] = cookies.get(role)!.split('=');
          await browser.setCookie({
            name: cookieName!,
            value: rest.join('='),
            domain: new URL(server.url).hostname,
            path: '/',
            httpOnly: true,
            sameSite: 'Strict',
          });
          const result = await lighthouse(
            `${server.url}${page}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
            formFactor === 'desktop' ? desktopConfig : undefined,
            tab,
          );
          if (!result) throw new Error('Lighthouse gave no result');
          const lhr = result.lhr;
          if (lhr.runtimeError) {
            if (retries++ < 2) {
              console.log(`  (${page} ${formFactor}: Lighthouse said ${lhr.runtimeError.code}; running it again)`);
              turn--;
              continue;
            }
            throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          }
          if (new URL(lhr.finalDisplayedUrl).pathname !== page)
            throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${page}: was the session refused?`);
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          all.push({
            score: lhr.categories.performance?.score ?? NaN,
            fcp: audit('first-contentful-paint'),
            lcp: audit('largest-contentful-paint'),
            tbt: audit('total-blocking-time'),
            cls: audit('cumulative-layout-shift'),
            benchmarkIndex: lhr.environment.benchmarkIndex,
          });
          const name = `${build ? `${build}-` : ''}${page.slice(1).replace(/\W+/g, '-')}-${formFactor}-${i + 1}`;
          writeFileSync(join(outDir, `${name}.json`), JSON.stringify(lhr));
          if (process.env.BENCH_LH_TRACES === '1' && result.artifacts.Trace)
            writeFileSync(join(outDir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
        } finally {
          await browser.disconnect();
          await chrome.kill();
        }
      }
      alls.forEach((all, b) =>
        results[b]!.push({
          page,
          role,
          formFactor,
          runs: all,
          score: median(all.map((r) => r.score)),
          fcp: median(all.map((r) => r.fcp)),
          lcp: median(all.map((r) => r.lcp)),
          tbt: median(all.map((r) => r.tbt)),
          cls: median(all.map((r) => r.cls)),
          benchmarkIndex: median(all.map((r) => r.benchmarkIndex)),
        }),
      );
    }
  }
  return results;
}

/** Before and after of each page and form factor on one line each (medians), then each build's own lines with their runs. */
export function printLighthouseSideBySide(before: LighthouseResult[], after: LighthouseResult[]) {
  const ms = (n: number) => `${Math.round(n)}`;
  for (const [i, a] of after.entries()) {
    const b = before[i]!;
    console.log(
      `  ${`${a.page} (${a.role})`.padEnd(22)} ${a.formFactor.padEnd(8)} score ${b.score.toFixed(2)} -> ${a.score.toFixed(2)}   FCP ${ms(b.fcp)} -> ${ms(a.fcp)} ms   LCP ${ms(b.lcp)} -> ${ms(a.lcp)} ms   TBT ${ms(b.tbt)} -> ${ms(a.tbt)} ms   CLS ${b.cls.toFixed(3)} -> ${a.cls.toFixed(3)}`,
    );
  }
  console.log('  before, run by run:');
  printLighthouse(before);
  console.log('  after, run by run:');
  printLighthouse(after);
}

export function printLighthouse(results: LighthouseResult[]) {
  const ms = (n: number) => `${Math.round(n)} ms`.padStart(8);
  for (const r of results) {
    console.log(
      `  ${`${r.page} (${r.role})`.padEnd(22)} ${r.formFactor.padEnd(8)} score ${r.score.toFixed(2)}   FCP ${ms(r.fcp)}   LCP ${ms(r.lcp)}   TBT ${ms(r.tbt)}   CLS ${r.cls.toFixed(3)}   (runs: ${r.runs.map((x) => x.score.toFixed(2)).join(' ')}; TBT ${r.runs.map((x) => Math.round(x.tbt)).join(' ')}; machine speed ${r.runs.map((x) => Math.round(x.benchmarkIndex)).join(' ')})`,
    );
  }
}
