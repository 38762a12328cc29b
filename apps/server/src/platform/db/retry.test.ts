import { describe, expect, it } from 'vitest';
import { isLockContention, retryOnContention } from './retry';

const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

describe('retrying work lost to another writer', () => {
  it('tells lock contention (SQLite busy, PostgreSQL serialization failure and deadlock) from real failures', () => {
    expect(isLockContention(busy)).toBe(true);
    expect(isLockContention({ code: 'SQLITE_BUSY_SNAPSHOT' })).toBe(true);
    expect(isLockContention({ code: '40001' })).toBe(true);
    expect(isLockContention({ code: '40P01' })).toBe(true);
    expect(isLockContention({ code: '23505' })).toBe(false);
    expect(isLockContention({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' })).toBe(false);
    expect(isLockContention(new Error('boom'))).toBe(false);
    expect(isLockContention(null)).toBe(false);
  });

  it('runs the work again after contention and answers its result', async () => {
    let tries = 0;
    const result = await retryOnContention(
      async () => {
        tries++;
        if (tries < 3) throw busy;
        return 'done';
      },
      { baseDelayMs: 1 },
    );
    expect(result).toBe('done');
    expect(tries).toBe(3);
  });

  it('rethrows other errors at once, and contention once the attempts are spent', async () => {
    let tries = 0;
    const failing = async () => {
      tries++;
      throw new Error('constraint');
    };
    await expect(retryOnContention(failing, { baseDelayMs: 1 })).rejects.toThrow('constraint');
    expect(tries).toBe(1);
    tries = 0;
    await expect(
      retryOnContention(
        async () => {
          tries++;
          throw busy;
        },
        { attempts: 4, baseDelayMs: 1 },
      ),
    ).rejects.toBe(busy);
    expect(tries).toBe(4);
  });
});
