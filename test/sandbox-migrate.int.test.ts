import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/lib/db';
import { SANDBOX_MIGRATIONS } from '../server/sandbox/schema';

const dir = mkdtempSync(join(tmpdir(), 'supply-desk-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sandbox database upgrade', () => {
  it('orders made before the consignee and phone columns existed are found by them after the upgrade', () => {
    const file = join(dir, 'sandbox.sqlite');
    const before = openDatabase(file, SANDBOX_MIGRATIONS.slice(0, 3));
    const address = {
      consignee: '欧阳娜娜',
      phone: '13700001111',
      province: '江苏省',
      city: '南京市',
      area: '玄武区',
      street: '中山路 1 号',
    };
    before
      .prepare(
        `INSERT INTO orders (sn, third_sn, address, logistic_fee, goods_fee, created_time, pay_status, check_status, status)
         VALUES ('2026010100000001', 'M-1', ?, 0, 100, 1767225600, 1, 1, 1)`,
      )
      .run(JSON.stringify(address));
    before.close();

    const after = openDatabase(file, SANDBOX_MIGRATIONS);
    expect(after.prepare(`SELECT third_sn FROM orders WHERE consignee LIKE '%欧阳%' AND phone LIKE '%0001111%'`).all()).toEqual([
      { third_sn: 'M-1' },
    ]);
    const plan = after
      .prepare(`EXPLAIN QUERY PLAN SELECT count(*) FROM orders WHERE consignee LIKE '%欧阳%'`)
      .all()
      .map((r) => (r as { detail: string }).detail)
      .join(' ');
    expect(plan).toContain('orders_consignee');
    after.close();
  });
});
