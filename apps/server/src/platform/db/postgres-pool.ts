import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import type { PostgresTimeouts } from '../config';
import type { Outage } from '../outages';
import { DatabaseUnavailableError, databaseFaultOf } from './faults';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * How much longer than the server's own statement_timeout the client waits for an answer before it
 * gives up on the connection: the server cancels a slow statement itself (57014, connection kept);
 * the client's timer fires only when the server does not answer at all (paused, network gone).
 */
const CLIENT_GRACE_MS = 2_000;

/**
 * The PostgreSQL pool under Kysely, made to survive the database's faults:
 *
 * - `pool.on('error')`: an idle connection that dies (server restart, failover, an administrator's
 *   terminate) emits 'error' on the pool; unhandled, that event would end the process.
 * - connect timeout (also the longest wait for a free connection), statement and idle-in-transaction
 *   timeouts on the server, a client-side read timeout for a server that stops answering, TCP
 *   keep-alive: a request never waits forever on the database.
 * - a connection on which a statement failed because the database was unreachable is destroyed on
 *   release instead of going back to the pool, and statements on it fail at once meanwhile (a
 *   transaction's ROLLBACK does not wait out a second timeout).
 * - the outage is logged once when it begins and once when it ends (platform/outages.ts).
 */
export function openPostgresPool(url: string, timeouts: PostgresTimeouts, outage: Outage): PostgresPool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.statementMs + CLIENT_GRACE_MS,
    keepAlive: true,
    // Epoch seconds are stored as BIGINT; they fit a JS number exactly, so read them as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', (err) => outage.down(err));

  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const broken = new WeakSet<pg.PoolClient>();

  function wrap(client: pg.PoolClient): PostgresPoolClient {
    const known = wrapped.get(client);
    if (known !== undefined) return known;
    // A checked-out client whose socket fails emits 'error' on itself; the pool listens only while it idles.
    client.on('error', (err) => {
      broken.add(client);
      outage.down(err);
    });
    const query = async (text: string, parameters: readonly unknown[]) => {
      if (broken.has(client)) throw new DatabaseUnavailableError('数据库连接已断开');
      try {
        const result = await client.query(text, [...parameters]);
        outage.up();
        return result;
      } catch (err) {
        if (databaseFaultOf(err) === 'unavailable') {
          broken.add(client);
          outage.down(err);
        }
        throw err;
      }
    };
    // Kysely asks for a cursor only when configured with one (it is not), so any other query is passed through as is.
    function facadeQuery<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
    function facadeQuery<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function facadeQuery(textOrCursor: unknown, parameters?: readonly unknown[]): unknown {
      return typeof textOrCursor === 'string'
        ? query(textOrCursor, parameters ?? [])
        : client.query(textOrCursor as pg.Submittable);
    }
    const facade: PostgresPoolClient = {
      query: facadeQuery,
      release: () => client.release(broken.has(client) ? true : undefined),
    };
    wrapped.set(client, facade);
    return facade;
  }

  return {
    async connect() {
      try {
        return wrap(await pool.connect());
      } catch (err) {
        outage.down(err);
        throw err;
      }
    },
    end: () => pool.end(),
  };
}
