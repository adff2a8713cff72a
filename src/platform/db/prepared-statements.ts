/**
 * How many statement texts get a name. Each named text is prepared once on every connection that runs it and stays
 * there with its plan; the engine's reads by id are a few per kind, far below this. Texts past the limit run unnamed.
 */
const MOST_NAMES = 500;

/**
 * Names for the statements that may be prepared (`QueryOptions.prepare`): the same text always gets the same name, so
 * `pg` prepares it once per connection and PostgreSQL skips parsing and, once it settles on a generic plan, planning.
 * Only statements whose text a request cannot shape are offered, so the set of names stays small.
 */
export class PreparedStatementNames {
  private readonly names = new Map<string, string>();

  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= MOST_NAMES) return known;
    const name = `engine_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}
