import { type DeviceRow, ErrorCode } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { adminToken, createPlatformApp, dataOf, districtOperator, platformCall } from '../../../testing/platform';
import { gateway } from '.';
import { PUSH_LIMITS } from './gateway.service';

/**
 * The HTTP JSON push (POST /device/push) for devices that cannot speak TCP HJ 212, and what the
 * gateway shows of it: the raw packet log, the unregistered MNs and the counters. The data clock
 * stands at 2026-11-25 12:00 China time. Every test starts with two devices: CYA0001 (A01, 朝阳)
 * and HDA0001 (A01, 海淀), both with the access password PW.
 */

const NOW = chinaTime(2026, 11, 25, 12, 0);
const PW = 'abc12345';
const PUSHER_IP = '203.0.113.7';

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
interface Detail extends DeviceRow {
  latest: Array<{ factor: string; value: number | null; flag: string | null; time: string }>;
}
interface Series {
  factors: Array<{ code: string; points: Array<[string, number | null, string | null]> }>;
}
interface Packet {
  id: string;
  receivedAt: string;
  mn: string | null;
  cn: string | null;
  qn: string | null;
  outcome: string;
  peer: string;
  raw: string;
}
interface Unregistered {
  mn: string;
  firstSeen: string;
  lastSeen: string;
  packets: number;
  lastIp: string;
  lastCn: string | null;
  st: string | null;
  factors: string[];
}
interface Stats {
  tcp: { enabled: boolean; port: number | null; connections: number };
  since: string;
  packets: number;
  values: number;
  refused: Record<string, number>;
}

let app: TestApp;
let admin: string;
const ids: Record<string, string> = {};

const idOf = (mn: string): string => {
  const id = ids[mn];
  if (id === undefined) throw new Error(`no device ${mn}`);
  return id;
};

const packet = (extra: Record<string, unknown> = {}) => ({
  mn: 'CYA0001',
  pw: PW,
  cn: '2051',
  dataTime: '2026-11-25 11:59:00',
  values: [
    { factor: 'a34004', value: 35.2 },
    { factor: 'a34002', value: 61, min: 50, max: 70 },
  ],
  ...extra,
});

/** A push as a device sends it: no session, JSON. */
const push = (body: unknown, ip = PUSHER_IP) => platformCall(app, { url: '/device/push', body, ip });

const read = async <T>(url: string, query: Record<string, string> = {}, token = admin) =>
  dataOf<T>(await platformCall(app, { url, token, query }));

const detail = (mn: string) => read<Detail>('/device/detail', { deviceId: idOf(mn) });
const series = async (mn: string, resolution: string, factor = 'a34004') =>
  (
    await read<Series>('/device/series', {
      deviceId: idOf(mn),
      resolution,
      factor,
      startTime: '2026-11-23 00:00:00',
      endTime: '2026-11-25 12:00:00',
    })
  ).factors[0]?.points ?? [];
const stats = () => read<Stats>('/device/gateway/stats');
const packets = (query: Record<string, string> = {}, token = admin) =>
  read<Page<Packet>>('/device/packets/list', query, token);
async function unregistered(token = admin) {
  await app.use(gateway).flushUnregistered();
  return read<Page<Unregistered>>('/device/unregistered/list', {}, token);
}

function expectRefused(response: LightMyRequestResponse, status: number, code: number, text?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { code: number; msg: string };
  expect(body.code).toBe(code);
  expect(body.msg).toMatch(/\p{Script=Han}/u);
  if (text !== undefined) expect(body.msg).toContain(text);
}

async function register(mn: string, siteCode: string, areaCode: string) {
  const site = dataOf<{ siteId: string }>(
    await platformCall(app, {
      url: '/device/site/save',
      token: admin,
      body: { siteCode, name: `${siteCode}站`, areaCode, lon: 116.4, lat: 39.9 },
    }),
  );
  const body = {
    mn,
    name: `${mn}设备`,
    type: 'A01',
    siteId: site.siteId,
    password: PW,
    factors: [{ code: 'a34004' }, { code: 'a34002' }],
  };
  ids[mn] = dataOf<DeviceRow>(await platformCall(app, { url: '/device/save', token: admin, body })).deviceId;
}

/** Everything a refused push must leave as it was. */
async function stored() {
  return {
    cy: (await detail('CYA0001')).latest,
    cyMinutes: await series('CYA0001', 'minute'),
    hd: (await detail('HDA0001')).latest,
    packets: await packets(),
    accepted: (await stats()).packets,
  };
}

beforeEach(async () => {
  app = await createPlatformApp({ HJ212_BATCH_MS: '5' }, () => NOW);
  admin = await adminToken(app);
  await register('CYA0001', 'CY-01', '110105');
  await register('HDA0001', 'HD-01', '110108');
});
afterEach(async () => {
  await app.close();
});

describe('POST /device/push', () => {
  it('stores a valid packet through the gateway’s pipeline and answers once it is stored', async () => {
    const response = await push(packet());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: '已入库', data: { stored: 2 } });

    const device = await detail('CYA0001');
    expect(device).toMatchObject({
      online: 'online',
      lastSeen: '2026-11-25 12:00:00',
      lastDataTime: '2026-11-25 11:59:00',
    });
    expect(device.latest).toEqual([
      { factor: 'a34002', name: 'PM10', unit: 'μg/m³', value: 61, flag: 'N', time: '2026-11-25 11:59:00' },
      { factor: 'a34004', name: 'PM2.5', unit: 'μg/m³', value: 35.2, flag: 'N', time: '2026-11-25 11:59:00' },
    ]);
    expect(await series('CYA0001', 'minute')).toEqual([['2026-11-25 11:59:00', 35.2, 'N']]);
    // Nothing reached the other device.
    expect((await detail('HDA0001')).latest).toEqual([]);
  });

  it('takes real-time, minute, hour and day data, with their flags; a packet sent twice is stored once', async () => {
    const ok = async (body: unknown) => dataOf<{ stored: number }>(await push(body));
    expect(
      await ok(packet({ cn: '2011', dataTime: '2026-11-25 11:58:30', values: [{ factor: 'a34004', value: 30 }] })),
    ).toEqual({ stored: 1 });
    await ok(
      packet({ cn: '2051', dataTime: '2026-11-25 11:59:00', values: [{ factor: 'a34004', value: 31, flag: 'D' }] }),
    );
    // HJ 212 stamps an hour with its start: 10:00 is the hour that ends (and is labelled) 11:00.
    await ok(packet({ cn: '2061', dataTime: '2026-11-25 10:00:00', values: [{ factor: 'a34004', value: 42 }] }));
    await ok(packet({ cn: '2031', dataTime: '2026-11-24 00:00:00', values: [{ factor: 'a34004', value: 44 }] }));

    expect(await series('CYA0001', 'minute')).toEqual([
      ['2026-11-25 11:58:30', 30, 'N'],
      ['2026-11-25 11:59:00', 31, 'D'],
    ]);
    expect(await series('CYA0001', 'hour')).toEqual([['2026-11-25 11:00:00', 42, 'valid']]);
    expect(await series('CYA0001', 'day')).toEqual([['2026-11-24 00:00:00', 44, 'valid']]);
    const latest = (await detail('CYA0001')).latest.find((v) => v.factor === 'a34004');
    expect(latest).toMatchObject({ value: 31, flag: 'D', time: '2026-11-25 11:59:00' });

    // The same minute again, corrected: one value, the newer.
    await ok(packet({ values: [{ factor: 'a34004', value: 33 }] }));
    expect((await series('CYA0001', 'minute')).filter((p) => p[0] === '2026-11-25 11:59:00')).toEqual([
      ['2026-11-25 11:59:00', 33, 'N'],
    ]);
  });

  it('refuses a wrong password, an unknown MN and a retired device, stores nothing, and lists the unknown MN', async () => {
    const before = await stored();
    // The same answer for a wrong password and an unknown MN: it does not tell which MNs exist.
    expectRefused(await push(packet({ pw: 'wrong999' })), 401, ErrorCode.UNAUTHENTICATED, '设备 MN 或访问密码错误');
    expectRefused(await push(packet({ pw: '' })), 401, ErrorCode.UNAUTHENTICATED, '设备 MN 或访问密码错误');
    expectRefused(await push(packet({ pw: PW.toUpperCase() })), 401, ErrorCode.UNAUTHENTICATED);
    expectRefused(await push(packet({ mn: 'NOBODY0001' })), 401, ErrorCode.UNAUTHENTICATED, '设备 MN 或访问密码错误');
    expectRefused(await push(packet({ mn: 'NOBODY0001', cn: '2061' })), 401, ErrorCode.UNAUTHENTICATED);
    expect(await stored()).toEqual(before);

    const seen = await unregistered();
    expect(seen.list).toEqual([
      {
        mn: 'NOBODY0001',
        firstSeen: '2026-11-25 12:00:00',
        lastSeen: '2026-11-25 12:00:00',
        packets: 2,
        lastIp: PUSHER_IP,
        lastCn: '2061',
        st: null,
        factors: ['a34004', 'a34002'],
      },
    ]);

    dataOf(await platformCall(app, { url: '/device/retire', token: admin, body: { deviceId: idOf('HDA0001') } }));
    const retiredBefore = await stored();
    expectRefused(await push(packet({ mn: 'HDA0001' })), 403, ErrorCode.FORBIDDEN, '设备已退役');
    expect(await stored()).toEqual(retiredBefore);

    expect((await stats()).refused).toEqual({ wrong_password: 3, unknown_mn: 2, retired: 1 });
  });

  it('locks an address out after 20 failed authentications, while other addresses push on', async () => {
    for (let i = 0; i < PUSH_LIMITS.failuresPerAddress; i++) {
      expectRefused(await push(packet({ pw: `guess${i}` }), '203.0.113.9'), 401, ErrorCode.UNAUTHENTICATED);
    }
    const before = await stored();
    // Locked: even the right password is refused now, with the wait in Chinese and Retry-After.
    const locked = await push(packet(), '203.0.113.9');
    expectRefused(locked, 429, ErrorCode.RATE_LIMITED, '认证失败次数过多，请 15 分钟后再试');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(await stored()).toEqual(before);
    expect((await push(packet())).statusCode).toBe(200);
  });

  it('refuses malformed packets with 400 and a Chinese message, and stores nothing', async () => {
    const before = await stored();
    const refused = async (body: unknown, text?: string) =>
      expectRefused(await push(body), 400, ErrorCode.VALIDATION, text);
    const { mn: _mn, ...noMn } = packet();
    await refused(noMn, 'mn');
    const { pw: _pw, ...noPw } = packet();
    await refused(noPw, 'pw');
    const { values: _v, ...noValues } = packet();
    await refused(noValues, 'values');
    const { dataTime: _t, ...noTime } = packet();
    await refused(noTime, 'dataTime');
    await refused(packet({ mn: 'CYA-0001' }), 'MN');
    await refused(packet({ mn: 'A'.repeat(25) }), 'MN');
    await refused(packet({ pw: '1234567890' }));
    await refused(packet({ cn: '9014' }));
    await refused(packet({ cn: 2051 }));
    await refused(packet({ dataTime: '20261125115900' }), '格式应为 YYYY-MM-DD HH:mm:ss');
    await refused(packet({ dataTime: '2026-11-31 11:59:00' }), '不是有效的时间');
    await refused(packet({ dataTime: '2026-11-25 24:00:00' }), '不是有效的时间');
    await refused(packet({ values: [] }), '至少一个因子');
    await refused(
      packet({ values: Array.from({ length: 65 }, (_, i) => ({ factor: `f${i}`, value: i })) }),
      '最多 64 个因子',
    );
    await refused(packet({ values: [{ factor: 'a34004', value: '35.2' }] }));
    await refused(packet({ values: [{ factor: 'a34004' }] }));
    await refused(packet({ values: [{ factor: 'a3400-4', value: 1 }] }), '因子编码');
    await refused(packet({ values: [{ factor: 'a34004', value: 1, flag: 'X' }] }));
    await refused(packet({ values: 'a34004=35.2' }));
    expectRefused(
      await platformCall(app, {
        url: '/device/push',
        headers: { 'content-type': 'application/json' },
        body: '{"mn":"CYA0001",',
      }),
      400,
      ErrorCode.BAD_REQUEST,
    );
    expectRefused(
      await platformCall(app, {
        url: '/device/push',
        headers: { 'content-type': 'text/plain' },
        body: 'QN=1;ST=22;CN=2051;PW=abc12345;MN=CYA0001;CP=&&&&',
      }),
      400,
      ErrorCode.VALIDATION,
    );
    expect(await stored()).toEqual(before);
    expect((await unregistered()).total).toBe(0);
  });
});

describe('the gateway’s view of pushed packets', () => {
  it('keeps accepted packets in the raw log, newest first, without the password', async () => {
    dataOf(await push(packet({ dataTime: '2026-11-25 11:58:00' })));
    dataOf(await push(packet({ mn: 'HDA0001', cn: '2061', dataTime: '2026-11-25 10:00:00' }), '198.51.100.9'));
    dataOf(await push(packet({ dataTime: '2026-11-25 11:59:00' })));
    await push(packet({ pw: 'wrong999' }));
    await push(packet({ mn: 'NOBODY0001' }));

    const log = await packets();
    expect(log.total).toBe(3);
    expect(log.list.map((p) => [p.mn, p.cn, p.outcome, p.peer, p.receivedAt])).toEqual([
      ['CYA0001', '2051', 'accepted', `http:${PUSHER_IP}`, '2026-11-25 12:00:00'],
      ['HDA0001', '2061', 'accepted', 'http:198.51.100.9', '2026-11-25 12:00:00'],
      ['CYA0001', '2051', 'accepted', `http:${PUSHER_IP}`, '2026-11-25 12:00:00'],
    ]);
    const newest = log.list[0];
    // What was received, as read (flags defaulted to N), the password masked.
    expect(JSON.parse(newest?.raw ?? '{}')).toEqual({
      ...packet({ dataTime: '2026-11-25 11:59:00' }),
      pw: '***',
      values: [
        { factor: 'a34004', value: 35.2, flag: 'N' },
        { factor: 'a34002', value: 61, min: 50, max: 70, flag: 'N' },
      ],
    });
    expect(log.list.map((p) => p.raw).join('')).not.toContain(PW);

    expect((await packets({ mn: 'HDA0001' })).list.map((p) => p.cn)).toEqual(['2061']);
    expect((await packets({ mn: 'NOBODY0001' })).total).toBe(0);
    expect((await packets({ outcome: 'accepted' })).total).toBe(3);
    // Refused packets are counted, not kept: asking for them finds none.
    expect((await packets({ outcome: 'wrong_password' })).total).toBe(0);
    const paged = await packets({ pageSize: '2', pageNum: '2' });
    expect(paged).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(paged.list.map((p) => p.id)).toEqual([log.list[2]?.id]);

    // A district operator reads the packets of its own devices only.
    const chaoyang = await districtOperator(app, admin, {
      username: 'chaoyang',
      areaCode: '110105',
      orgName: '朝阳区分局',
      permissions: ['device:view'],
    });
    expect((await packets({}, chaoyang.token)).list.map((p) => p.mn)).toEqual(['CYA0001', 'CYA0001']);
    expect((await packets({ mn: 'HDA0001' }, chaoyang.token)).total).toBe(0);
    expectRefused(
      await platformCall(app, { url: '/device/packets/list', query: { pageSize: '500' }, token: admin }),
      400,
      ErrorCode.VALIDATION,
    );
  });

  it('counts accepted packets and values, and refusals by reason', async () => {
    const start = await stats();
    expect(start).toEqual({
      tcp: { enabled: false, port: null, connections: 0 },
      since: '2026-11-25 12:00:00',
      packets: 0,
      values: 0,
      refused: {},
    });
    dataOf(await push(packet()));
    dataOf(await push(packet({ mn: 'HDA0001', values: [{ factor: 'a34004', value: 12 }] })));
    await push(packet({ pw: 'wrong999' }));
    await push(packet({ mn: 'NOBODY0001' }));
    await push(packet({ mn: 'NOBODY0002' }));
    expect(await stats()).toMatchObject({
      packets: 2,
      values: 3,
      refused: { wrong_password: 1, unknown_mn: 2 },
    });
  });

  it('lists unknown MNs to those who may register devices, until they are registered', async () => {
    await push(packet({ mn: 'NOBODY0001', values: [{ factor: 'a34004', value: 1 }] }));
    await push(packet({ mn: 'NOBODY0001', cn: '2061', values: [{ factor: 'a01001', value: 1 }] }), '198.51.100.9');
    await push(packet({ mn: 'NOBODY0002' }));
    const list = await unregistered();
    expect(list.total).toBe(2);
    expect(list.list.find((u) => u.mn === 'NOBODY0001')).toMatchObject({
      packets: 2,
      lastIp: '198.51.100.9',
      lastCn: '2061',
      factors: ['a34004', 'a01001'],
    });

    const viewer = await districtOperator(app, admin, {
      username: 'viewer',
      areaCode: '110000',
      orgName: '北京市局',
      permissions: ['device:view'],
    });
    expectRefused(
      await platformCall(app, { url: '/device/unregistered/list', token: viewer.token }),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectRefused(await platformCall(app, { url: '/device/unregistered/list' }), 401, ErrorCode.UNAUTHENTICATED);
    expectRefused(await platformCall(app, { url: '/device/gateway/stats' }), 401, ErrorCode.UNAUTHENTICATED);
    expectRefused(await platformCall(app, { url: '/device/packets/list' }), 401, ErrorCode.UNAUTHENTICATED);

    // Registered: it leaves the list, and its next push is stored.
    await register('NOBODY0001', 'CY-09', '110105');
    await expect.poll(async () => (await unregistered()).list.map((u) => u.mn)).toEqual(['NOBODY0002']);
    expect(dataOf<{ stored: number }>(await push(packet({ mn: 'NOBODY0001' }))).stored).toBe(2);
  });
});
