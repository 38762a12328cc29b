import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, databaseFaultOf } from './faults';

/** The errors node-postgres and better-sqlite3 really throw, built with their own classes. */
function pgError(code: string, message = 'pg error'): Error {
  const err = new pg.DatabaseError(message, 0, 'error');
  err.code = code;
  return err;
}

function systemError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -1, syscall: 'connect' });
}

describe('which database errors are faults (→ 503)', () => {
  it.each([
    ['57P01', 'unavailable'], // terminating connection due to administrator command
    ['57P02', 'unavailable'],
    ['57P03', 'unavailable'], // the database system is starting up
    ['08006', 'unavailable'],
    ['08001', 'unavailable'],
    ['08003', 'unavailable'],
    ['53300', 'unavailable'], // too many clients
    ['57014', 'timeout'], // canceling statement due to statement timeout
    ['25P03', 'timeout'],
    ['53100', 'full'],
    ['40001', 'busy'],
    ['40P01', 'busy'],
  ])('PostgreSQL %s is %s', (code, fault) => {
    expect(databaseFaultOf(pgError(code))).toBe(fault);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'])(
    'socket error %s is unavailable',
    (code) => {
      expect(databaseFaultOf(systemError(code))).toBe('unavailable');
    },
  );

  it('looks inside AggregateError (IPv4 and IPv6 both refused) and cause chains', () => {
    expect(databaseFaultOf(new AggregateError([systemError('ECONNREFUSED')], ''))).toBe('unavailable');
    expect(databaseFaultOf(new Error('wrapped', { cause: pgError('57P01') }))).toBe('unavailable');
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Query read timeout',
    'Client has encountered a connection error and is not queryable',
  ])('node-postgres "%s" is unavailable', (message) => {
    expect(databaseFaultOf(new Error(message))).toBe('unavailable');
  });

  it.each([
    ['SQLITE_BUSY', 'busy'],
    ['SQLITE_BUSY_SNAPSHOT', 'busy'],
    ['SQLITE_LOCKED', 'busy'],
    ['SQLITE_FULL', 'full'],
    ['SQLITE_IOERR_WRITE', 'full'],
    ['SQLITE_IOERR_FSYNC', 'full'],
    ['SQLITE_CANTOPEN', 'unavailable'],
  ])('SQLite %s is %s', (code, fault) => {
    expect(databaseFaultOf(new SqliteDatabase.SqliteError('sqlite error', code))).toBe(fault);
  });

  it('a broken connection of ours is unavailable', () => {
    expect(databaseFaultOf(new DatabaseUnavailableError('x'))).toBe('unavailable');
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a syntax error in SQL', pgError('42601')],
    ['a SQLite constraint', new SqliteDatabase.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'text'],
  ])('%s is not a fault (stays a 500)', (_what, err) => {
    expect(databaseFaultOf(err)).toBeUndefined();
  });
});
