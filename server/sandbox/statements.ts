import type Database from 'better-sqlite3';
import type { DB } from '../lib/db';

type Statement = Database.Statement<unknown[]>;
const caches = new WeakMap<DB, Map<string, Statement>>();

/**
 * A prepared statement kept per database and SQL text, for the hot read paths (list pages) whose SQL
 * comes in a handful of shapes: preparing costs about as much as running a small query.
 */
export function prepared(db: DB, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let st = cache.get(sql);
  if (!st) {
    // The shapes are bounded (filters present or not, page sizes), but never let a cache grow unbounded.
    if (cache.size >= 500) cache.clear();
    cache.set(sql, (st = db.prepare(sql)));
  }
  return st;
}
