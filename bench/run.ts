import { bundleSizes } from './bundle-size';

/** `npm run bench`: prints numbers, judges nothing (budgets are read by people, not asserted). */
const sizes = bundleSizes();
const kb = (n: number) => `${n.toFixed(1)} kB`;
console.log('Bundle (gzip -9)');
for (const e of sizes.entry) console.log(`  entry  ${e.file.padEnd(40)} ${kb(e.kb)}`);
for (const r of sizes.routes) console.log(`  route  ${r.file.padEnd(40)} ${kb(r.kb)}`);
console.log(`  first page (entry + catalogue route): ${kb(sizes.firstPageKb)}  (budget 200 kB)`);
