import type { Logger } from 'pino';

/**
 * A log line every `everyMs` while bulk-order jobs send from this process: the orders settled since the
 * last line, by outcome (each job's stops and end are logged by the sender itself).
 */
export function importProgressLog(logger: Logger, also: (outcome: string) => void, everyMs = 10_000) {
  const log = logger.child({ concern: 'imports' });
  let counts: Record<string, number> = {};
  const timer = setInterval(() => {
    if (Object.keys(counts).length === 0) return;
    log.info({ settled: counts, seconds: everyMs / 1000 }, `bulk orders settled in the last ${everyMs / 1000} s`);
    counts = {};
  }, everyMs);
  timer.unref();
  return {
    settled(outcome: string) {
      also(outcome);
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    },
    stop: () => clearInterval(timer),
  };
}
