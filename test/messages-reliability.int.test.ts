import { describe, expect, it } from 'vitest';
import { runReliability } from '../bench/messages-reliability';
import { freePort } from './free-port';
import { TEST_DIALECT, freshPgUrl } from './gateway-db';

/*
 * The small CI version of the reliability bench (issue 17.7; `npm run bench` runs 10,000): a real
 * gateway process on this run's database, every kind, 20 % sent twice, shuffled, 20 at once,
 * SIGKILL and a restart in the middle, the sender retrying until acknowledged.
 */
describe('messages survive a killed gateway', () => {
  it('stores exactly the distinct messages: none lost, none twice, every acknowledged one kept', async () => {
    const r = await runReliability({
      messages: 600,
      duplicateShare: 0.2,
      concurrency: 20,
      port: await freePort(),
      databaseUrl: TEST_DIALECT === 'postgres' ? await freshPgUrl() : undefined,
      killAt: 0.5,
    });
    expect(r.killed).toBe(true);
    expect(r.sends).toBe(720);
    expect(r.acknowledged).toBe(600);
    expect(r.stored).toBe(600);
    expect(r.storedDistinct).toBe(600);
    expect(r.missingAcknowledged).toBe(0);
    // Sends that met the dead gateway were retried, so there were more attempts than sends.
    expect(r.attempts).toBeGreaterThan(r.sends);
  }, 120_000);
});
