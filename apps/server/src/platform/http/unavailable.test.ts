import SqliteDatabase from 'better-sqlite3';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { StateUnavailableError } from '../state/shared-state';
import { registerErrorHandling } from './error-handler';
import { UnavailableLog, unavailableAnswerOf } from './unavailable';

/** The error handler's DB/Redis branch: each fault a route can meet answers the 503 envelope. */

function pgError(code: string): Error {
  const err = new pg.DatabaseError(`pg ${code}`, 0, 'error');
  err.code = code;
  return err;
}

async function answerTo(err: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw err;
  });
  const res = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return res;
}

describe('database and Redis faults answer 503', () => {
  it.each([
    ['PostgreSQL terminated by an administrator (57P01)', pgError('57P01'), '数据库暂时不可用，请稍后重试'],
    ['PostgreSQL crash shutdown (57P02)', pgError('57P02'), '数据库暂时不可用，请稍后重试'],
    ['PostgreSQL starting up (57P03)', pgError('57P03'), '数据库暂时不可用，请稍后重试'],
    ['PostgreSQL connection failure (08006)', pgError('08006'), '数据库暂时不可用，请稍后重试'],
    ['PostgreSQL statement timeout (57014)', pgError('57014'), '数据库繁忙，查询超时，请稍后重试'],
    [
      'the pool could not connect in time',
      new Error('timeout exceeded when trying to connect'),
      '数据库暂时不可用，请稍后重试',
    ],
    ['the connection dropped', new Error('Connection terminated unexpectedly'), '数据库暂时不可用，请稍后重试'],
    [
      'connection refused',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      '数据库暂时不可用，请稍后重试',
    ],
    ['SQLite busy', new SqliteDatabase.SqliteError('database is locked', 'SQLITE_BUSY'), '数据库繁忙，请稍后重试'],
    [
      'SQLite disk full',
      new SqliteDatabase.SqliteError('database or disk is full', 'SQLITE_FULL'),
      '服务器存储空间不足，暂时无法保存，请稍后重试',
    ],
    [
      'SQLite write error (file size limit)',
      new SqliteDatabase.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE'),
      '服务器存储空间不足，暂时无法保存，请稍后重试',
    ],
    [
      'Redis command timeout',
      new StateUnavailableError('x', { cause: new Error('Command timed out') }),
      '缓存服务暂时不可用，请稍后重试',
    ],
  ])('%s → 503 envelope with Retry-After', async (_what, err, msg) => {
    const res = await answerTo(err);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    const body = res.json();
    expect(body).toMatchObject({ code: 50300, msg });
    expect(JSON.stringify(body)).not.toMatch(/pg |ECONNREFUSED|SQLITE|timed out/);
  });

  it('an ordinary database error is still a 500 (a bug, not an outage)', async () => {
    const res = await answerTo(pgError('23505'));
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe(50000);
  });

  it('logs 503s of one kind once a minute, with the count of those left out', () => {
    let now = 0;
    const lines: Array<{ alike: number }> = [];
    const log = { warn: (obj: { alike: number }) => lines.push(obj) } as unknown as FastifyBaseLogger;
    const limiter = new UnavailableLog(() => now);
    const found = unavailableAnswerOf(pgError('57P01'));
    if (found === undefined) throw new Error('not mapped');
    for (let i = 0; i < 100; i++) limiter.record(log, found, null);
    now += 61_000;
    limiter.record(log, found, null);
    expect(lines.map((l) => l.alike)).toEqual([0, 99]);
  });
});
