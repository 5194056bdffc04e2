import { existsSync } from 'node:fs';
import { bundleSizes } from './bundle-size';
import { benchSandboxLists } from './sandbox-lists';

/** `npm run bench`: prints numbers, judges nothing (budgets are read by people, not asserted). */
const kb = (n: number) => `${n.toFixed(1)} kB`;
if (existsSync('dist/index.html')) {
  const sizes = bundleSizes();
  console.log('Bundle (gzip -9)');
  console.log(
    `  first page (entry + catalogue page + their static imports, ${sizes.firstPageFiles} files): ${kb(sizes.firstPageKb)}  (budget 200 kB)`,
  );
  for (const r of sizes.routes) console.log(`  route ${r.page.padEnd(20)} adds ${kb(r.addsKb)} to the first page`);
  for (const c of sizes.chunks.slice(0, 6)) console.log(`  chunk ${c.file.padEnd(40)} ${kb(c.kb)}`);
}
if (process.env.BENCH_SKIP_SANDBOX !== '1') {
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
if (process.env.BENCH_SKIP_ORDERS !== '1') {
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
