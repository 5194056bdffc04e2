import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bundleSizes, FIRST_PAGE_BUDGET_KB } from './bundle-size';
import { benchSandboxLists } from './sandbox-lists';

/**
 * `npm run bench`: prints numbers, judges nothing (budgets are read by people, not asserted).
 * `BENCH_ONLY=<parts>` runs only those parts (comma-separated: bundle, sandbox, orders, lighthouse,
 * filter, gateway, messages, overview; `BENCH_ONLY=lighthouse,filter` is the first-page pass of issue 15;
 * `BENCH_ONLY=bulk`, bulk orders from a sheet, `BENCH_ONLY=goods`, the goods watch, `BENCH_ONLY=phone`, orders by a phone's last four digits, `BENCH_ONLY=exceptions`, support's exceptions, `BENCH_ONLY=shipments`, the shipments, `BENCH_ONLY=pricing`, retail prices after a rule change, `BENCH_ONLY=faults`, the supplier's bad days, and `BENCH_ONLY=start`, `npm start`'s
 * start time and memory, run only when named).
 */
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const part = (name: string, skipVar?: string) => (only ? only.includes(name) : !skipVar || process.env[skipVar] !== '1');
const kb = (n: number) => `${n.toFixed(1)} kB`;
if (part('bundle') && existsSync('dist/index.html')) {
  const sizes = bundleSizes();
  console.log('Bundle (gzip -9)');
  console.log(
    `  first page (entry + catalogue page + their static imports, ${sizes.firstPageFiles} files): ${kb(sizes.firstPageKb)}  (budget ${FIRST_PAGE_BUDGET_KB} kB, issue 39)`,
  );
  console.log(
    `  then, asked for at start-up beside it and drawn after the first paint (app bar tools, catalogue filters and list): ${kb(sizes.afterFirstPaintKb)}`,
  );
  for (const r of sizes.routes) console.log(`  route ${r.page.padEnd(20)} adds ${kb(r.addsKb)} to the first page`);
  for (const c of sizes.chunks.slice(0, 6)) console.log(`  chunk ${c.file.padEnd(40)} ${kb(c.kb)}`);
}
if (part('sandbox', 'BENCH_SKIP_SANDBOX')) {
  const lists = await benchSandboxLists();
  console.log(
    `\nSandbox list operations over loopback HTTP, ${lists.goods.toLocaleString('en')} goods (seeded in ${(lists.seedMs / 1000).toFixed(1)} s), ${lists.rounds} calls each (target p95 <= 10 ms)`,
  );
  for (const r of lists.results) {
    console.log(
      `  ${r.name.padEnd(56)} p50 ${r.p50.toFixed(2).padStart(6)} ms   p95 ${r.p95.toFixed(2).padStart(6)} ms   (${r.count} matches)`,
    );
  }
}
if (part('orders', 'BENCH_SKIP_ORDERS')) {
  const { benchOrderList } = await import('./order-list');
  const o = await benchOrderList();
  console.log(
    `\nOrder list (order.list) through the gateway to the sandbox, ${o.orders.toLocaleString('en')} orders (seeded in ${(o.seedMs / 1000).toFixed(1)} s), ${o.rounds} calls each (target p95 <= 20 ms)`,
  );
  for (const r of o.results) {
    console.log(
      `  ${r.name.padEnd(56)} p50 ${r.p50.toFixed(2).padStart(6)} ms   p95 ${r.p95.toFixed(2).padStart(6)} ms   (${r.count} matches)`,
    );
  }
}
if (part('lighthouse', 'BENCH_SKIP_LIGHTHOUSE') || part('filter', 'BENCH_SKIP_FILTER')) {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is not built: run "npm run bench" (it builds first) or "npx vite build"');
  const { placeOrders, startAppServer } = await import('./app-server');
  const port = Number(process.env.BENCH_PORT ?? 4500);
  if (part('lighthouse', 'BENCH_SKIP_LIGHTHOUSE')) {
    const { benchLighthouseBuilds, printLighthouse, printLighthouseSideBySide } = await import('./lighthouse');
    const goods = Number(process.env.BENCH_LH_GOODS ?? 5000);
    // BENCH_LH_BEFORE: a checkout of the code before a change (a git worktree with node_modules), built
    // here when it has no dist/: measured beside this one, run for run in turns.
    const beforeDir = process.env.BENCH_LH_BEFORE;
    if (beforeDir && !existsSync(join(beforeDir, 'dist', 'index.html')))
      execFileSync(join('node_modules', '.bin', 'vite'), ['build'], { cwd: beforeDir, stdio: 'ignore' });
    const builds: { build: string; server: Awaited<ReturnType<typeof startAppServer>> }[] = [];
    try {
      if (beforeDir) builds.push({ build: 'before', server: await startAppServer({ port: port + 2, goods, cwd: beforeDir }) });
      builds.push({ build: beforeDir ? 'after' : '', server: await startAppServer({ port, goods }) });
      // A page of orders (the list's default size), so the orders page is measured with its rows.
      for (const { server } of builds) await placeOrders(server, 20, 'BENCH');
      console.log(
        `\nLighthouse 12.8.2, performance, each page signed in as the role landing there, built app served by the gateway (${goods.toLocaleString('en')} goods), median of ${process.env.BENCH_LH_RUNS ?? '5 (mobile) and 3 (desktop)'} runs${beforeDir ? `, before (${beforeDir}) and after (this checkout) in turns` : ''}`,
      );
      console.log('  (targets: landings (catalogue, queue, overview) mobile >= 0.95, desktop 1.00; CLS <= 0.01; mobile TBT < 100 ms)');
      const results = await benchLighthouseBuilds(builds);
      if (beforeDir) printLighthouseSideBySide(results[0]!, results[1]!);
      else printLighthouse(results[0]!);
    } finally {
      for (const { server } of builds) await server.stop();
    }
  }
  if (part('filter', 'BENCH_SKIP_FILTER')) {
    const { benchFilterRows } = await import('./filter-rows');
    const goods = Number(process.env.BENCH_FILTER_GOODS ?? 100_000);
    const t0 = performance.now();
    const server = await startAppServer({ port: port + 1, goods });
    const startS = (performance.now() - t0) / 1000;
    try {
      const f = await benchFilterRows(server);
      console.log(
        `\nCatalogue filter change -> rows on screen (Chromium, 1440x900, ${goods.toLocaleString('en')} goods, app started and seeded in ${startS.toFixed(1)} s), ${f.changes} changes (target p95 <= 150 ms)`,
      );
      console.log(`  p50 ${f.p50.toFixed(1)} ms   p95 ${f.p95.toFixed(1)} ms   max ${f.max.toFixed(1)} ms`);
    } finally {
      await server.stop();
    }
  }
}
if (process.env.BENCH_SKIP_GATEWAY !== '1' && (!process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').includes('gateway'))) {
  const { benchGatewayOverhead, printGatewayOverhead } = await import('./gateway-overhead');
  printGatewayOverhead(await benchGatewayOverhead());
}
if (part('messages', 'BENCH_SKIP_MESSAGES')) {
  // Issue 17.7: 10,000 pushed messages at a real gateway process, SIGKILL and restart midway (target >= 1,000 messages/s on SQLite).
  const { runReliability, printReliability } = await import('./messages-reliability');
  const { startTestPostgres, createDatabase } = await import('../test/pg-server');
  const messages = Number(process.env.BENCH_MESSAGES ?? 10_000);
  const base = { messages, duplicateShare: 0.2, concurrency: 50, port: Number(process.env.BENCH_MESSAGES_PORT ?? 4540), killAt: 0.5 };
  console.log(
    `\nMessages: ${messages.toLocaleString('en')} of every kind, 20% sent twice, shuffled, 50 at once, the gateway SIGKILLed and restarted midway, the sender retrying until {"code":1}`,
  );
  printReliability(await runReliability(base));
  const pgServer = await startTestPostgres();
  try {
    printReliability(await runReliability({ ...base, databaseUrl: await createDatabase(pgServer.url, 'msgbench') }));
  } finally {
    await pgServer.stop();
  }
}
if (part('overview', 'BENCH_SKIP_OVERVIEW')) {
  // Issue 28.5: the overview's reads with 1,000,000 mirrored orders, on SQLite and PostgreSQL.
  const { benchOverview, benchReconcile, printReconcile } = await import('./overview');
  // BENCH_SKIP_RECONCILE: only the overview; each database's figures are printed as it ends.
  if (!process.env.BENCH_SKIP_RECONCILE) printReconcile(await benchReconcile());
  await benchOverview();
}
if (only?.includes('phone')) {
  // Issue 52.3: orders by the consignee phone's last four digits over 1,000,000 mirrored orders, SQLite and PostgreSQL. Only when named.
  const { benchPhoneTail } = await import('./phone-tail');
  await benchPhoneTail();
}
if (only?.includes('exceptions')) {
  // Issue 52.5: support's exceptions over 1,000,000 mirrored orders (the queue's list, the overview's shipping, the sweep), SQLite and PostgreSQL. Only when named.
  const { benchExceptions } = await import('./exceptions');
  await benchExceptions();
}
if (only?.includes('goods')) {
  // The goods watch (issue 41): mirror, messages absorbed, at-risk page, history, receiver -> live event. Only when named.
  const { benchGoods, printGoods } = await import('./goods');
  printGoods(await benchGoods({ goods: Number(process.env.BENCH_GOODS ?? 50_000) }));
}
if (only?.includes('bulk')) {
  const { benchBulk } = await import('./bulk');
  const b = await benchBulk({
    port: Number(process.env.BENCH_PORT ?? 4500) + 3,
    orders: Number(process.env.BENCH_BULK_ORDERS ?? 1000),
    killAt: 300,
  });
  console.log(
    `\nBulk orders: a ${b.orders.toLocaleString('en')}-order sheet (${b.rows.toLocaleString('en')} rows), the page's code in Node against the gateway and sandbox`,
  );
  console.log(
    `  SKU ids only, goods in a ${b.library.toLocaleString('en')}-goods library: read and grouped ${b.parsedMs.toFixed(0)} ms; read and checked with the SKU index empty (cold) ${(b.coldMs / 1000).toFixed(2)} s (target <= 15 s), warm ${(b.warmMs / 1000).toFixed(2)} s (target <= 5 s)`,
  );
  console.log(
    `  product ids and specs: read and checked (bulk details, numbers placed, availability and pre-check): ${(b.checkMs / 1000).toFixed(2)} s (target <= 5 s)`,
  );
  console.log(`  placing: ${b.rate.toFixed(1)} orders/s before the kill (target >= 20)`);
  console.log(
    `  SIGKILL after ${b.killedAt} placed, started again: job ${b.state} ${b.restS.toFixed(1)} s later; ${b.count} orders at the supplier, ${b.doubled} placed twice (target: ${b.orders}, 0)`,
  );
  // Sheets of 5,000 rows through the import page in Chromium (issue 48): read, and read and checked.
  const { benchBulkBrowser, printBulkBrowser } = await import('./bulk-browser');
  printBulkBrowser(await benchBulkBrowser({ port: Number(process.env.BENCH_PORT ?? 4500) + 4 }));
}
if (only?.includes('shipments')) {
  // Issue 51.4: 10,000 packages listed and read for a sheet, marked and undone, on SQLite and PostgreSQL. Only when named.
  const { benchShipments, printShipments } = await import('./shipments');
  printShipments(await benchShipments());
}
if (only?.includes('pricing')) {
  // Issue 53.5: 200,000 SKUs' retail prices after a rule change, on SQLite and PostgreSQL. Only when named.
  const { benchPricing, printPricing } = await import('./pricing');
  printPricing(await benchPricing());
}
if (only?.includes('faults')) {
  // Issue 50.4: a bulk job against a supplier with bad days (errors, lost answers, latency), then an outage. Only when named.
  const { benchFaults, printFaults } = await import('./faults');
  printFaults(
    await benchFaults({ port: Number(process.env.BENCH_PORT ?? 4500) + 5, orders: Number(process.env.BENCH_FAULTS_ORDERS ?? 1000) }),
  );
}
if (only?.includes('start')) {
  // `npm start` as an operator runs it: time to /healthz, memory, SIGTERM to npm (issue 40). Only when named.
  const { benchServiceStart, printServiceStart } = await import('./service-start');
  printServiceStart(await benchServiceStart());
}
