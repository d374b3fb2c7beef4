/**
 * Statements prepared once per database and shape, then run with values. The query is built by Drizzle only
 * the first time (building it is most of the JavaScript a light request spends), and on PostgreSQL each pooled
 * connection parses a named statement once.
 */
import { is, SQL, type Query } from 'drizzle-orm';
import type { Db } from './open';

export type Params = Record<string, unknown>;

interface Prepared<T> {
  execute(params?: Params): Promise<T>;
}

/** What `build` returns: a Drizzle query with `sql.placeholder`s for the values. */
interface Preparable<T> {
  prepare(name: string): Prepared<T>;
}

const preparedByDb = new WeakMap<Db, Map<string, Prepared<unknown>>>();
/** Shapes kept per database; rarer ones beyond run unnamed (built each time). */
const MAX_PREPARED = 256;
/** Names are unique in the process: a pooled connection must never see one name for two texts. */
let named = 0;

/**
 * Runs the statement of `shape`, built by `build` on first use; `shape` must name everything `build` varies on.
 * For the database itself, not a transaction: each transaction is a Db of its own and would prepare anew.
 */
export function runPrepared<T>(db: Db, shape: string, build: () => Preparable<T>, params: Params = {}): Promise<T> {
  let prepared = preparedByDb.get(db);
  if (!prepared) preparedByDb.set(db, (prepared = new Map()));
  let statement = prepared.get(shape) as Prepared<T> | undefined;
  if (!statement) {
    if (prepared.size >= MAX_PREPARED) return build().prepare('').execute(params);
    statement = build().prepare(`shipdesk_${(named += 1)}`);
    prepared.set(shape, statement);
  }
  return statement.execute(params);
}

/** How a Db runs a built query under a statement name: Drizzle's session, outside its typed surface. */
interface NamingSession {
  dialect: { sqlToQuery(query: SQL): Query };
  prepareQuery(
    query: Query,
    fields: unknown,
    name: string,
    arrayMode: boolean,
  ): { execute(params?: Params): Promise<unknown>; joinsNotNullableMap?: unknown };
}

/** What a Drizzle query keeps once built: its text, its parameters (placeholders among them) and its result fields. */
interface BuiltQuery {
  queryString: string;
  params: unknown[];
  fields?: unknown;
  joinsNotNullableMap?: unknown;
}

/** Built queries by statement name, for every database: a name stands for one text. */
const builtByName = new Map<string, BuiltQuery>();

/**
 * Runs the query `build` makes — a Drizzle query or raw SQL, with `sql.placeholder`s for the values — as the named
 * statement `name`, on `db` or one of its transactions, with `params`. Drizzle builds it once in the process
 * (building is most of the JavaScript a one-row statement costs), PostgreSQL parses it once per connection (PGlite
 * ignores the name): what `runPrepared` is for the pool, this is for a transaction run many times a second.
 */
export function runNamed<T>(db: Db, name: string, build: () => Preparable<T> | SQL, params: Params): Promise<T> {
  const session = db._.session as unknown as NamingSession;
  let built = builtByName.get(name);
  if (!built) {
    const query = build();
    if (is(query, SQL)) {
      const { sql: queryString, params: queryParams } = session.dialect.sqlToQuery(query);
      built = { queryString, params: queryParams };
    } else {
      built = query.prepare(`shipdesk_${name}`) as unknown as BuiltQuery;
    }
    builtByName.set(name, built);
  }
  const query = session.prepareQuery(
    { sql: built.queryString, params: built.params },
    built.fields,
    `shipdesk_${name}`,
    built.fields !== undefined,
  );
  query.joinsNotNullableMap = built.joinsNotNullableMap;
  return query.execute(params) as Promise<T>;
}
