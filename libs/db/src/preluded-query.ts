import { createHash } from 'node:crypto';
import { Query, type QueryResult } from 'pg';

/** A statement sent ahead of a query in the same round trip; its parameters are text (nothing to convert, nothing to throw). */
export interface PreludeStatement {
  text: string;
  values: (string | null)[];
}

/** The parts of pg's Query (pg 8, lib/query.js) that a preluded query builds on; not in its typings. */
interface WireConnection {
  parse(message: { text: string; name?: string; types?: unknown[] }): void;
  bind(message: { portal?: string; statement?: string; values?: (string | null)[] }): void;
  execute(message: { portal?: string; rows?: number }): void;
}
interface QueryInternals {
  prepare(connection: WireConnection): void;
  handleError(error: Error, connection: unknown): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
}
type QueryCallback = (error: Error | null, result: QueryResult) => void;
const PgQuery = Query as unknown as new (config: {
  text: string;
  name?: string;
  values: unknown[];
  queryMode: 'extended';
  callback: QueryCallback;
}) => QueryInternals;

/** pg's bookkeeping of a connection's named statements (lib/connection.js): parsed, and sent but not yet confirmed. */
interface StatementBook {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

/**
 * A query whose extended-protocol messages are preceded by other statements (BEGIN, the scope's
 * settings) before the one Sync: the server runs them in order in one round trip, and when one of
 * them fails it skips everything up to the Sync, the query included. Without a BEGIN among them, the
 * whole batch is one implicit transaction that ends at the Sync, so settings made `is_local` by the
 * prelude hold for the query and are gone after it. The prelude's rows and command tags are not
 * part of the result.
 */
class PreludedQuery extends PgQuery {
  private preludeLeft: number;
  private preparing = false;
  declare private statementName: string | undefined;

  constructor(
    private readonly prelude: PreludeStatement[],
    text: string,
    values: unknown[],
    callback: QueryCallback,
    name?: string,
  ) {
    super({ text, values, queryMode: 'extended', callback, name });
    this.preludeLeft = prelude.length;
  }

  /**
   * The query's statement name, as pg reads it: while the prelude's answers arrive it has none, so
   * that pg records the statement as parsed on the query's own ParseComplete, not on the prelude's
   * (which come first, and are followed by nothing when a prelude statement fails).
   */
  get name(): string | undefined {
    return this.preparing || this.preludeLeft === 0 ? this.statementName : undefined;
  }

  set name(name: string | undefined) {
    this.statementName = name;
  }

  override prepare(connection: WireConnection): void {
    for (const statement of this.prelude) {
      connection.parse({ text: statement.text, name: '' });
      connection.bind({ portal: '', statement: '', values: statement.values });
      connection.execute({ portal: '', rows: 0 });
    }
    this.preparing = true;
    try {
      super.prepare(connection);
    } finally {
      this.preparing = false;
    }
  }

  // A failed prelude skips the query's Parse too: pg must not take the statement as sent.
  override handleError(error: Error, connection: StatementBook): void {
    const name = this.statementName;
    if (name && connection.parsedStatements[name] === undefined) delete connection.submittedNamedStatements[name];
    super.handleError(error, connection);
  }

  // No Describe is sent for the prelude, so its statements answer data rows and a command tag only.
  override handleDataRow(message: unknown): void {
    if (this.preludeLeft === 0) super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: WireConnection): void {
    if (this.preludeLeft > 0) this.preludeLeft--;
    else super.handleCommandComplete(message, connection);
  }
}

/**
 * Named statements one connection keeps (PostgreSQL parses, analyses and rewrites each once, row-level
 * security included, instead of at every call). A connection that holds this many is full: it is
 * retired after its statement (Db.scopedQuery), so that the backend's memory stays bounded and the
 * texts in use now are prepared on a new one. Measured: a tracker candidates statement holds 165 kB
 * in its backend once prepared (its tree with the policies), so 32 of them about 5 MB per connection.
 */
export const NAMED_PER_CONNECTION = 32;

const bookOf = (client: object): StatementBook | undefined => {
  const book = (client as { connection?: StatementBook }).connection;
  return book?.parsedStatements && book.submittedNamedStatements ? book : undefined;
};

/** The names given on each connection (a count kept here: pg's book is an object, counting it at each call costs). */
const named = new WeakMap<StatementBook, Set<string>>();

/** Statement names by text, so that a text seen before is not hashed again (bounded: cleared when full). */
const names = new Map<string, string>();

/** True when the connection holds NAMED_PER_CONNECTION named statements. */
export function preparedBookFull(client: object): boolean {
  const book = bookOf(client);
  return book !== undefined && (named.get(book)?.size ?? 0) >= NAMED_PER_CONNECTION;
}

/** The statement name of `text` on this connection, or none when its book is full (or it has none: a test double). */
function statementName(client: object, text: string): string | undefined {
  const book = bookOf(client);
  if (!book) return undefined;
  let name = names.get(text);
  if (!name) {
    if (names.size >= 10 * NAMED_PER_CONNECTION) names.clear();
    names.set(text, (name = `portal_${createHash('sha1').update(text).digest('base64url')}`));
  }
  if (book.parsedStatements[name] !== undefined || book.submittedNamedStatements[name] !== undefined) return name;
  let given = named.get(book);
  if (!given) named.set(book, (given = new Set()));
  if (given.size >= NAMED_PER_CONNECTION) return undefined;
  given.add(name);
  return name;
}

/**
 * A statement that was prepared on this connection before a schema change altered its result's
 * columns (`SELECT o.*` after a migration added one, in a rolling upgrade): PostgreSQL refuses it
 * until the connection prepares it again. Not an error of the request: a new connection answers it.
 */
export function isStalePreparedStatement(e: unknown): boolean {
  return e instanceof Error && (e as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(e.message);
}

/**
 * Sends `prelude` then `text` with its parameters on a connection in one round trip; answers the
 * query's result. `named`: the statement is prepared once per connection under a name drawn from its
 * text (the connection's pool sets plan_cache_mode so that each call is still planned for its values).
 */
export function preludedQuery(
  client: { query(query: object): unknown },
  prelude: PreludeStatement[],
  text: string,
  values: unknown[],
  options: { named?: boolean } = {},
): Promise<QueryResult> {
  const name = options.named ? statementName(client, text) : undefined;
  return new Promise((resolve, reject) => {
    client.query(new PreludedQuery(prelude, text, values, (error, result) => (error ? reject(error) : resolve(result)), name));
  });
}
