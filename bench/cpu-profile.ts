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
  startTime: number;
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
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
  // The main thread's tasks (their bounds, for the long-task list below), on the profiler's clock.
  const traceEvents: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => void traceEvents.push(...(d.value as unknown as TraceEvent[])));
  const traced = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] } });
  const t0 = Date.now();
  await tab.goto(`${server.url}${page}`);
  await tab.locator('main').first().waitFor();
  await tab.waitForLoadState('networkidle');
  const wall = Date.now() - t0;
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  await cdp.send('Tracing.end');
  await traced;
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

  // Each task of the page's main thread longer than LONG_TASK_MS (12 ms at 4x: over 50 ms, blocking,
  // in Lighthouse's simulation), with the frames its samples spent most time under: the first frame
  // of the app's own code (src/) on the stack, else the innermost one.
  // The page's main thread: the one that ran the most script.
  const taskCount = new Map<string, number>();
  for (const e of traceEvents)
    if (e.name === 'FunctionCall') taskCount.set(`${e.pid}/${e.tid}`, (taskCount.get(`${e.pid}/${e.tid}`) ?? 0) + 1);
  const busiest = [...taskCount].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mainThread = traceEvents.find((e) => e.name === 'RunTask' && `${e.pid}/${e.tid}` === busiest);
  const longMs = Number(process.env.LONG_TASK_MS ?? 12 * throttle);
  const tasks = traceEvents.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === mainThread?.pid && e.tid === mainThread?.tid && (e.dur ?? 0) / 1000 > longMs,
  );
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const nodeOf = new Map(profile.nodes.map((n) => [n.id, n]));
  const frameName = (n: Node) => {
    const r = n.callFrame.url.startsWith('http')
      ? regionsOf(n.callFrame.url)
          .filter((x) => x.line <= n.callFrame.lineNumber)
          .pop()
      : undefined;
    return `${n.callFrame.functionName || '(anonymous)'}${r ? ` ${r.module.replace(/^src\//, '')}` : ''}`;
  };
  const label = (id: number) => {
    const stack: Node[] = [];
    for (let c: number | undefined = id; c !== undefined; c = parentOf.get(c)) stack.push(nodeOf.get(c)!);
    const own = stack.find((n) => n.callFrame.url.startsWith('http') && /^src\//.test(frameName(n).split(' ')[1] ?? ''));
    return frameName(own ?? stack[0]!);
  };
  const start = tasks[0] ? tasks[0].ts : 0;
  console.log(`Tasks over ${longMs} ms (${tasks.length}), ms from the first, duration, where their samples were:`);
  let at = profile.startTime;
  const sampleTimes = profile.samples.map((_, i) => (at += profile.timeDeltas[i] ?? 0));
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const where = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const t = sampleTimes[i]!;
      if (t >= task.ts && t <= end) where.set(label(id), (where.get(label(id)) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
    });
    const parts = [...where]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ');
    console.log(`  ${((task.ts - start) / 1000).toFixed(0).padStart(6)} ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ${parts}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
