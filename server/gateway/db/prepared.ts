import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

/**
 * The SQL texts of `prepared` queries: a small fixed set (one per query in the code). PostgreSQL runs
 * them as named statements, parsed and planned once per connection (`statementName`, db/index.ts).
 */
const statementNames = new Map<string, string>();

/** The server-side statement name of a `prepared` query's text; undefined for any other text. */
export const statementName = (text: string): string | undefined => statementNames.get(text);

/**
 * A Kysely query built and compiled once, then run with new values: building and compiling a small
 * query costs about as much as running it on SQLite, and the gateway runs a few of them on every
 * call (the session lookup, the audit rows of a write). `build` writes the query as usual, with
 * `p(name)` where a value goes; the compiled text is kept and each run binds the values given by name.
 * Compiled on first use, so a store made before its tables exist still works.
 */
export function prepared<Row, Names extends string>(
  db: Pick<Kysely<never>, 'executeQuery'>,
  build: (p: <T = string>(name: Names) => T) => Compilable<Row>,
): (values: Record<Names, unknown>, on?: Pick<Kysely<never>, 'executeQuery'>) => Promise<QueryResult<Row>> {
  let compiled: { query: CompiledQuery<Row>; slots: (Names | null)[] } | null = null;
  const compile = () => {
    const standIns = new Map<object, Names>();
    const query = build(<T>(name: Names) => {
      const standIn = { standInFor: name };
      standIns.set(standIn, name);
      return standIn as T;
    }).compile();
    const slots = query.parameters.map((v) => (typeof v === 'object' && v !== null ? (standIns.get(v) ?? null) : null));
    const missing = [...standIns.values()].filter((n) => !slots.includes(n));
    if (missing.length) throw new Error(`prepared query: ${missing.join(', ')} did not become a parameter`);
    statementNames.set(query.sql, `sd_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`);
    return { query, slots };
  };
  // `on`: another executor of the same database (a transaction of it) runs the query instead of `db`.
  return (values, on = db) => {
    compiled ??= compile();
    const { query, slots } = compiled;
    return on.executeQuery<Row>({ ...query, parameters: slots.map((name, i) => (name === null ? query.parameters[i] : values[name])) });
  };
}
