import { expect, test } from '@playwright/test';
import { bundleSizes, FIRST_PAGE_BUDGET_KB } from '../bench/bundle-size';

// The e2e suite runs on the built app (`npm run test:e2e` builds it first): its first page must stay
// within budget (issue 15: 160 kB; issue 39: 150 kB). No browser needed.
test('the first page stays within its JavaScript budget', () => {
  const sizes = bundleSizes();
  expect(sizes.firstPageFiles).toBeGreaterThan(0);
  expect(sizes.firstPageKb, `first page ${sizes.firstPageKb.toFixed(1)} kB gzip`).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_KB);
  // The parts drawn after the first paint are chunks of their own, not pulled back into it.
  expect(sizes.afterFirstPaintKb).toBeGreaterThan(0);
});
