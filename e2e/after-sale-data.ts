import { readFileSync } from 'node:fs';
import type { PlacedLine } from './after-sale-fixtures';

/** What e2e/after-sale.setup.ts made, for the after-sale layout and pictures specs. */
export interface AfterSaleData {
  /** An after-sale agreed by the supplier, waiting for the goods (the mailing form shows). */
  agreedId: number;
  line: PlacedLine;
  /** A delivered line with nothing asked yet, for the wizard. */
  open: PlacedLine;
  /** Another delivered line with nothing asked, for e2e/after-sale-pictures.spec.ts. */
  pictures: PlacedLine;
}
export const AFTER_SALE_DATA = 'test-results/.auth/after-sale.json';
export const afterSaleData = () => JSON.parse(readFileSync(AFTER_SALE_DATA, 'utf8')) as AfterSaleData;
