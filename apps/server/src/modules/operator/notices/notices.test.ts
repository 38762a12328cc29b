import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import { deviceAlarms } from '../device-alarms';
import { devices } from '../devices';
import { type NewNotice, notices } from '.';

/** 2026-11-25 12:00:00 in Beijing. */
const NOW = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);
const DAY = 86_400;

interface Notice {
  noticeId: string;
  type: string;
  typeName: string;
  title: string;
  content: string;
  level: number | null;
  link: string | null;
  areaCode: string;
  isRead: boolean;
  createdAt: string;
}

interface NoticePage {
  list: Notice[];
  total: number;
  pageNum: number;
  pageSize: number;
  unread: number;
}

/**
 * The notice centre: notices posted to areas by the modules (here directly, and once by a real
 * alarm), read by operators of the areas, each with their own read marks.
 */
describe('the notice centre (/adm/notice/bd/*)', () => {
  let app: TestApp;
  let token: string;
  let clock: number;
  let chaoyang: DistrictOperator;
  let chaoyang2: DistrictOperator;
  let huangpu: DistrictOperator;
  const n = { n1: '', n2: '', n3: '', n4: '' };

  async function post(at: number, notice: NewNotice) {
    clock = at;
    const id = await app.use(notices).post(notice);
    clock = NOW;
    return String(id);
  }

  const list = async (as: string, query: Record<string, string> = {}) =>
    dataOf<NoticePage>(await platformCall(app, { url: '/adm/notice/bd/list', token: as, query }));
  const detail = (as: string, noticeId: string) =>
    platformCall(app, { url: '/adm/notice/bd/detail', token: as, query: { noticeId } });
  const read = async (as: string, noticeIds?: string[]) =>
    dataOf<{ marked: number }>(
      await platformCall(app, {
        url: '/adm/notice/bd/read',
        token: as,
        body: noticeIds === undefined ? {} : { noticeIds },
      }),
    ).marked;
  const badge = async (as: string) =>
    dataOf<{ todo: number; notices: number; total: number }>(
      await platformCall(app, { url: '/zhhb/center/todoNum', token: as }),
    );
  const idsOf = (page: NoticePage) => page.list.map((x) => x.noticeId);

  beforeEach(async () => {
    clock = NOW;
    app = await createPlatformApp({}, () => clock);
    token = await adminToken(app);
    chaoyang = await districtOperator(app, token, {
      username: 'chaoyang',
      areaCode: '110105',
      orgName: '朝阳区分局',
      permissions: ['alarm:view'],
    });
    chaoyang2 = await districtOperator(app, token, {
      username: 'chaoyang2',
      areaCode: '110105',
      orgName: '朝阳区二所',
      permissions: ['device:view'],
    });
    huangpu = await districtOperator(app, token, {
      username: 'huangpu',
      areaCode: '310101',
      orgName: '黄浦区分局',
      permissions: ['alarm:view'],
    });
    n.n1 = await post(NOW - 3 * DAY, {
      type: 'system',
      title: '平台今晚 22:00 维护',
      content: '维护约 30 分钟，期间数据照常接收。',
      areaCode: '110105',
    });
    n.n2 = await post(NOW - 2 * DAY, {
      type: 'device',
      title: '新设备已登记：朝阳微站 1 号',
      content: 'MN LT110105A0001',
      areaCode: '110105',
    });
    n.n3 = await post(NOW - DAY, {
      type: 'alarm',
      title: '二级（橙色）告警：黄浦微站 1 号 PM2.5超限',
      content: 'PM2.5 超过限值 75 μg/m³，当前 90',
      level: 2,
      link: '/platform/alarms?alarmId=7',
      areaCode: '310101',
    });
    n.n4 = await post(NOW - 3600, {
      type: 'alarm',
      title: '一级（红色）告警：朝阳微站 1 号 PM2.5超限',
      content: 'PM2.5 超过限值 250 μg/m³，当前 300',
      level: 1,
      link: '/platform/alarms?alarmId=8',
      areaCode: '110105',
    });
  });
  afterEach(async () => {
    await app.close();
  });

  it('lists the notices of the reader’s area, newest first, with the unread count', async () => {
    const all = await list(token);
    expect(all).toMatchObject({ total: 4, pageNum: 1, pageSize: 20, unread: 4 });
    expect(idsOf(all)).toEqual([n.n4, n.n3, n.n2, n.n1]);
    expect(all.list[0]).toEqual({
      noticeId: n.n4,
      type: 'alarm',
      typeName: '告警',
      title: '一级（红色）告警：朝阳微站 1 号 PM2.5超限',
      content: 'PM2.5 超过限值 250 μg/m³，当前 300',
      level: 1,
      link: '/platform/alarms?alarmId=8',
      areaCode: '110105',
      isRead: false,
      createdAt: '2026-11-25 11:00:00',
    });
    expect(all.list[3]).toMatchObject({
      type: 'system',
      typeName: '系统',
      level: null,
      link: null,
      createdAt: '2026-11-22 12:00:00',
    });
    expect(all.list[2]).toMatchObject({ type: 'device', typeName: '设备' });

    const mine = await list(chaoyang.token);
    expect(idsOf(mine)).toEqual([n.n4, n.n2, n.n1]);
    expect(mine).toMatchObject({ total: 3, unread: 3 });
    const shanghai = await list(huangpu.token);
    expect(idsOf(shanghai)).toEqual([n.n3]);
    expect(shanghai).toMatchObject({ total: 1, unread: 1 });
  });

  it('filters by type, read state and time, and pages; the unread count stays the reader’s whole count', async () => {
    expect(await read(token, [n.n2])).toBe(1);
    const cases: Array<[Record<string, string>, string[]]> = [
      [{ type: 'alarm' }, [n.n4, n.n3]],
      [{ type: 'system' }, [n.n1]],
      [{ type: 'device' }, [n.n2]],
      [{ isRead: '1' }, [n.n2]],
      [{ isRead: '0' }, [n.n4, n.n3, n.n1]],
      [{ isRead: '0', type: 'device' }, []],
      [{ startTime: '2026-11-23 12:00:00' }, [n.n4, n.n3, n.n2]],
      [{ endTime: '2026-11-23 12:00:00' }, [n.n2, n.n1]],
      [{ startTime: '2026-11-23 12:00:01', endTime: '2026-11-24 12:00:00' }, [n.n3]],
      [{ startTime: '2026-11-25 11:00:01' }, []],
      [{ type: 'alarm', isRead: '0', startTime: '2026-11-25 00:00:00', endTime: '2026-11-25 23:59:59' }, [n.n4]],
    ];
    for (const [query, expected] of cases) {
      const page = await list(token, query);
      expect(idsOf(page), JSON.stringify(query)).toEqual(expected);
      expect(page.total, JSON.stringify(query)).toBe(expected.length);
      expect(page.unread, JSON.stringify(query)).toBe(3);
    }
    const second = await list(token, { pageNum: '2', pageSize: '3' });
    expect(second).toMatchObject({ total: 4, pageNum: 2, pageSize: 3, unread: 3 });
    expect(idsOf(second)).toEqual([n.n1]);
    const pairs = await list(token, { pageNum: '2', pageSize: '2' });
    expect(idsOf(pairs)).toEqual([n.n2, n.n1]);
    expect(pairs.list.map((x) => x.isRead)).toEqual([true, false]);
    expect((await list(token, { pageNum: '9', pageSize: '2' })).list).toEqual([]);
  });

  it('shows a notice and marks it read for the reader only', async () => {
    const first = await detail(chaoyang.token, n.n4);
    expect(dataOf<Notice>(first)).toMatchObject({
      noticeId: n.n4,
      isRead: true,
      title: expect.stringContaining('一级'),
    });
    expect((await list(chaoyang.token)).unread).toBe(2);
    expect((await list(chaoyang.token, { isRead: '1' })).list.map((x) => x.noticeId)).toEqual([n.n4]);
    // Reading again changes nothing.
    expect(dataOf<Notice>(await detail(chaoyang.token, n.n4)).isRead).toBe(true);
    expect((await list(chaoyang.token)).unread).toBe(2);
    // Others of the same area and the administrator still have it unread.
    expect((await list(chaoyang2.token)).unread).toBe(3);
    expect((await list(token)).list.find((x) => x.noticeId === n.n4)?.isRead).toBe(false);
  });

  it('marks the given notices read, or all of them, counting only the newly marked', async () => {
    expect(await read(chaoyang.token, [n.n1, n.n2])).toBe(2);
    expect(await read(chaoyang.token, [n.n1, n.n2])).toBe(0);
    expect((await list(chaoyang.token)).unread).toBe(1);
    // A notice of another area is not the reader's to mark: nothing happens.
    expect(await read(chaoyang.token, [n.n3, '9999'])).toBe(0);
    expect((await list(huangpu.token)).unread).toBe(1);
    expect(await read(chaoyang.token, [])).toBe(0);
    // No ids: every unread notice of the reader.
    expect(await read(chaoyang.token)).toBe(1);
    expect(await read(chaoyang.token)).toBe(0);
    const page = await list(chaoyang.token);
    expect(page.unread).toBe(0);
    expect(page.list.every((x) => x.isRead)).toBe(true);
    // Everyone else's marks are untouched.
    expect((await list(chaoyang2.token)).unread).toBe(3);
    expect((await list(token)).unread).toBe(4);
    expect((await list(huangpu.token)).unread).toBe(1);
  });

  it('feeds the unread count to the header badge (todoNum)', async () => {
    expect(await badge(chaoyang2.token)).toEqual({ todo: 0, notices: 3, total: 3 });
    expect(await badge(huangpu.token)).toEqual({ todo: 0, notices: 1, total: 1 });
    expect((await badge(token)).notices).toBe(4);
    await detail(chaoyang2.token, n.n1);
    expect(await badge(chaoyang2.token)).toEqual({ todo: 0, notices: 2, total: 2 });
    await read(chaoyang2.token);
    expect(await badge(chaoyang2.token)).toEqual({ todo: 0, notices: 0, total: 0 });
    // A new notice shows up at once.
    await post(NOW - 60, { type: 'system', title: '新通知', content: '内容', areaCode: '110105' });
    expect(await badge(chaoyang2.token)).toEqual({ todo: 0, notices: 1, total: 1 });
    expect(await badge(huangpu.token)).toEqual({ todo: 0, notices: 1, total: 1 });
  });

  it('hides the notices of other areas: not listed, not shown (404)', async () => {
    const response = await detail(chaoyang.token, n.n3);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 40400, msg: '未找到该消息' });
    const missing = await detail(token, '9999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 40400, msg: '未找到该消息' });
    expect((await list(huangpu.token)).unread).toBe(1);
    expect((await detail(huangpu.token, n.n4)).statusCode).toBe(404);
    expect((await detail(huangpu.token, n.n1)).statusCode).toBe(404);
    expect(idsOf(await list(huangpu.token, { type: 'alarm' }))).toEqual([n.n3]);
  });

  it('refuses junk with 400 and a Chinese message, and callers without a session with 401', async () => {
    const badQueries: Array<Record<string, string>> = [
      { type: 'news' },
      { isRead: '2' },
      { isRead: 'true' },
      { pageNum: '0' },
      { pageSize: '0' },
      { pageSize: '101' },
      { pageNum: 'x' },
      { startTime: '2026-11-25' },
      { endTime: '2026-11-25T12:00:00' },
    ];
    for (const query of badQueries) {
      const response = await platformCall(app, { url: '/adm/notice/bd/list', token, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 40001,
        msg: expect.stringMatching(/^参数错误：\S+ .*[\u4e00-\u9fff]/),
      });
    }
    const badIds: Array<Record<string, string>> = [{ noticeId: 'abc' }, { noticeId: '0' }, {}];
    for (const query of badIds) {
      const response = await platformCall(app, { url: '/adm/notice/bd/detail', token, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toMatchObject({ code: 40001, msg: expect.stringMatching(/^参数错误：noticeId /) });
    }
    for (const body of [
      { noticeIds: 'all' },
      { noticeIds: ['x'] },
      { noticeIds: [1] },
      { noticeIds: Array.from({ length: 101 }, (_, i) => String(i + 1)) },
    ]) {
      const response = await platformCall(app, { url: '/adm/notice/bd/read', token, body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.json()).toMatchObject({ code: 40001, msg: expect.stringMatching(/^参数错误：noticeIds/) });
    }
    // Nothing was marked by the refused calls.
    expect((await list(token)).unread).toBe(4);

    for (const call of [
      { url: '/adm/notice/bd/list' },
      { url: '/adm/notice/bd/detail', query: { noticeId: n.n1 } },
      { url: '/adm/notice/bd/read', body: {} },
    ]) {
      const response = await platformCall(app, call);
      expect(response.statusCode, call.url).toBe(401);
      expect(response.json()).toMatchObject({ code: 40100 });
    }
    expect((await list(chaoyang.token)).unread).toBe(3);
  });

  it('gets a notice for every alarm raised, in the alarm’s area', async () => {
    const site = dataOf<{ siteId: string }>(
      await platformCall(app, {
        url: '/device/site/save',
        token,
        body: { siteCode: 'S-CY-01', name: '朝阳微站一号', areaCode: '110105', lon: 116.48, lat: 39.95 },
      }),
    );
    const deviceId = Number(
      dataOf<{ deviceId: string }>(
        await platformCall(app, {
          url: '/device/save',
          token,
          body: {
            mn: 'LT110105A0001',
            name: '朝阳微站 1 号',
            type: 'A01',
            siteId: site.siteId,
            password: '123456',
            factors: [{ code: 'a34004' }],
          },
        }),
      ).deviceId,
    );
    await app.use(devices).reload();
    // What the server's start does (tests never start the modules): the rules into memory.
    await app.use(deviceAlarms).engine.load();
    // The default rule "PM2.5 负值或超量程" (level 4).
    const ingest = (value: number, t: number) =>
      app
        .use(devices)
        .telemetry.ingest([
          { deviceId, cn: '2011', dataTime: t, receivedAt: NOW, values: [{ factor: 'a34004', value, flag: 'N' }] },
        ]);
    await ingest(-3, NOW - 120);
    await ingest(-4, NOW - 60);
    await app.use(deviceAlarms).engine.idle();

    const alarms = dataOf<{ list: Array<{ alarmId: string; count: number }> }>(
      await platformCall(app, { url: '/adm/alarm/center/bd/list', token }),
    ).list;
    expect(alarms.map((a) => a.count)).toEqual([2]);
    const page = await list(chaoyang.token, { type: 'alarm' });
    // One notice per alarm raised, not per repeat.
    expect(page.total).toBe(2);
    expect(page.list[0]).toMatchObject({
      type: 'alarm',
      title: '四级（蓝色）告警：朝阳微站 1 号 PM2.5超出量程/负值',
      content: 'PM2.5 出现负值，当前 -3',
      level: 4,
      link: `/platform/alarms?alarmId=${alarms[0]?.alarmId}`,
      areaCode: '110105',
      isRead: false,
      createdAt: '2026-11-25 12:00:00',
    });
    expect((await list(huangpu.token)).total).toBe(1);
    expect(await badge(chaoyang.token)).toEqual({ todo: 1, notices: 4, total: 5 });
  });
});
