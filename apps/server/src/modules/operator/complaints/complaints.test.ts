import { type AuditRow, type ComplaintRow, ErrorCode, type EventDetail } from '@lantian/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, captchaUuid } from '../../../testing/accounts';
import type { TestApp } from '../../../testing/app';
import { polygon, saveGrid, square } from '../../../testing/grid-world';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  PLATFORM_CAPTCHA,
  platformCall,
} from '../../../testing/platform';

/** 2026-11-25 12:00:00 in Beijing. */
const NOW = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);

interface Page<T> {
  list: T[];
  total: number;
}
interface Progress {
  no: string;
  type: string;
  typeName: string;
  title: string;
  status: string;
  statusName: string;
  reply: string | null;
  createdAt: string;
  handledAt: string | null;
}

let app: TestApp;
let admin: string;
const clock = { now: NOW };
/** 朝阳区: complaint:view, grid:dispatch, grid:view. */
let desk: DistrictOperator;
/** 朝阳区: complaint:view only. */
let viewer: DistrictOperator;
/** 黄浦区: complaint:view, grid:dispatch. */
let huangpu: DistrictOperator;
/** 北京市: complaint:view. */
let beijing: DistrictOperator;

/** Spread over addresses: each address may submit 5 an hour. */
let nextIp = 1;
const freshIp = () => `10.1.0.${nextIp++}`;

const FORM = {
  type: 'siteDust',
  title: '工地夜间扬尘',
  content: '朝阳路工地晚上十点后仍在土方作业，扬尘很大。',
  contactName: '张先生',
  phone: '13812341234',
  longitude: '116.45',
  latitude: '39.95',
  address: '朝阳路 100 号',
};

async function submit(fields: Record<string, string>, ip = freshIp(), code = PLATFORM_CAPTCHA) {
  const uuid = await captchaUuid(app, ip);
  return call(app, 'POST', '/api/complaint/submit', { params: { uuid, code, ...fields }, ip });
}
const submitted = async (fields: Record<string, string> = FORM) =>
  dataOf<{ no: string; createdAt: string }>(await submit(fields));
const status = (params: Record<string, string>, ip = '10.9.9.9') =>
  call(app, 'GET', '/api/complaint/status', { params, ip });
const get = (token: string, url: string, query: Record<string, string> = {}) =>
  platformCall(app, { url, token, query });
const post = (token: string, url: string, body: unknown) => platformCall(app, { url, token, body });
const list = async (token: string, query: Record<string, string> = {}) =>
  dataOf<Page<ComplaintRow>>(await get(token, '/adm/complaint/bd/list', { pageSize: '100', ...query }));
const detail = async (token: string, id: string) =>
  dataOf<ComplaintRow>(await get(token, '/adm/complaint/bd/detail', { id }));
const idOf = async (no: string) => {
  const found = (await list(beijing.token, { keyword: no })).list[0];
  if (found === undefined) throw new Error(`no complaint ${no}`);
  return found.id;
};
const audits = async (action: string) =>
  dataOf<{ list: AuditRow[] }>(await get(admin, '/sys/audit/list', { action, pageSize: '100' })).list;
const badge = async (token: string) => dataOf<{ todo: number }>(await get(token, '/zhhb/center/todoNum')).todo;

function expectChinese400(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  expect(res.json().msg, what).toMatch(/[\u4e00-\u9fff]/);
}

beforeAll(async () => {
  app = await createPlatformApp({ PLATFORM_SESSION_IDLE_MINUTES: '1440' }, () => clock.now);
  admin = await adminToken(app);
  await saveGrid(app, admin, {
    areaCode: '110105',
    gridCode: '110105001',
    name: '甲街道',
    boundary: polygon(square(116.4, 39.9, 0.1)),
  });
  const operator = (username: string, areaCode: string, permissions: string[]) =>
    districtOperator(app, admin, { username, areaCode, orgName: `${username}单位`, permissions });
  desk = await operator('desk', '110105', ['complaint:view', 'grid:dispatch', 'grid:view']);
  viewer = await operator('viewer', '110105', ['complaint:view']);
  huangpu = await operator('huangpu', '310101', ['complaint:view', 'grid:dispatch']);
  beijing = await operator('beijing', '110000', ['complaint:view']);
});
afterAll(async () => {
  await app.close();
});

describe('the public form', () => {
  it('takes a complaint with the image captcha, answers a tracking number, tells the area and audits it', async () => {
    const before = await badge(viewer.token);
    const answer = await submitted();
    expect(answer).toEqual({ no: 'TS2026112500001', createdAt: '2026-11-25 12:00:00' });
    // Located in 甲街道: the county of the grid.
    const row = (await list(viewer.token)).list.find((c) => c.no === answer.no);
    expect(row).toMatchObject({
      type: 'siteDust',
      typeName: '工地扬尘',
      status: 'received',
      statusName: '待受理',
      title: '工地夜间扬尘',
      contactName: '张先生',
      phone: '138****1234',
      longitude: 116.45,
      latitude: 39.95,
      address: '朝阳路 100 号',
      areaCode: '110105',
      source: 'public',
      sourceName: '网站投诉',
      eventId: null,
      eventState: null,
      reply: null,
      handledAt: null,
    });
    expect(await badge(viewer.token)).toBe(before + 1);
    const notices = dataOf<Page<{ type: string; title: string; link: string }>>(
      await get(viewer.token, '/adm/notice/bd/list', { type: 'complaint' }),
    ).list;
    expect(notices[0]).toMatchObject({
      type: 'complaint',
      title: '新投诉：工地夜间扬尘',
      link: `/platform/complaints?id=${row?.id}`,
    });
    expect((await audits('complaint.receive'))[0]).toMatchObject({ actor: '公众（网站投诉）', targetId: row?.id });
    // The client address is kept only as a keyed hash.
    const stored = await app.database.db
      .selectFrom('complaints')
      .select('ip_hash')
      .where('id', '=', Number(row?.id))
      .executeTakeFirstOrThrow();
    expect(stored.ip_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes the chosen county when the position lies in no grid, or when there is no position', async () => {
    const shanghai = await submitted({ ...FORM, longitude: '121.47', latitude: '31.23', areaCode: '310101' });
    const noPosition = await submitted({
      type: 'noise',
      title: '夜间施工噪声',
      content: '凌晨两点还在施工。',
      areaCode: '310101',
    });
    const seen = (await list(huangpu.token)).list.map((c) => c.no);
    expect(seen).toEqual(expect.arrayContaining([shanghai.no, noPosition.no]));
    expect((await list(viewer.token)).list.map((c) => c.no)).not.toContain(shanghai.no);
    for (const [fields, message] of [
      [{ ...FORM, longitude: '121.47', latitude: '31.23' }, /请选择所在区县/],
      [{ ...FORM, longitude: undefined, latitude: undefined }, /请选择所在区县/],
      [{ ...FORM, longitude: '121.47', latitude: '31.23', areaCode: '110000' }, /请选择所在区县/],
      [{ ...FORM, longitude: '121.47', latitude: '31.23', areaCode: '999999' }, /请选择所在区县/],
      [{ ...FORM, latitude: undefined }, /经度和纬度须同时填写/],
      [{ ...FORM, phone: '12812341234' }, /请输入正确的手机号/],
      [{ ...FORM, phone: '1381234123' }, /请输入正确的手机号/],
      [{ ...FORM, type: 'noSuchType' }, /投诉类别不存在/],
      [{ ...FORM, title: '' }, /请填写投诉标题/],
      [{ ...FORM, content: 'x'.repeat(2001) }, /2000/],
      [{ ...FORM, longitude: 'abc' }, /经度/],
    ] as const) {
      const clean = Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
      const res = await submit(clean);
      expectChinese400(res, JSON.stringify(fields).slice(0, 80));
      expect(res.json().msg).toMatch(message);
    }
  });

  it('checks the captcha: empty, wrong, or used once already', async () => {
    const ip = freshIp();
    const empty = await submit(FORM, ip, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('验证码不能为空');
    const wrong = await submit(FORM, ip, 'ZZZZ');
    expect(wrong.json()).toMatchObject({ code: ErrorCode.CAPTCHA_INVALID, msg: '验证码不正确' });
    const uuid = await captchaUuid(app, ip);
    const params = { uuid, code: PLATFORM_CAPTCHA, ...FORM };
    expect((await call(app, 'POST', '/api/complaint/submit', { params, ip })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/complaint/submit', { params, ip })).json().code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
  });

  it('is a signed call of the public site, refused from another site', async () => {
    const unsigned = await app.server.inject({
      method: 'POST',
      url: '/api/complaint/submit',
      payload: new URLSearchParams(FORM).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
    expect(unsigned.statusCode).toBeLessThan(500);
    const uuid = await captchaUuid(app);
    const cross = await call(app, 'POST', '/api/complaint/submit', {
      params: { uuid, code: PLATFORM_CAPTCHA, ...FORM },
      from: 'cross-site',
    });
    expect(cross.json().code).toBe(ErrorCode.CSRF_REJECTED);
  });

  it('takes 5 complaints an hour from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await submit(FORM, ip)).statusCode).toBe(200);
    const sixth = await submit(FORM, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().msg).toMatch(/投诉提交过于频繁/);
    expect((await submit(FORM, freshIp())).statusCode).toBe(200);
  });
});

describe('the citizen’s progress query', () => {
  it('answers the status by number and the phone’s last four digits, nothing personal, the same 404 for any mismatch', async () => {
    const { no } = await submitted();
    const answer = dataOf<Progress>(await status({ no, phoneTail: '1234' }));
    expect(answer).toEqual({
      no,
      type: 'siteDust',
      typeName: '工地扬尘',
      title: '工地夜间扬尘',
      status: 'received',
      statusName: '已提交，待受理',
      reply: null,
      createdAt: '2026-11-25 12:00:00',
      handledAt: null,
    });
    const mismatches: Array<Record<string, string>> = [
      { no, phoneTail: '4321' },
      { no },
      { no: no.replace('TS20261125', 'TS20261124'), phoneTail: '1234' },
      { no: 'TS2026112599999', phoneTail: '1234' },
    ];
    for (const params of mismatches) {
      const res = await status(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(404);
      expect(res.json().msg).toBe('未找到该投诉，请核对投诉编号和手机号后 4 位');
    }
    // Without a phone, the number alone.
    const anonymous = await submitted({ type: 'noise', title: '噪声', content: '很吵', areaCode: '110105' });
    expect(dataOf<Progress>(await status({ no: anonymous.no })).status).toBe('received');
    const junk: Array<Record<string, string>> = [
      {},
      { no: 'abc' },
      { no: 'TS123' },
      { no, phoneTail: '12' },
      { no, phoneTail: 'abcd' },
    ];
    for (const params of junk) {
      expectChinese400(await status(params), JSON.stringify(params));
    }
  });

  it('limits how often one address asks', async () => {
    const { no } = await submitted();
    const ip = '10.8.8.8';
    for (let i = 0; i < 30; i++) expect((await status({ no, phoneTail: '0000' }, ip)).statusCode).toBe(404);
    expect((await status({ no, phoneTail: '1234' }, ip)).statusCode).toBe(429);
  });
});

describe('the complaint centre', () => {
  it('lists within the operator’s area, masks phones in lists and shows them in full in the detail', async () => {
    const chaoyang = await list(viewer.token);
    expect(chaoyang.list.every((c) => c.areaCode === '110105')).toBe(true);
    expect(chaoyang.list.filter((c) => c.phone !== null).every((c) => c.phone === '138****1234')).toBe(true);
    expect((await list(beijing.token)).total).toBe(chaoyang.total);
    const first = chaoyang.list.at(-1);
    expect(first?.no).toBe('TS2026112500001');
    expect((await detail(viewer.token, first?.id ?? '')).phone).toBe('13812341234');
    const theirs = (await list(huangpu.token)).list[0]?.id ?? '';
    expect((await get(viewer.token, '/adm/complaint/bd/detail', { id: theirs })).statusCode).toBe(404);
    expect((await get(desk.token, '/adm/complaint/bd/detail', { id: '999999' })).statusCode).toBe(404);
    expect((await get(huangpu.token, '/adm/complaint/bd/detail', { id: theirs })).statusCode).toBe(200);
  });

  it('filters by type (with sub-types), status, source, keyword, number and time', async () => {
    const total = async (query: Record<string, string>) => (await list(beijing.token, query)).total;
    const all = await total({});
    expect(await total({ type: 'dust' })).toBe(await total({ type: 'siteDust' }));
    expect(await total({ type: 'noise' })).toBe(1);
    expect(await total({ status: 'received' })).toBe(all);
    expect(await total({ source: 'hotline' })).toBe(0);
    expect(await total({ keyword: '凌晨' })).toBe(0);
    expect(await total({ keyword: '十点' })).toBe(all - 1);
    expect(await total({ keyword: 'TS2026112500001' })).toBe(1);
    expect(await total({ keyword: 'ts2026112500001' })).toBe(1);
    expect(await total({ startTime: '2026-11-25 12:00:01' })).toBe(0);
    expect(await total({ endTime: '2026-11-25 12:00:00' })).toBe(all);
  });

  it('registers a hotline complaint, accepted at once, within the operator’s area', async () => {
    clock.now = NOW + 3600;
    const saved = dataOf<ComplaintRow>(
      await post(desk.token, '/adm/complaint/bd/save', {
        type: 'openBurning',
        title: '河边焚烧垃圾',
        content: '热线来电：河边有人焚烧垃圾。',
        phone: '13900001111',
        address: '坝河南岸',
        source: 'hotline',
      }),
    );
    expect(saved).toMatchObject({
      no: `TS20261125${saved.id.padStart(5, '0')}`,
      status: 'accepted',
      source: 'hotline',
      sourceName: '热线电话',
      areaCode: '110105',
      phone: '13900001111',
      longitude: null,
      createdAt: '2026-11-25 13:00:00',
    });
    expect((await audits('complaint.receive'))[0]).toMatchObject({ actor: 'desk', targetId: saved.id });
    const outside = await post(desk.token, '/adm/complaint/bd/save', {
      type: 'noise',
      title: '噪声',
      content: '很吵',
      areaCode: '310101',
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe(ErrorCode.AREA_OUT_OF_SCOPE);
    const notAllowed = await post(viewer.token, '/adm/complaint/bd/save', { type: 'noise', title: 'x', content: 'y' });
    expect(notAllowed.statusCode).toBe(403);
  });
});

describe('conversion into an event, answers, and what the citizen reads', () => {
  it('converts a complaint into a grid event once; the citizen reads 办理中, then 已办结 when the event closes', async () => {
    clock.now = NOW + 7200;
    const { no } = await submitted();
    const id = await idOf(no);
    const converted = dataOf<ComplaintRow>(
      await post(desk.token, '/adm/complaint/bd/toEvent', { id, priority: 2, title: '工地扬尘（群众投诉）' }),
    );
    expect(converted).toMatchObject({ status: 'converted', statusName: '已转事件', eventState: 'reported' });
    expect(converted.handledByName).toBe('desk单位人员');
    const eventId = converted.eventId ?? '';
    const event = dataOf<EventDetail>(await get(desk.token, '/adm/event/voDetail', { eventId }));
    expect(event).toMatchObject({
      title: '工地扬尘（群众投诉）',
      source: 'complaint',
      eventClassification: 'siteDust',
      priority: 2,
      complaintId: id,
      bindGridCode: '110105001',
      longitude: 116.45,
    });
    const again = await post(desk.token, '/adm/complaint/bd/toEvent', { id, priority: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该投诉已转为事件');
    const events = dataOf<Page<EventDetail>>(await get(desk.token, '/adm/event/list', { source: 'complaint' }));
    expect(events.list.filter((e) => e.eventId === eventId)).toHaveLength(1);
    expect(events.total).toBe(1);
    expect((await audits('complaint.convert'))[0]).toMatchObject({ targetId: id });

    expect(dataOf<Progress>(await status({ no, phoneTail: '1234' }))).toMatchObject({
      status: 'converted',
      statusName: '办理中',
    });
    // The event's own flow closes it (tested by the events module); here its state is set directly.
    clock.now = NOW + 9000;
    await app.database.db
      .updateTable('events')
      .set({ state: 'closed', closed_at: NOW + 9000 })
      .where('id', '=', Number(eventId))
      .execute();
    expect(dataOf<Progress>(await status({ no, phoneTail: '1234' }))).toMatchObject({
      status: 'closed',
      statusName: '已办结',
      handledAt: '2026-11-25 14:30:00',
    });
    // A converted complaint may be closed with an answer, not rejected.
    const reject = await post(desk.token, '/adm/complaint/bd/reply', { id, reply: '不予受理', status: 'rejected' });
    expect(reject.statusCode).toBe(409);
    const closed = dataOf<ComplaintRow>(
      await post(desk.token, '/adm/complaint/bd/reply', { id, reply: '工地已停工整改。', status: 'closed' }),
    );
    expect(closed).toMatchObject({ status: 'closed', reply: '工地已停工整改。' });
  });

  it('needs a position for the event, the dispatch permission, and a complaint still open', async () => {
    const anonymous = await submitted({ type: 'noise', title: '夜间施工', content: '很吵', areaCode: '110105' });
    const id = await idOf(anonymous.no);
    const noPlace = await post(desk.token, '/adm/complaint/bd/toEvent', { id });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().msg).toMatch(/请在地图上标注事件位置/);
    expect(
      (await post(viewer.token, '/adm/complaint/bd/toEvent', { id, longitude: 116.41, latitude: 39.91 })).statusCode,
    ).toBe(403);
    const theirs = (await list(huangpu.token)).list[0]?.id ?? '';
    expect((await post(desk.token, '/adm/complaint/bd/toEvent', { id: theirs })).statusCode).toBe(404);
    const placed = dataOf<ComplaintRow>(
      await post(desk.token, '/adm/complaint/bd/toEvent', {
        id,
        longitude: 116.41,
        latitude: 39.91,
        eventClassification: 'nightConstruction',
      }),
    );
    expect(placed.status).toBe('converted');
    // Answered complaints are final.
    const other = await idOf((await submitted()).no);
    dataOf(
      await post(desk.token, '/adm/complaint/bd/reply', { id: other, reply: '经核查不属实。', status: 'rejected' }),
    );
    const converting = await post(desk.token, '/adm/complaint/bd/toEvent', { id: other });
    expect(converting.statusCode).toBe(409);
    expect(
      (await post(desk.token, '/adm/complaint/bd/reply', { id: other, reply: '再答', status: 'closed' })).statusCode,
    ).toBe(409);
  });

  it('answers a complaint: the citizen reads the answer; audited', async () => {
    const { no } = await submitted();
    const id = await idOf(no);
    clock.now = NOW + 10_800;
    const answered = dataOf<ComplaintRow>(
      await post(desk.token, '/adm/complaint/bd/reply', {
        id,
        reply: '已责令工地夜间停止土方作业。',
        status: 'closed',
      }),
    );
    expect(answered).toMatchObject({
      status: 'closed',
      handledAt: '2026-11-25 15:00:00',
      handledByName: 'desk单位人员',
    });
    expect(dataOf<Progress>(await status({ no, phoneTail: '1234' }))).toMatchObject({
      status: 'closed',
      statusName: '已办结',
      reply: '已责令工地夜间停止土方作业。',
      handledAt: '2026-11-25 15:00:00',
    });
    expect((await audits('complaint.close'))[0]).toMatchObject({ targetId: id, actor: 'desk' });
  });
});

describe('junk input', () => {
  it('answers 400 with a Chinese message, never 5xx', async () => {
    const id = (await list(viewer.token)).list[0]?.id ?? '1';
    const listQueries: Array<Record<string, string>> = [
      { pageSize: '1000' },
      { pageNum: '-1' },
      { status: 'lost' },
      { source: 'fax' },
      { type: '<script>' },
      { startTime: 'yesterday' },
      { startTime: '2026-11-25 12:00:00', endTime: '2026-11-24 12:00:00' },
      { keyword: 'x'.repeat(41) },
    ];
    for (const query of listQueries) {
      expectChinese400(await get(viewer.token, '/adm/complaint/bd/list', query), JSON.stringify(query));
    }
    const detailQueries: Array<Record<string, string>> = [{}, { id: '0' }, { id: 'abc' }, { id: '9'.repeat(13) }];
    for (const query of detailQueries) {
      expectChinese400(await get(viewer.token, '/adm/complaint/bd/detail', query), JSON.stringify(query));
    }
    const bodies: Array<[string, unknown]> = [
      ['/adm/complaint/bd/save', {}],
      ['/adm/complaint/bd/save', { type: 'noise', title: 'x', content: 'y', source: 'public' }],
      ['/adm/complaint/bd/save', { type: 'noise', title: 'x', content: 'y', phone: 'abc' }],
      ['/adm/complaint/bd/save', { type: 'noise', title: 'x', content: 'y', latitude: 39.9 }],
      ['/adm/complaint/bd/save', { type: 'noise', title: 'x', content: 'y', areaCode: '12' }],
      ['/adm/complaint/bd/toEvent', {}],
      ['/adm/complaint/bd/toEvent', { id, priority: 7 }],
      ['/adm/complaint/bd/toEvent', { id, longitude: 200, latitude: 39.9 }],
      ['/adm/complaint/bd/toEvent', { id, longitude: 116.4 }],
      ['/adm/complaint/bd/toEvent', { id: 'x' }],
      ['/adm/complaint/bd/reply', { id, reply: '', status: 'closed' }],
      ['/adm/complaint/bd/reply', { id, reply: 'ok', status: 'converted' }],
      ['/adm/complaint/bd/reply', { id, reply: 'x'.repeat(1001), status: 'closed' }],
      ['/adm/complaint/bd/reply', [1, 2, 3]],
    ];
    for (const [url, body] of bodies) {
      expectChinese400(await post(desk.token, url, body), `${url} ${JSON.stringify(body)}`);
    }
    const raw = await app.server.inject({
      method: 'POST',
      url: '/adm/complaint/bd/reply',
      headers: { authorization: `Bearer ${desk.token}`, 'content-type': 'application/json' },
      payload: '{"id": ',
    });
    expect(raw.statusCode).toBe(400);
  });
});
