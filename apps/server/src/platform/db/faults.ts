/**
 * Which database errors are faults of the database rather than of the request or the code: the
 * server cannot be reached, dropped the connection, was shut down, cancelled a statement that ran
 * too long, or (SQLite) the file is locked or the disk is full. They answer 503 with Retry-After
 * (http/unavailable.ts), never 500: nothing is wrong with what the client sent, and trying again
 * later will work. Everything else (a constraint violated, a bug in a query) stays a 500.
 */

/**
 * - `unavailable`: the database cannot be reached or dropped the connection (an outage);
 * - `timeout`: a statement ran longer than DB_STATEMENT_TIMEOUT_MS and was cancelled (the database is up);
 * - `busy`: the write lock is held (SQLite) or the transaction lost a race (PostgreSQL serialization, deadlock);
 * - `full`: no room left to write (disk full, file size limit, I/O error while writing).
 */
export type DatabaseFault = 'unavailable' | 'timeout' | 'busy' | 'full';

/** PostgreSQL SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const PG_CODES: Record<string, DatabaseFault> = {
  '57P01': 'unavailable', // admin_shutdown: terminated by an administrator (pg_ctl stop -m fast, pg_terminate_backend)
  '57P02': 'unavailable', // crash_shutdown: another backend crashed, the server restarts
  '57P03': 'unavailable', // cannot_connect_now: the server is starting or shutting down
  '57P04': 'unavailable', // database_dropped
  '57014': 'timeout', // query_canceled: statement_timeout (or a cancel request)
  '25P03': 'timeout', // idle_in_transaction_session_timeout
  '53300': 'unavailable', // too_many_connections
  '53400': 'unavailable', // configuration_limit_exceeded
  '53100': 'full', // disk_full
  '53200': 'unavailable', // out_of_memory
  '58030': 'full', // io_error
  '40001': 'busy', // serialization_failure
  '40P01': 'busy', // deadlock_detected
  '55P03': 'busy', // lock_not_available
};

/** Socket errors on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** node-postgres and pg-pool report lost connections and their own timeouts by message only. */
const PG_MESSAGES: ReadonlyArray<[RegExp, DatabaseFault]> = [
  [/^Connection terminated/, 'unavailable'], // unexpectedly / due to connection timeout
  [/^timeout exceeded when trying to connect$/, 'unavailable'], // pg-pool: no connection within DB_CONNECT_TIMEOUT_MS
  [/^Query read timeout$/, 'unavailable'], // query_timeout: the server stopped answering (paused, network gone)
  [/is not queryable$/, 'unavailable'], // a client whose connection already failed
  [/^Cannot use a pool after calling end on the pool$/, 'unavailable'], // shutting down
  [/^server closed the connection unexpectedly/, 'unavailable'],
];

function codeOf(err: object): string | undefined {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function classify(err: object): DatabaseFault | undefined {
  if (err instanceof DatabaseUnavailableError) return 'unavailable';
  const code = codeOf(err);
  if (code !== undefined) {
    if (code.startsWith('SQLITE_')) {
      if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return 'busy';
      if (/^SQLITE_(FULL|IOERR)/.test(code)) return 'full';
      if (/^SQLITE_(CANTOPEN|READONLY)/.test(code)) return 'unavailable';
      return undefined;
    }
    const pg = PG_CODES[code];
    if (pg !== undefined) return pg;
    if (/^08[0-9A-Z]{3}$/.test(code)) return 'unavailable'; // class 08: connection exception
    if (NETWORK_CODES.has(code)) return 'unavailable';
  }
  const message = (err as { message?: unknown }).message;
  if (typeof message === 'string') {
    for (const [pattern, fault] of PG_MESSAGES) if (pattern.test(message)) return fault;
  }
  return undefined;
}

/**
 * The fault an error stands for, or undefined for an ordinary error. Looks through `cause` chains
 * and AggregateErrors (a host name with both an IPv4 and an IPv6 address fails with one of those).
 */
export function databaseFaultOf(err: unknown, depth = 0): DatabaseFault | undefined {
  if (typeof err !== 'object' || err === null || depth > 4) return undefined;
  const direct = classify(err);
  if (direct !== undefined) return direct;
  if (err instanceof AggregateError) {
    for (const inner of err.errors) {
      const fault = databaseFaultOf(inner, depth + 1);
      if (fault !== undefined) return fault;
    }
  }
  return databaseFaultOf((err as { cause?: unknown }).cause, depth + 1);
}

/** Thrown instead of running a statement on a connection already known to be broken. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}
