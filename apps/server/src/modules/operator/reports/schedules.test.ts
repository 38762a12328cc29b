import { chinaTime, formatChinaDateTime } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { seedReportMonth } from '../../../testing/fixtures/report-scene';
import { adminToken, createPlatformApp, dataOf, platformCall } from '../../../testing/platform';

/**
 * Scheduled reports on a fake clock: the data clock says when it is, fake timers drive the module's
 * background job (platform/periodic.ts); the schedule fires at its hour, once, generates last month's
 * report and posts it to the notice centre.
 */

let now = chinaTime(2024, 4, 28, 20);
let app: TestApp;
let admin: string;
let templateId: string;
let episodeTemplateId: string;

beforeAll(async () => {
  app = await createPlatformApp({ DEMO_DATA: 'off', HJ212_PORT: 'off' }, () => now);
  await seedReportMonth(app);
  admin = await adminToken(app);
  episodeTemplateId = dataOf<{ id: string }>(
    await platformCall(app, {
      url: '/cmsReport/template/save',
      token: admin,
      body: { name: '过程报告模板', type: 'episode', content: [{ kind: 'table', id: 'd', query: 'dailyAqi' }] },
    }),
  ).id;
  templateId = dataOf<{ id: string }>(
    await platformCall(app, {
      url: '/cmsReport/template/save',
      token: admin,
      body: {
        name: '月报模板',
        type: 'month',
        content: [{ kind: 'text', id: 'p', text: '{{area}}{{period}}优良天数 {{goodDays}} 天。' }],
      },
    }),
  ).id;
}, 120_000);
afterAll(async () => {
  vi.useRealTimers();
  await app?.close();
});

/** A form post as the spec's client sends it: `area.name` and `summary` as JSON text. */
function formPost(url: string, fields: Record<string, string>) {
  return app.server.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const autoMonitor = async () =>
  dataOf<{ total: number; list: Array<{ title: string; origin: string }> }>(
    await platformCall(app, {
      url: '/report/reportList/autoMonitor',
      token: admin,
      query: { pageNo: '1', pageSize: '10', beginDate: '2024-04-01', endDate: '2024-05-31' },
    }),
  );

describe('a monthly schedule', () => {
  let scheduleId: string;

  it('is added with summary as JSON text and the area as area.name', async () => {
    const refused = await formPost('/report/reportAdd', {
      name: '北京月报',
      type: 'week',
      'area.name': '北京市',
      summary: JSON.stringify({ templateId, hour: 8 }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('月报模板');
    const res = await formPost('/report/reportAdd', {
      name: '北京月报',
      type: 'month',
      businessType: 'autoMonitor',
      'area.name': '北京市',
      summary: JSON.stringify({ templateId, hour: 8, dayOfMonth: 1 }),
    });
    const schedule = dataOf<{ id: string; nextRunAt: string; area: { code: string } }>(res);
    scheduleId = schedule.id;
    expect(schedule).toMatchObject({ nextRunAt: '2024-05-01 08:00:00', area: { code: '110000' } });
    // A heavy-pollution episode of one day or more, reported the morning after it ended.
    const episode = dataOf<{ id: string; nextRunAt: string }>(
      await platformCall(app, {
        url: '/report/addOrUpdate',
        token: admin,
        body: {
          name: '北京重污染过程',
          type: 'episode',
          area: { name: '北京市' },
          summary: JSON.stringify({ templateId: episodeTemplateId, hour: 8, minDays: 1 }),
        },
      }),
    );
    expect(episode.nextRunAt).toBe('2024-04-29 08:00:00');
    const listed = dataOf<{ list: Array<{ id: string }> }>(
      await platformCall(app, { url: '/report/voreportlist', token: admin }),
    );
    expect(listed.list.map((s) => s.id)).toEqual([episode.id, scheduleId]);
  });

  it('fires at its hour on the fake clock, once, and posts the report to the notice centre', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await app.start();

    now = chinaTime(2024, 4, 29, 7, 59);
    await vi.advanceTimersByTimeAsync(60_000);
    // Operator sessions follow the data clock too: sign in again after moving it on.
    admin = await adminToken(app);
    expect((await autoMonitor()).total).toBe(0);

    // 27 April was heavily polluted, the 28th not: the episode schedule reports the 27th.
    now = chinaTime(2024, 4, 29, 8, 0, 30);
    await vi.advanceTimersByTimeAsync(60_000);
    admin = await adminToken(app);
    await vi.waitFor(async () =>
      expect((await autoMonitor()).list).toMatchObject([
        { title: '北京市空气质量重污染过程报告（2024年4月27日）', origin: 'schedule' },
      ]),
    );

    now = chinaTime(2024, 5, 1, 7, 59);
    await vi.advanceTimersByTimeAsync(60_000);
    admin = await adminToken(app);
    expect((await autoMonitor()).total).toBe(1);

    now = chinaTime(2024, 5, 1, 8, 0, 30);
    await vi.advanceTimersByTimeAsync(60_000);
    admin = await adminToken(app);
    // The tick starts the run; the run itself is real database work, done in its own time.
    await vi.waitFor(async () =>
      expect((await autoMonitor()).list).toMatchObject([
        { title: '北京市空气质量月报（2024年4月）', origin: 'schedule' },
        { title: '北京市空气质量重污染过程报告（2024年4月27日）' },
      ]),
    );

    now = chinaTime(2024, 5, 1, 8, 5);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    admin = await adminToken(app);
    expect((await autoMonitor()).total).toBe(2);

    const schedule = dataOf<{ nextRunAt: string; lastRunAt: string; lastError: string | null }>(
      await platformCall(app, { url: '/report/voreportlist', token: admin }),
    );
    expect(JSON.stringify(schedule)).toContain('"nextRunAt":"2024-06-01 08:00:00"');
    const notices = dataOf<{ list: Array<{ type: string; title: string }> }>(
      await platformCall(app, { url: '/adm/notice/bd/list', token: admin, query: { type: 'report' } }),
    );
    expect(notices.list.map((n) => n.title)).toEqual([
      '北京市空气质量月报（2024年4月）已生成',
      '北京市空气质量重污染过程报告（2024年4月27日）已生成',
    ]);
    expect(formatChinaDateTime(now)).toBe('2024-05-01 08:05:00');
  });

  it('is changed with addOrUpdate and deleted; refusals change nothing', async () => {
    const updated = dataOf<{ nextRunAt: string | null; enabled: boolean }>(
      await platformCall(app, {
        url: '/report/addOrUpdate',
        token: admin,
        body: {
          id: scheduleId,
          name: '北京月报',
          type: 'month',
          area: { name: '110000' },
          summary: JSON.stringify({ templateId, hour: 9, dayOfMonth: 2, enabled: false }),
        },
      }),
    );
    expect(updated).toMatchObject({ nextRunAt: null, enabled: false });
    for (const summary of ['{not json', JSON.stringify({ templateId, hour: 25 })]) {
      const res = await formPost('/report/reportUpdate', {
        id: scheduleId,
        name: '改坏',
        type: 'month',
        'area.name': '北京市',
        summary,
      });
      expect(res.statusCode, summary).toBe(400);
    }
    // A date of the right shape that does not exist (found by the route fuzz).
    const impossible = await platformCall(app, {
      url: '/report/reportList/autoMonitor',
      token: admin,
      query: { pageNo: '1', pageSize: '10', beginDate: '2024-02-31' },
    });
    expect(impossible.statusCode).toBe(400);
    const ambiguous = await formPost('/report/reportAdd', {
      name: '朝阳',
      type: 'month',
      'area.name': '朝阳区',
      summary: JSON.stringify({ templateId }),
    });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().msg).toContain('区划代码');
    dataOf(await platformCall(app, { url: '/report/reportDelete', token: admin, body: { id: scheduleId } }));
    const left = dataOf<{ total: number }>(await platformCall(app, { url: '/report/voreportlist', token: admin }));
    expect(left.total).toBe(1);
  });
});
