import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { signedInject } from '../../../testing/signed';
import { accounts } from '.';

/** user_visits (saveUserVisRecord) would grow for ever: rows past USER_VISITS_RETENTION_DAYS are swept. */
let app: TestApp;
const DAY = 86_400;

beforeAll(async () => {
  app = await createTestApp({ env: { USER_VISITS_RETENTION_DAYS: '30' } });
});
afterAll(async () => {
  await app.close();
});

describe('visit record retention', () => {
  it('deletes visits older than the retention, keeps newer ones and those just recorded', async () => {
    const now = Math.floor(Date.now() / 1000);
    const row = (id: string, ageDays: number) => ({
      id,
      unique_id: 'visitor-0001',
      user_id: null,
      url: `/city/${id}`,
      created_at: now - ageDays * DAY,
    });
    const old = Array.from({ length: 1500 }, (_, i) => row(`old${i}`, 31 + (i % 300)));
    for (let i = 0; i < old.length; i += 300) {
      await app.database.db
        .insertInto('user_visits')
        .values(old.slice(i, i + 300))
        .execute();
    }
    await app.database.db
      .insertInto('user_visits')
      .values([row('recent', 29), row('today', 0)])
      .execute();
    const recorded = await signedInject(app.server, app.config, {
      method: 'POST',
      url: '/api/user/saveUserVisRecord',
      params: { uniqueId: 'visitor-0002', url: '/site/1001A' },
    });
    expect(recorded.statusCode).toBe(200);

    expect(await app.use(accounts).sweepVisits()).toBe(1500);
    const left = await app.database.db.selectFrom('user_visits').select(['id', 'url']).orderBy('url').execute();
    expect(left.map((r) => r.url)).toEqual(['/city/recent', '/city/today', '/site/1001A']);
    expect(await app.use(accounts).sweepVisits()).toBe(0);
  });
});
