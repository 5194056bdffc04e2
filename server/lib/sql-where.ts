/** Collects `AND`-joined conditions with their parameters for the list queries. */
export class Where {
  private clauses: string[] = [];
  readonly params: unknown[] = [];

  /** Adds the clause when `value` is given (not undefined, not ''). */
  add(clause: string, value: unknown): this {
    if (value !== undefined && value !== '') {
      this.clauses.push(clause);
      this.params.push(value);
    }
    return this;
  }

  get sql(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
}

/** A LIKE pattern matching `text` anywhere, with its wildcards escaped (use with ESCAPE '\\'). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
