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
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
}
type QueryCallback = (error: Error | null, result: QueryResult) => void;
const PgQuery = Query as unknown as new (config: {
  text: string;
  values: unknown[];
  queryMode: 'extended';
  callback: QueryCallback;
}) => QueryInternals;

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

  constructor(
    private readonly prelude: PreludeStatement[],
    text: string,
    values: unknown[],
    callback: QueryCallback,
  ) {
    super({ text, values, queryMode: 'extended', callback });
    this.preludeLeft = prelude.length;
  }

  override prepare(connection: WireConnection): void {
    for (const statement of this.prelude) {
      connection.parse({ text: statement.text, name: '' });
      connection.bind({ portal: '', statement: '', values: statement.values });
      connection.execute({ portal: '', rows: 0 });
    }
    super.prepare(connection);
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

/** Sends `prelude` then `text` with its parameters on a connection in one round trip; answers the query's result. */
export function preludedQuery(
  client: { query(query: object): unknown },
  prelude: PreludeStatement[],
  text: string,
  values: unknown[],
): Promise<QueryResult> {
  return new Promise((resolve, reject) => {
    client.query(new PreludedQuery(prelude, text, values, (error, result) => (error ? reject(error) : resolve(result))));
  });
}
