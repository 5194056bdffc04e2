import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { placeOrders, signIn, startAppServer } from './app-server';
import { LIGHTHOUSE_PAGES } from './lighthouse';

/**
 * `npx tsx bench/cpu-profile.ts [/catalogue] [throttle]`: a Chromium CPU profile of one signed-in
 * page load (CPU slowed down 4x like Lighthouse's mobile profile), from navigation to the first rows,
 * as the role that lands on the page (the Lighthouse bench's LIGHTHOUSE_PAGES: /queue as support,
 * /overview as the manager).
 * Writes bench/out/<page>.cpuprofile (open it in Chromium's performance panel) and prints the
 * functions and the source modules with the most self time. Build with `npx vite build --minify false`
 * first to get readable names: the unminified chunks keep rolldown's `//#region <module>` markers,
 * which map each sample to the module it came from.
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const page = process.argv[2] ?? '/catalogue';
const throttle = Number(process.argv[3] ?? 4);
const server = await startAppServer({ port: Number(process.env.BENCH_PORT ?? 4502), goods: 5000 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  // As the Lighthouse bench: a page of orders, so the orders, queue and overview draw with rows.
  await placeOrders(server, 20, 'PROFILE');
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const role = (LIGHTHOUSE_PAGES as Record<string, string>)[page] ?? 'merchant';
  const cookie = role === 'merchant' ? server.cookie : await signIn(server.url, role);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await tab.goto(`${server.url}${page}`);
  await tab.locator('main').first().waitFor();
  await tab.waitForLoadState('networkidle');
  const wall = Date.now() - t0;
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  mkdirSync(join('bench', 'out'), { recursive: true });
  const file = join('bench', 'out', `${page.slice(1).replace(/\W+/g, '-') || 'root'}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));

  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFn = new Map<string, number>();
  const byModule = new Map<string, number>();
  const regions = new Map<string, { line: number; module: string }[]>();
  const regionsOf = (url: string) => {
    if (regions.has(url)) return regions.get(url)!;
    const local = join('dist', new URL(url).pathname);
    const list: { line: number; module: string }[] = [];
    if (url.includes('/assets/') && existsSync(local))
      readFileSync(local, 'utf8')
        .split('\n')
        .forEach((l, i) => {
          const m = /^\/\/ (\S+\.(?:m?js|cjs|tsx?))$/.exec(l);
          if (m) list.push({ line: i, module: m[1]!.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+work\/main\//, '') });
        });
    regions.set(url, list);
    return list;
  };
  let total = 0;
  for (const n of profile.nodes) {
    const ms = self.get(n.id) ?? 0;
    total += ms;
    const { functionName, url, lineNumber } = n.callFrame;
    const key = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\//, '')}:${lineNumber + 1}` : ''}`;
    byFn.set(key, (byFn.get(key) ?? 0) + ms);
    let mod = url ? url.replace(/^.*\//, '') : functionName;
    if (url.startsWith('http')) {
      const r = regionsOf(url)
        .filter((x) => x.line <= lineNumber)
        .pop();
      if (r)
        mod =
          r.module
            .split('/')
            .slice(0, r.module.startsWith('@') ? 2 : 1)
            .join('/') + (r.module.startsWith('src') ? `/${r.module}` : '');
    }
    byModule.set(mod, (byModule.get(mod) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  console.log(`${page}: ${wall} ms to network idle at ${throttle}x CPU slowdown, ${total.toFixed(0)} ms sampled; profile in ${file}`);
  console.log(`Self time by module:\n${top(byModule, 25)}`);
  console.log(`Self time by function:\n${top(byFn, 30)}`);
} finally {
  await browser.close();
  await server.stop();
}
