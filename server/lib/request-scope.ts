import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request being answered, for whatever runs on its behalf (its upstream calls, the lines its
 * routes write): the logger adds its id to every line written while it is in flight
 * (server/lib/logger.ts), so all the lines of one request carry the id the person was shown. Work a
 * request only set off (a read after the answer, a job it woke) keeps the scope but not the id once
 * the answer has gone.
 */
interface Scope {
  id: string;
  done: boolean;
}

const scope = new AsyncLocalStorage<Scope>();

/** Runs `fn` (the rest of the request's handling) as request `id`; the id is dropped when it settles. */
export async function inRequest<T>(id: string, fn: () => Promise<T>): Promise<T> {
  const s: Scope = { id, done: false };
  try {
    return await scope.run(s, fn);
  } finally {
    s.done = true;
  }
}

/** The id of the request in flight that this code runs for, if any. */
export function currentRequestId(): string | undefined {
  const s = scope.getStore();
  return s && !s.done ? s.id : undefined;
}
