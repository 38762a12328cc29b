import { type AlarmRow, type AuditRow, ErrorCode, type EventDetail, type EventRow } from '@lantian/contracts';
import { createCanvas } from '@napi-rs/canvas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { multipart, polygon, saveGrid, square } from '../../../testing/grid-world';
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
import { events } from '.';
import { openEventFromAlarm } from './alarm-events';
import { DictionaryCatalogue } from './catalogue';

/** 2026-11-25 12:00:00 in Beijing. */
const NOW = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);
const HOUR = 3600;

/** Points: in community A1, in street A outside A1, in community B1, in 朝阳区 but in no grid. */
const IN_A1 = { longitude: '116.42', latitude: '39.92' };
const IN_A = { longitude: '116.47', latitude: '39.97' };
const IN_B1 = { longitude: '116.31', latitude: '39.91' };

interface Page<T> {
  list: T[];
  total: number;
}
interface LogRow {
  action: string;
  actionName: string;
  fromState: string | null;
  toState: string | null;
  actorName: string;
  note: string | null;
  target: string | null;
  at: string;
}
interface Attachment {
  attachmentId: string;
  name: string;
  url: string;
  width: number;
  height: number;
  longitude: number | null;
  latitude: number | null;
  takenAt: string | null;
  step: string;
  uploadedBy: string;
}
interface TaskRow {
  taskId: string;
  kind: string;
  subjectId: string | null;
  assigneeId: string;
  status: string;
  dueAt: string | null;
}
interface ApprovalRow {
  approvalId: string;
  kind: string;
  subjectId: string;
  status: string;
  decidedBy: string | null;
  note: string | null;
}

// --- Photos ----------------------------------------------------------------------------------------

/** An APP1 'Exif\0\0' segment (big-endian TIFF) with DateTimeOriginal and a GPS position, as a phone writes it. */
function exifSegment(takenAt: string, lat: [number, number, number], lon: [number, number, number]): Buffer {
  const tiff = Buffer.alloc(400);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  let data = 300;
  const ifd = (at: number, entries: Array<[number, number, number, (slot: number) => void]>) => {
    tiff.writeUInt16BE(entries.length, at);
    entries.forEach(([tag, type, count, write], i) => {
      const entry = at + 2 + 12 * i;
      tiff.writeUInt16BE(tag, entry);
      tiff.writeUInt16BE(type, entry + 2);
      tiff.writeUInt32BE(count, entry + 4);
      write(entry + 8);
    });
    tiff.writeUInt32BE(0, at + 2 + 12 * entries.length);
  };
  const outside = (size: number, write: (at: number) => void) => (slot: number) => {
    tiff.writeUInt32BE(data, slot);
    write(data);
    data += size;
  };
  // Degrees, minutes, seconds × 100.
  const dms = (v: [number, number, number]) =>
    outside(24, (at) => {
      for (const [i, [n, d]] of [
        [v[0], 1],
        [v[1], 1],
        [v[2], 100],
      ].entries()) {
        tiff.writeUInt32BE(n ?? 0, at + 8 * i);
        tiff.writeUInt32BE(d ?? 1, at + 8 * i + 4);
      }
    });
  ifd(8, [
    [0x8769, 4, 1, (at) => tiff.writeUInt32BE(100, at)],
    [0x8825, 4, 1, (at) => tiff.writeUInt32BE(150, at)],
  ]);
  ifd(100, [[0x9003, 2, 20, outside(20, (at) => tiff.write(`${takenAt}\0`, at, 'latin1'))]]);
  ifd(150, [
    [0x0001, 2, 2, (at) => tiff.write('N\0', at, 'latin1')],
    [0x0002, 5, 3, dms(lat)],
    [0x0003, 2, 2, (at) => tiff.write('E\0', at, 'latin1')],
    [0x0004, 5, 3, dms(lon)],
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff.subarray(0, data)]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

async function picture(format: 'jpeg' | 'png', colour = '#3a7'): Promise<Buffer> {
  const canvas = createCanvas(320, 240);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, 320, 240);
  return format === 'png' ? canvas.encode('png') : canvas.encode('jpeg', 90);
}

/** A phone's JPEG taken at 116°25'12"E 39°55'12"N (in community A1) at 10:30:00 China time. */
async function phonePhoto(): Promise<Buffer> {
  const jpeg = await picture('jpeg');
  return Buffer.concat([
    jpeg.subarray(0, 2),
    exifSegment('2026:11:25 10:30:00', [39, 55, 1200], [116, 25, 1200]),
    jpeg.subarray(2),
  ]);
}

/** The JPEG markers before the scan. */
function markers(jpeg: Buffer): number[] {
  const out: number[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] ?? 0;
    if (marker === 0xda) break;
    out.push(marker);
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return out;
}

// --- The world ------------------------------------------------------------------------------------

interface World {
  app: TestApp;
  clock: { now: number };
  admin: string;
  /** grid:view, grid:dispatch, grid:stats; no grid role. */
  dispatcher: DistrictOperator;
  /** grid:view, grid:review. */
  reviewer: DistrictOperator;
  /** grid:view, grid:report, grid:edit; member of community A1. */
  member: DistrictOperator;
  /** grid:view, grid:report, grid:dispatch, grid:edit; manager of street B. */
  managerB: DistrictOperator;
  /** grid:view, grid:report, grid:edit; no grid role (sees the whole county). */
  other: DistrictOperator;
  /** 黄浦区: every grid permission. */
  shanghai: DistrictOperator;
}

/**
 * 朝阳区 with street A (community A1 inside) and street B (community B1 inside), and the operators
 * of the brief; the clock is the test's.
 */
async function world(env: Record<string, string> = {}): Promise<World> {
  const clock = { now: NOW };
  const app = await createPlatformApp({ PLATFORM_SESSION_IDLE_MINUTES: '1440', ...env }, () => clock.now);
  const admin = await adminToken(app);
  const grid = (body: Record<string, unknown>) => saveGrid(app, admin, body);
  expect(
    await grid({
      areaCode: '110105',
      gridCode: '110105001',
      name: '甲街道',
      boundary: polygon(square(116.4, 39.9, 0.1)),
    }),
  ).toBe('110105001');
  expect(
    await grid({
      parentCode: '110105001',
      gridCode: '110105001001',
      name: '甲一社区',
      boundary: polygon(square(116.4, 39.9, 0.05)),
    }),
  ).toBe('110105001001');
  expect(
    await grid({
      areaCode: '110105',
      gridCode: '110105002',
      name: '乙街道',
      boundary: polygon(square(116.3, 39.9, 0.05)),
    }),
  ).toBe('110105002');
  expect(
    await grid({
      parentCode: '110105002',
      gridCode: '110105002001',
      name: '乙一社区',
      boundary: polygon(square(116.3, 39.9, 0.025)),
    }),
  ).toBe('110105002001');
  const operator = (username: string, orgName: string, permissions: string[], areaCode = '110105') =>
    districtOperator(app, admin, { username, areaCode, orgName, permissions });
  const dispatcher = await operator('dispatcher', '指挥中心', ['grid:view', 'grid:dispatch', 'grid:stats']);
  const reviewer = await operator('reviewer', '督查科', ['grid:view', 'grid:review']);
  const member = await operator('member', '甲一网格', ['grid:view', 'grid:report', 'grid:edit']);
  const managerB = await operator('managerb', '乙街道办', ['grid:view', 'grid:report', 'grid:dispatch', 'grid:edit']);
  const other = await operator('other', '环卫所', ['grid:view', 'grid:report', 'grid:edit']);
  const shanghai = await operator(
    'shanghai',
    '黄浦分局',
    ['grid:view', 'grid:report', 'grid:dispatch', 'grid:edit', 'grid:review'],
    '310101',
  );
  const role = async (operatorId: string, gridCode: string, r: 'member' | 'manager') =>
    dataOf(
      await platformCall(app, { url: '/adm/grid/member/save', token: admin, body: { operatorId, gridCode, role: r } }),
    );
  await role(member.operatorId, '110105001001', 'member');
  await role(managerB.operatorId, '110105002', 'manager');
  return { app, clock, admin, dispatcher, reviewer, member, managerB, other, shanghai };
}

function client(w: World) {
  const { app } = w;
  const get = (token: string, url: string, query: Record<string, string> = {}) =>
    platformCall(app, { url, token, query });
  const report = async (
    token: string,
    fields: Record<string, string>,
    photos: Array<{ name: string; bytes: Buffer; type?: string }> = [],
  ) => {
    const body = await multipart(
      { title: '工地扬尘', eventClassification: 'siteDust', priority: '2', address: '朝阳路 1 号', ...fields },
      photos,
    );
    return app.server.inject({
      method: 'POST',
      url: '/adm/event/report',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
  };
  const reported = async (token: string, fields: Record<string, string>) =>
    dataOf<EventDetail>(await report(token, fields));
  const move = (token: string, eventId: string, action: string, extra: Record<string, string> = {}) =>
    platformCall(app, { url: '/adm/event/transition', token, body: { eventId, action, ...extra } });
  const moved = async (token: string, eventId: string, action: string, extra: Record<string, string> = {}) =>
    dataOf<EventDetail>(await move(token, eventId, action, extra));
  const detail = async (token: string, eventId: string) =>
    dataOf<EventDetail>(await get(token, '/adm/event/voDetail', { eventId }));
  const list = async (token: string, query: Record<string, string> = {}) =>
    dataOf<Page<EventRow>>(await get(token, '/adm/event/list', { pageSize: '100', ...query }));
  const logs = async (token: string, eventId: string) =>
    dataOf<LogRow[]>(await get(token, '/adm/event/voLogDetail', { eventId }));
  const tasks = async (token: string, query: Record<string, string> = {}) =>
    dataOf<Page<TaskRow>>(await get(token, '/adm/task/list', { pageSize: '100', ...query })).list;
  const approvals = async (token: string, query: Record<string, string> = {}) =>
    dataOf<Page<ApprovalRow>>(await get(token, '/adm/approve/list', { pageSize: '100', ...query })).list;
  const decide = (token: string, approvalId: string, decision: 'approve' | 'reject', note = '') =>
    platformCall(app, { url: '/adm/approve/decide', token, body: { approvalId, decision, note } });
  const eventRows = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { get, report, reported, move, moved, detail, list, logs, tasks, approvals, decide, eventRows };
}

function refused(response: LightMyRequestResponse, status: number, code?: number) {
  expect(response.statusCode, response.body).toBe(status);
  if (code !== undefined) expect(response.json().code, response.body).toBe(code);
  expect(response.json().msg).toMatch(/[\u4e00-\u9fff]/);
}

// --- The flow -------------------------------------------------------------------------------------

describe('grid events over the API', () => {
  let w: World;
  let c: ReturnType<typeof client>;
  /** The event of the full flow (with photos), filled by the first test. */
  let flowId = '';
  let photoUrl = '';

  beforeAll(async () => {
    w = await world();
    c = client(w);
  });
  afterAll(async () => {
    await w.app.close();
  });

  it('a report with photos finds its grid by the point, strips the photos’ EXIF and keeps their position', async () => {
    const phone = await phonePhoto();
    const png = await picture('png', '#c33');
    const res = await c.report(w.member.token, { ...IN_A1, title: '工地扬尘未苫盖', description: '东门渣土未覆盖' }, [
      { name: '现场.jpg', bytes: phone },
      { name: '远景.png', bytes: png, type: 'image/png' },
    ]);
    const event = dataOf<EventDetail>(res);
    flowId = event.eventId;
    expect(event).toMatchObject({
      title: '工地扬尘未苫盖',
      eventClassification: 'siteDust',
      catalogName: '工地扬尘',
      source: 'manual',
      eventState: 'reported',
      stateName: '已上报',
      priority: 2,
      priorityName: '重要',
      bindGridCode: '110105001001',
      gridName: '甲一社区',
      areaCode: '110105',
      reporterName: '甲一网格人员',
      reportedAt: '2026-11-25 12:00:00',
      // 工地扬尘: 24 hours, an important event half of it.
      deadline: '2026-11-26 00:00:00',
      overdue: false,
      photoCount: 2,
      description: '东门渣土未覆盖',
      alarmId: null,
      assigneeId: null,
    });
    expect(event.eventNo).toMatch(new RegExp(`^SJ20261125\\d*${event.eventId}$`));
    // The reporter (a member) can take no action on a reported event.
    expect(event.actions).toEqual([]);
    expect(event.logs).toMatchObject([{ action: 'report', actorName: '甲一网格人员', toState: 'reported' }]);

    const attachments = dataOf<Attachment[]>(
      await c.get(w.dispatcher.token, '/adm/event/voAttachmentDetail', { eventId: flowId }),
    );
    expect(attachments).toHaveLength(2);
    const [first, second] = attachments;
    expect(first).toMatchObject({
      name: '现场.jpg',
      width: 320,
      height: 240,
      takenAt: '2026-11-25 10:30:00',
      step: '上报',
      uploadedBy: '甲一网格人员',
    });
    expect(first?.longitude).toBeCloseTo(116.42, 6);
    expect(first?.latitude).toBeCloseTo(39.92, 6);
    expect(second).toMatchObject({ name: '远景.png', longitude: null, latitude: null, takenAt: null });
    photoUrl = first?.url ?? '';
    expect(photoUrl).toBe(`/adm/event/attachment?attachmentId=${first?.attachmentId}`);

    const served = await w.app.server.inject({
      method: 'GET',
      url: photoUrl,
      headers: { authorization: `Bearer ${w.dispatcher.token}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const bytes = served.rawPayload;
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    expect(markers(bytes)).not.toContain(0xe1);
    expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(markers(phone)).toContain(0xe1);
    // The PNG was re-encoded as JPEG too.
    const pngServed = await w.app.server.inject({
      method: 'GET',
      url: second?.url ?? '',
      headers: { authorization: `Bearer ${w.dispatcher.token}` },
    });
    expect(pngServed.headers['content-type']).toBe('image/jpeg');
  });

  it('a bad photo refuses the whole report and leaves no event behind', async () => {
    const before = await c.eventRows();
    const res = await c.report(w.member.token, { ...IN_A1, title: '坏照片' }, [
      { name: '好.jpg', bytes: await picture('jpeg') },
      { name: '假.jpg', bytes: Buffer.from('这不是图片，只是改了扩展名的文本。'.repeat(20)) },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    expect(res.json().msg).toContain('第 2 张照片');
    expect(await c.eventRows()).toBe(before);
    expect((await c.list(w.dispatcher.token, { keyword: '坏照片' })).total).toBe(0);
  });

  it('runs the full flow: report → accept → dispatch → start → finish → approve (approval centre) → close', async () => {
    const { dispatcher, reviewer, member, other } = w;
    // Step by step a minute apart, so that the history's times and durations tell the steps apart.
    const tick = () => {
      w.clock.now += 60;
    };
    tick();
    const accepted = await c.moved(dispatcher.token, flowId, 'accept');
    expect(accepted).toMatchObject({ eventState: 'accepted' });
    expect(accepted.actions.map((a) => a.action)).toEqual(['reject', 'dispatch']);

    const candidates = dataOf<{ members: Array<{ operatorId: string; gridCode: string }>; orgs: unknown[] }>(
      await c.get(dispatcher.token, '/adm/event/assignees', { eventId: flowId }),
    );
    expect(candidates.members).toEqual([
      expect.objectContaining({ operatorId: member.operatorId, gridCode: '110105001001' }),
    ]);
    // Dispatching to nobody, or to someone outside the county, is refused.
    refused(await c.move(dispatcher.token, flowId, 'dispatch'), 400, ErrorCode.VALIDATION);
    refused(
      await c.move(dispatcher.token, flowId, 'dispatch', { assigneeId: w.shanghai.operatorId }),
      400,
      ErrorCode.VALIDATION,
    );
    refused(
      await c.move(dispatcher.token, flowId, 'dispatch', { orgCode: w.shanghai.orgId }),
      400,
      ErrorCode.VALIDATION,
    );
    // Nor to someone who could never start it (no grid:edit): the event would be stuck.
    const stuck = await c.move(dispatcher.token, flowId, 'dispatch', { assigneeId: reviewer.operatorId });
    refused(stuck, 400, ErrorCode.VALIDATION);
    expect(stuck.json().msg).toContain('没有处置事件的权限');
    // Without grid:dispatch the flow says no before any target is looked up.
    refused(await c.move(member.token, flowId, 'dispatch', { assigneeId: 'nobody' }), 403, ErrorCode.FORBIDDEN);

    tick();
    const dispatched = await c.moved(dispatcher.token, flowId, 'dispatch', {
      assigneeId: member.operatorId,
      note: '请今日内处理',
    });
    expect(dispatched).toMatchObject({
      eventState: 'dispatched',
      assigneeId: member.operatorId,
      assigneeName: '甲一网格人员',
      orgCode: member.orgId,
    });
    const [task] = await c.tasks(member.token, { box: 'mine' });
    expect(task).toMatchObject({
      kind: 'event',
      subjectId: flowId,
      assigneeId: member.operatorId,
      status: 'open',
      dueAt: '2026-11-26 00:00:00',
    });
    expect((await c.detail(member.token, flowId)).actions.map((a) => a.action)).toEqual(['start', 'return']);

    // Not the assignee: 403; no grid:edit: 403; a step out of order: 409.
    refused(await c.move(other.token, flowId, 'start'), 403, ErrorCode.NOT_ASSIGNEE);
    refused(await c.move(dispatcher.token, flowId, 'start'), 403, ErrorCode.FORBIDDEN);
    refused(await c.move(member.token, flowId, 'finish', { note: '完成' }), 409, ErrorCode.ILLEGAL_TRANSITION);
    refused(await c.move(reviewer.token, flowId, 'close'), 409, ErrorCode.ILLEGAL_TRANSITION);

    tick();
    expect(await c.moved(member.token, flowId, 'start')).toMatchObject({ eventState: 'handling' });
    // A finish needs a note.
    refused(await c.move(member.token, flowId, 'finish'), 400, ErrorCode.VALIDATION);
    refused(await c.move(member.token, flowId, 'finish', { note: '   ' }), 400, ErrorCode.VALIDATION);
    tick();
    const handled = await c.moved(member.token, flowId, 'finish', { note: '已苫盖并洒水降尘' });
    expect(handled).toMatchObject({ eventState: 'handled', overdue: false });
    // The member's task ended with the handling.
    expect((await c.tasks(member.token, { box: 'mine' })).find((t) => t.subjectId === flowId)).toMatchObject({
      status: 'done',
    });
    expect(await c.tasks(member.token, { box: 'mine', status: 'open' })).toEqual([]);

    const pending = (await c.approvals(reviewer.token, { status: 'pending' })).filter((a) => a.subjectId === flowId);
    expect(pending).toEqual([expect.objectContaining({ kind: 'event-review', status: 'pending' })]);
    const approvalId = pending[0]?.approvalId ?? '';
    // The member has no grid:review: the approval centre is not theirs.
    refused(await c.decide(member.token, approvalId, 'approve'), 403);
    tick();
    const decided = dataOf<ApprovalRow>(await c.decide(reviewer.token, approvalId, 'approve', '现场核实'));
    expect(decided).toMatchObject({ status: 'approved', decidedBy: '督查科人员', note: '现场核实' });
    expect((await c.detail(reviewer.token, flowId)).eventState).toBe('reviewed');
    // Decided once only.
    refused(await c.decide(reviewer.token, approvalId, 'approve'), 409, ErrorCode.CONFLICT);

    tick();
    const closed = await c.moved(reviewer.token, flowId, 'close', { note: '结案' });
    expect(closed).toMatchObject({ eventState: 'closed', closedAt: '2026-11-25 12:06:00', actions: [] });
    refused(
      await c.move(dispatcher.token, flowId, 'dispatch', { assigneeId: member.operatorId }),
      409,
      ErrorCode.ILLEGAL_TRANSITION,
    );

    const history = await c.logs(dispatcher.token, flowId);
    expect(history.map((l) => [l.action, l.actionName, l.fromState, l.toState, l.actorName, l.note, l.target])).toEqual(
      [
        ['report', '上报', null, 'reported', '甲一网格人员', '东门渣土未覆盖', null],
        ['accept', '受理', 'reported', 'accepted', '指挥中心人员', null, null],
        ['dispatch', '派遣', 'accepted', 'dispatched', '指挥中心人员', '请今日内处理', '甲一网格人员'],
        ['start', '开始处置', 'dispatched', 'handling', '甲一网格人员', null, null],
        ['finish', '处置完成', 'handling', 'handled', '甲一网格人员', '已苫盖并洒水降尘', null],
        ['approve', '审核通过', 'handled', 'reviewed', '督查科人员', '现场核实', null],
        ['close', '结案', 'reviewed', 'closed', '督查科人员', '结案', null],
      ],
    );
    expect(history.map((l) => l.at)).toEqual([
      '2026-11-25 12:00:00',
      '2026-11-25 12:01:00',
      '2026-11-25 12:02:00',
      '2026-11-25 12:03:00',
      '2026-11-25 12:04:00',
      '2026-11-25 12:05:00',
      '2026-11-25 12:06:00',
    ]);
    const process = dataOf<{
      eventState: string;
      overdue: boolean;
      steps: Array<{
        state: string;
        reached: boolean;
        actorName: string | null;
        note: string | null;
        durationSeconds: number | null;
      }>;
    }>(await c.get(dispatcher.token, '/adm/event/getEventProcessHis', { eventId: flowId }));
    expect(process.eventState).toBe('closed');
    expect(process.steps.map((s) => [s.state, s.reached, s.actorName, s.durationSeconds])).toEqual([
      ['reported', true, '甲一网格人员', null],
      ['accepted', true, '指挥中心人员', 60],
      ['dispatched', true, '指挥中心人员', 60],
      ['handling', true, '甲一网格人员', 60],
      ['handled', true, '甲一网格人员', 60],
      ['reviewed', true, '督查科人员', 60],
      ['closed', true, '督查科人员', 60],
    ]);
    expect(process.steps.find((s) => s.state === 'handled')?.note).toBe('已苫盖并洒水降尘');
    w.clock.now = NOW;
  });

  it('returns and re-dispatches to an organisation; the reviewer sends it back (redo) and then approves', async () => {
    const { dispatcher, reviewer, member, other } = w;
    const event = await c.reported(member.token, { ...IN_A1, title: '道路遗撒', eventClassification: 'roadDust' });
    const id = event.eventId;
    await c.moved(dispatcher.token, id, 'accept');
    await c.moved(dispatcher.token, id, 'dispatch', { assigneeId: member.operatorId });
    // A return needs a note.
    refused(await c.move(member.token, id, 'return'), 400, ErrorCode.VALIDATION);
    const returned = await c.moved(member.token, id, 'return', { note: '不属于本网格职责' });
    expect(returned).toMatchObject({ eventState: 'returned' });
    const waiting = dataOf<{ steps: Array<{ state: string; reached: boolean }> }>(
      await c.get(dispatcher.token, '/adm/event/getEventProcessHis', { eventId: id }),
    );
    expect(waiting.steps.filter((s) => s.reached).map((s) => s.state)).toEqual(['reported', 'accepted']);
    expect((await c.tasks(member.token, { box: 'mine' })).find((t) => t.subjectId === id)).toMatchObject({
      status: 'cancelled',
    });
    // The member can no longer move it; the dispatcher re-dispatches, to an organisation this time.
    refused(await c.move(member.token, id, 'start'), 409, ErrorCode.ILLEGAL_TRANSITION);
    // Not to an organisation where nobody may handle events (the reviewer's holds only grid:review).
    const nobody = await c.move(dispatcher.token, id, 'dispatch', { orgCode: w.reviewer.orgId });
    refused(nobody, 400, ErrorCode.VALIDATION);
    expect(nobody.json().msg).toContain('没有可处置事件的人员');
    const toOrg = await c.moved(dispatcher.token, id, 'dispatch', { orgCode: other.orgId, note: '转环卫所' });
    expect(toOrg).toMatchObject({
      eventState: 'dispatched',
      orgCode: other.orgId,
      orgName: '环卫所',
      assigneeId: null,
    });
    // Any operator of that organisation is the assignee now, the former one is not.
    refused(await c.move(member.token, id, 'start'), 403, ErrorCode.NOT_ASSIGNEE);
    await c.moved(other.token, id, 'start');
    await c.moved(other.token, id, 'finish', { note: '已清扫' });

    const [approval] = (await c.approvals(reviewer.token, { status: 'pending' })).filter((a) => a.subjectId === id);
    // Rejecting in the approval centre needs a note, and sends the event back to handling.
    refused(await c.decide(reviewer.token, approval?.approvalId ?? '', 'reject'), 400, ErrorCode.VALIDATION);
    dataOf(await c.decide(reviewer.token, approval?.approvalId ?? '', 'reject', '仍有遗撒'));
    const redone = await c.detail(reviewer.token, id);
    expect(redone.eventState).toBe('handling');
    // Back in handling: 「已处置」 is not reached any more (until it is finished again).
    const process = dataOf<{ steps: Array<{ state: string; reached: boolean }> }>(
      await c.get(dispatcher.token, '/adm/event/getEventProcessHis', { eventId: id }),
    );
    expect(process.steps.filter((s) => s.reached).map((s) => s.state)).toEqual([
      'reported',
      'accepted',
      'dispatched',
      'handling',
    ]);
    expect(redone.logs.at(-1)).toMatchObject({ action: 'redo', actionName: '审核不通过', note: '仍有遗撒' });
    // No operator was named: nobody gets a task for it (least of all the reviewer).
    expect(await c.tasks(reviewer.token, { box: 'mine' })).toEqual([]);

    await c.moved(other.token, id, 'finish', { note: '复扫完毕' });
    // Approved on the event itself this time: the pending approval is settled all the same.
    await c.moved(reviewer.token, id, 'approve');
    const all = (await c.approvals(reviewer.token)).filter((a) => a.subjectId === id);
    expect(all.map((a) => a.status).sort()).toEqual(['approved', 'rejected']);
    expect((await c.logs(dispatcher.token, id)).map((l) => l.action)).toEqual([
      'report',
      'accept',
      'dispatch',
      'return',
      'dispatch',
      'start',
      'finish',
      'redo',
      'finish',
      'approve',
    ]);
  });

  it('a redo of an event assigned to an operator gives them a new task', async () => {
    const { dispatcher, reviewer, member } = w;
    const id = (await c.reported(member.token, { ...IN_A1, title: '裸土' })).eventId;
    await c.moved(dispatcher.token, id, 'accept');
    await c.moved(dispatcher.token, id, 'dispatch', { assigneeId: member.operatorId });
    await c.moved(member.token, id, 'start');
    await c.moved(member.token, id, 'finish', { note: '已覆盖' });
    refused(await c.move(reviewer.token, id, 'redo'), 400, ErrorCode.VALIDATION);
    await c.moved(reviewer.token, id, 'redo', { note: '覆盖不全' });
    const open = (await c.tasks(member.token, { box: 'mine', status: 'open' })).filter((t) => t.subjectId === id);
    expect(open).toHaveLength(1);
    expect((await c.approvals(reviewer.token)).find((a) => a.subjectId === id)).toMatchObject({ status: 'rejected' });
  });

  it('adds photos later (grid:edit), not to a closed event, and shows the step they were added at', async () => {
    const { dispatcher, member } = w;
    const id = (await c.reported(member.token, { ...IN_A1, title: '补充照片' })).eventId;
    w.clock.now = NOW + 60;
    await c.moved(dispatcher.token, id, 'accept');
    w.clock.now = NOW + 120;
    const attach = async (token: string, eventId: string, photos: Array<{ name: string; bytes: Buffer }>) => {
      const body = await multipart({ eventId, note: '处置后' }, photos);
      return w.app.server.inject({
        method: 'POST',
        url: '/adm/event/attach',
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        payload: body.payload,
      });
    };
    const after = { name: '处置后.jpg', bytes: await picture('jpeg', '#eee') };
    const added = dataOf<Attachment[]>(await attach(member.token, id, [after]));
    expect(added).toEqual([
      expect.objectContaining({ name: '处置后.jpg', step: '补充照片', uploadedBy: '甲一网格人员' }),
    ]);
    refused(await attach(dispatcher.token, id, [after]), 403, ErrorCode.FORBIDDEN);
    refused(await attach(member.token, id, []), 400, ErrorCode.VALIDATION);
    refused(await attach(member.token, flowId, [after]), 409, ErrorCode.CONFLICT);
    refused(await attach(w.managerB.token, id, [after]), 404, ErrorCode.NOT_FOUND);
    expect((await c.logs(dispatcher.token, id)).map((l) => [l.action, l.note])).toEqual([
      ['report', null],
      ['accept', null],
      ['attach', '处置后'],
    ]);
    // Adding photos is not a step of the flow: 「已受理」 is still the dispatcher's, a minute in.
    const process = dataOf<{ steps: Array<{ state: string; actorName: string | null; at: string | null }> }>(
      await c.get(dispatcher.token, '/adm/event/getEventProcessHis', { eventId: id }),
    );
    expect(process.steps.find((s) => s.state === 'accepted')).toMatchObject({
      actorName: '指挥中心人员',
      at: '2026-11-25 12:01:00',
    });
    w.clock.now = NOW;
  });

  it('rejects with a note; the process history shows report → rejected', async () => {
    const { dispatcher, member } = w;
    const id = (await c.reported(member.token, { ...IN_A1, title: '重复上报' })).eventId;
    refused(await c.move(dispatcher.token, id, 'reject'), 400, ErrorCode.VALIDATION);
    const rejected = await c.moved(dispatcher.token, id, 'reject', { note: '与已有事件重复' });
    expect(rejected).toMatchObject({ eventState: 'rejected', closedAt: '2026-11-25 12:00:00' });
    const process = dataOf<{ steps: Array<{ state: string; reached: boolean }> }>(
      await c.get(dispatcher.token, '/adm/event/getEventProcessHis', { eventId: id }),
    );
    expect(process.steps.map((s) => [s.state, s.reached])).toEqual([
      ['reported', true],
      ['rejected', true],
    ]);
    refused(await c.move(dispatcher.token, id, 'accept'), 409, ErrorCode.ILLEGAL_TRANSITION);
  });

  it('two transitions from the same state at once: one wins, the other is a 409', async () => {
    const { dispatcher, member } = w;
    for (let round = 0; round < 3; round += 1) {
      const id = (await c.reported(member.token, { ...IN_A1, title: `并发${round}` })).eventId;
      // Accepted twice at once (accept, then reject, would be a legal sequence: not a race to lose).
      const accepts = await Promise.all([
        c.move(dispatcher.token, id, 'accept'),
        c.move(dispatcher.token, id, 'accept'),
      ]);
      expect(accepts.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect([ErrorCode.STALE_STATE, ErrorCode.ILLEGAL_TRANSITION]).toContain(
        accepts.find((a) => a.statusCode === 409)?.json().code,
      );
      expect((await c.logs(dispatcher.token, id)).map((l) => l.action)).toEqual(['report', 'accept']);
      const rid = (await c.reported(member.token, { ...IN_A1, title: `并发派遣${round}` })).eventId;
      await c.moved(dispatcher.token, rid, 'accept');
      const answers = await Promise.all([
        c.move(dispatcher.token, rid, 'dispatch', { assigneeId: member.operatorId }),
        c.move(dispatcher.token, rid, 'dispatch', { orgCode: w.other.orgId }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const lost = answers.find((a) => a.statusCode === 409);
      expect([ErrorCode.STALE_STATE, ErrorCode.ILLEGAL_TRANSITION]).toContain(lost?.json().code);
      // Exactly one dispatch was written, and one task at most.
      expect((await c.logs(dispatcher.token, rid)).map((l) => l.action)).toEqual(['report', 'accept', 'dispatch']);
      expect(
        (await c.tasks(member.token, { box: 'mine' })).filter((t) => t.subjectId === rid).length,
      ).toBeLessThanOrEqual(1);
    }
  });

  it('scope: a member sees what is theirs, street B’s manager only street B, another county nothing', async () => {
    const { dispatcher, member, managerB, other, shanghai } = w;
    const inA = await c.reported(other.token, { ...IN_A, title: '甲街道油烟', eventClassification: 'cateringFume' });
    expect(inA.bindGridCode).toBe('110105001');
    const inB = await c.reported(managerB.token, { ...IN_B1, title: '乙社区噪声', eventClassification: 'noise' });
    expect(inB).toMatchObject({ bindGridCode: '110105002001', gridName: '乙一社区' });
    // Street B's manager cannot report in street A (they would never see the event again), nor outside
    // every grid; nothing is written.
    const before = await c.eventRows();
    refused(await c.report(managerB.token, { ...IN_A1, title: '越界上报' }), 403, ErrorCode.AREA_OUT_OF_SCOPE);
    refused(await c.report(managerB.token, { longitude: '116.6', latitude: '39.8', title: '网格外' }), 403);
    expect(await c.eventRows()).toBe(before);

    const everything = await c.list(dispatcher.token);
    const memberSees = await c.list(member.token);
    expect(memberSees.list.every((e) => e.reporterName === '甲一网格人员' || e.assigneeId === member.operatorId)).toBe(
      true,
    );
    expect(memberSees.list.map((e) => e.eventId)).toContain(flowId);
    expect(memberSees.list.map((e) => e.eventId)).not.toContain(inA.eventId);
    expect(memberSees.total).toBeLessThan(everything.total);
    refused(await c.get(member.token, '/adm/event/voDetail', { eventId: inA.eventId }), 404, ErrorCode.NOT_FOUND);

    const bSees = await c.list(managerB.token);
    expect(bSees.list.map((e) => e.eventId)).toEqual([inB.eventId]);
    expect(bSees.total).toBe(1);
    for (const url of [
      '/adm/event/voDetail',
      '/adm/event/voLogDetail',
      '/adm/event/voAttachmentDetail',
      '/adm/event/getEventProcessHis',
    ]) {
      refused(await c.get(managerB.token, url, { eventId: flowId }), 404, ErrorCode.NOT_FOUND);
      refused(await c.get(shanghai.token, url, { eventId: flowId }), 404, ErrorCode.NOT_FOUND);
    }
    refused(await c.get(managerB.token, '/adm/event/attachment', { attachmentId: photoUrl.split('=')[1] ?? '' }), 404);
    refused(await c.get(shanghai.token, '/adm/event/attachment', { attachmentId: photoUrl.split('=')[1] ?? '' }), 404);
    refused(await c.move(managerB.token, inA.eventId, 'accept'), 404, ErrorCode.NOT_FOUND);
    refused(await c.move(shanghai.token, inB.eventId, 'accept'), 404, ErrorCode.NOT_FOUND);
    expect((await c.list(shanghai.token)).total).toBe(0);
    // A grid filter cannot reach outside the scope either.
    expect((await c.list(managerB.token, { bindGridCode: '110105001' })).total).toBe(0);

    // The filter narrows the dispatcher's list; catalogues include their sub-catalogues.
    const dust = await c.list(dispatcher.token, { eventClassification: 'dust' });
    expect(dust.total).toBeGreaterThan(0);
    expect(dust.list.every((e) => ['dust', 'siteDust', 'roadDust', 'bareSoil'].includes(e.eventClassification))).toBe(
      true,
    );
    expect((await c.list(dispatcher.token, { bindGridCode: '110105002' })).list.map((e) => e.eventId)).toEqual([
      inB.eventId,
    ]);
    expect((await c.list(dispatcher.token, { mine: '1' })).total).toBe(0);
    expect((await c.list(member.token, { mine: '1' })).total).toBe(memberSees.total);
    expect((await c.list(dispatcher.token, { eventState: 'closed' })).list.map((e) => e.eventId)).toEqual([flowId]);
    // Shanghai's operator cannot report in Beijing.
    refused(await c.report(shanghai.token, { ...IN_A1, title: '越界' }), 403, ErrorCode.AREA_OUT_OF_SCOPE);
  });

  it('audits reports and transitions', async () => {
    const audit = async (action: string) =>
      dataOf<Page<AuditRow>>(await c.get(w.admin, '/sys/audit/list', { action, pageSize: '100' })).list;
    const reports = await audit('event.report');
    expect(reports.find((r) => r.targetId === flowId)).toMatchObject({
      actor: 'member',
      targetType: 'event',
      targetName: '工地扬尘未苫盖',
      outcome: 'success',
      after: expect.objectContaining({ photos: 2, gridCode: '110105001001' }),
    });
    const transitions = (await audit('event.transition')).filter((r) => r.targetId === flowId);
    expect(transitions).toHaveLength(6);
    expect(transitions.find((r) => r.actor === 'dispatcher' && r.detail?.startsWith('派遣'))).toMatchObject({
      detail: '派遣：请今日内处理',
      before: expect.objectContaining({ state: 'accepted' }),
      after: expect.objectContaining({ state: 'dispatched', assigneeId: w.member.operatorId }),
    });
    expect((await audit('approval.decide')).length).toBeGreaterThan(0);
  });

  it('serves the catalogue tree from the dictionary', async () => {
    const tree = dataOf<
      Array<{ code: string; name: string; deadlineHours: number | null; children: Array<{ code: string }> }>
    >(await c.get(w.member.token, '/adm/catalog/voCatalogTreeList'));
    const dust = tree.find((n) => n.code === 'dust');
    expect(dust).toMatchObject({ deadlineHours: 48 });
    expect(dust?.children.map((n) => n.code)).toEqual(['siteDust', 'roadDust', 'bareSoil']);
    expect(tree.find((n) => n.code === 'deviceAlarm')).toMatchObject({
      name: '监测设备告警',
      deadlineHours: 24,
      children: [],
    });
    // Sub-catalogues appear only under their parent.
    expect(tree.some((n) => n.code === 'siteDust')).toBe(false);
  });

  it('answers junk with 4xx, never 5xx', async () => {
    const { dispatcher, member } = w;
    const gets: Array<[string, Record<string, string>, number]> = [
      ['/adm/event/voDetail', { eventId: 'abc' }, 400],
      ['/adm/event/voDetail', { eventId: '0' }, 400],
      ['/adm/event/voDetail', { eventId: '-1' }, 400],
      ['/adm/event/voDetail', {}, 400],
      ['/adm/event/voDetail', { eventId: '99999999' }, 404],
      ['/adm/event/voLogDetail', { eventId: '1e3' }, 400],
      ['/adm/event/attachment', { attachmentId: 'x' }, 400],
      ['/adm/event/attachment', { attachmentId: '99999999' }, 404],
      ['/adm/event/list', { eventState: 'lost' }, 400],
      ['/adm/event/list', { eventClassification: '扬尘' }, 400],
      ['/adm/event/list', { bindGridCode: '11010' }, 400],
      ['/adm/event/list', { startTime: '2026-11-25 12:00:00', endTime: '2026-11-24 12:00:00' }, 400],
      ['/adm/event/list', { startTime: 'yesterday' }, 400],
      ['/adm/event/assignees', { eventId: 'x' }, 400],
    ];
    for (const [url, query, status] of gets) {
      const res = await c.get(dispatcher.token, url, query);
      expect(res.statusCode, `${url} ${JSON.stringify(query)}: ${res.body}`).toBe(status);
    }
    const posts: Array<[Record<string, unknown>, number]> = [
      [{ eventId: flowId, action: 'fly' }, 400],
      [{ eventId: 'abc', action: 'accept' }, 400],
      [{ action: 'accept' }, 400],
      [{ eventId: '99999999', action: 'accept' }, 404],
      [{ eventId: flowId, action: 'accept', note: 'x'.repeat(501) }, 400],
    ];
    for (const [body, status] of posts) {
      const res = await platformCall(w.app, { url: '/adm/event/transition', token: dispatcher.token, body });
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
    }
    const reports: Array<[Record<string, string>, number]> = [
      [{ ...IN_A1, eventClassification: 'unicorns' }, 400],
      [{ ...IN_A1, eventClassification: '工地' }, 400],
      [{ longitude: '10', latitude: '39.9' }, 400],
      [{ longitude: '116.4', latitude: '80' }, 400],
      [{ longitude: 'east', latitude: '39.9' }, 400],
      [{ ...IN_A1, title: '' }, 400],
      [{ ...IN_A1, priority: '9' }, 400],
    ];
    for (const [fields, status] of reports) {
      const res = await c.report(member.token, fields);
      expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(status);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const json = await platformCall(w.app, {
      url: '/adm/event/report',
      token: member.token,
      body: { title: 'JSON', eventClassification: 'dust', ...IN_A1 },
    });
    refused(json, 415, ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    // Without grid:report there is no reporting at all.
    refused(await c.report(dispatcher.token, { ...IN_A1 }), 403, ErrorCode.FORBIDDEN);
  });
});

// --- Overdue --------------------------------------------------------------------------------------

describe('overdue events', () => {
  let w: World;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    w = await world();
    c = client(w);
  });
  afterAll(async () => {
    await w.app.close();
  });

  it('notes an event past its deadline once in its history and posts one notice', async () => {
    // 秸秆焚烧: 4 hours; urgent: a quarter of it, but never under an hour.
    const late = await c.reported(w.member.token, {
      ...IN_A1,
      title: '秸秆焚烧',
      eventClassification: 'strawBurning',
      priority: '1',
    });
    expect(late.deadline).toBe('2026-11-25 13:00:00');
    const handled = await c.reported(w.member.token, {
      ...IN_A1,
      title: '按时办结',
      priority: '1',
      eventClassification: 'strawBurning',
    });
    await c.moved(w.dispatcher.token, handled.eventId, 'accept');
    await c.moved(w.dispatcher.token, handled.eventId, 'dispatch', { assigneeId: w.member.operatorId });
    await c.moved(w.member.token, handled.eventId, 'start');
    await c.moved(w.member.token, handled.eventId, 'finish', { note: '已扑灭' });

    const sweep = () => w.app.use(events).sweepOverdue();
    expect(await sweep()).toBe(0);
    w.clock.now = NOW + HOUR;
    // At the deadline itself it is not late yet.
    expect(await sweep()).toBe(0);
    w.clock.now = NOW + 2 * HOUR;
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);

    const overdueLogs = (await c.logs(w.dispatcher.token, late.eventId)).filter((l) => l.action === 'overdue');
    expect(overdueLogs).toEqual([
      expect.objectContaining({
        actionName: '逾期',
        actorName: '系统',
        fromState: 'reported',
        toState: 'reported',
        at: '2026-11-25 14:00:00',
      }),
    ]);
    expect((await c.logs(w.dispatcher.token, handled.eventId)).some((l) => l.action === 'overdue')).toBe(false);
    const notices = dataOf<Page<{ title: string; link: string | null; level: number | null }>>(
      await c.get(w.dispatcher.token, '/adm/notice/bd/list', { type: 'event', pageSize: '100' }),
    ).list.filter((n) => n.title.startsWith('事件逾期'));
    expect(notices).toEqual([
      expect.objectContaining({
        title: '事件逾期：秸秆焚烧',
        link: `/platform/grid-events?eventId=${late.eventId}`,
        level: 1,
      }),
    ]);
    expect(await c.detail(w.dispatcher.token, late.eventId)).toMatchObject({ overdue: true });
    expect(await c.detail(w.dispatcher.token, handled.eventId)).toMatchObject({ overdue: false });
    expect((await c.list(w.dispatcher.token, { overdue: '1' })).list.map((e) => e.eventId)).toEqual([late.eventId]);
    // Still the one mark after the event moves on and is late again.
    await c.moved(w.dispatcher.token, late.eventId, 'accept');
    expect(await sweep()).toBe(0);
    expect((await c.logs(w.dispatcher.token, late.eventId)).filter((l) => l.action === 'overdue')).toHaveLength(1);
  });
});

// --- Alarms ---------------------------------------------------------------------------------------

describe('a severe device alarm opens exactly one event', () => {
  let w: World;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    w = await world();
    c = client(w);
  });
  afterAll(async () => {
    await w.app.close();
  });

  it('level 1 opens one event at the device’s grid; a repeat and a level-4 alarm open none', async () => {
    const { app, admin } = w;
    const post = async <T>(url: string, body: Record<string, unknown>) =>
      dataOf<T>(await platformCall(app, { url, token: admin, body }));
    // A micro station inside community A1.
    const site = await post<{ siteId: string }>('/device/site/save', {
      siteCode: 'S-CY-A1',
      name: '甲一社区微站',
      areaCode: '110105',
      lon: 116.43,
      lat: 39.93,
    });
    const deviceId = Number(
      (
        await post<{ deviceId: string }>('/device/save', {
          mn: 'LT110105A0101',
          name: '甲一微站 1 号',
          type: 'A01',
          siteId: site.siteId,
          password: '123456',
          factors: [{ code: 'a34004' }],
        })
      ).deviceId,
    );
    await app.use(devices).reload();
    // Only the test's rules: a level-1 over-limit and a level-4 negative value.
    const defaults = dataOf<Page<{ ruleId: string }>>(
      await platformCall(app, { url: '/adm/alarm/rule/list', token: admin, query: { pageSize: '100' } }),
    ).list;
    for (const r of defaults) await post('/adm/alarm/rule/delete', { ruleId: r.ruleId });
    await post('/adm/alarm/rule/save', {
      name: 'PM2.5 超 250',
      kind: 'over_limit',
      deviceType: 'A01',
      factor: 'a34004',
      level: 1,
      threshold: 250,
      durationSeconds: 0,
    });
    await post('/adm/alarm/rule/save', {
      name: 'PM2.5 负值',
      kind: 'out_of_range',
      deviceType: 'A01',
      factor: 'a34004',
      level: 4,
      low: 0,
    });
    const send = async (value: number, dataTime: number) => {
      await app
        .use(devices)
        .telemetry.ingest([
          { deviceId, cn: '2011', dataTime, receivedAt: w.clock.now, values: [{ factor: 'a34004', value, flag: 'N' }] },
        ]);
      await app.use(deviceAlarms).engine.idle();
    };
    const alarmEvents = async () => (await c.list(w.dispatcher.token, { source: 'alarm' })).list;

    await send(300, NOW - 600);
    const [opened, ...more] = await alarmEvents();
    expect(more).toEqual([]);
    const alarms = dataOf<Page<AlarmRow>>(
      await platformCall(app, { url: '/adm/alarm/center/bd/list', token: admin, query: { pageSize: '100' } }),
    ).list;
    expect(alarms).toHaveLength(1);
    const [alarm] = alarms;
    if (opened === undefined || alarm === undefined) throw new Error('no alarm event');
    const event = await c.detail(w.dispatcher.token, opened.eventId);
    expect(event).toMatchObject({
      source: 'alarm',
      sourceName: '设备告警',
      alarmId: alarm.alarmId,
      eventClassification: 'deviceAlarm',
      priority: 1,
      eventState: 'reported',
      bindGridCode: '110105001001',
      areaCode: '110105',
      longitude: 116.43,
      latitude: 39.93,
      address: '甲一社区微站',
      reporterName: '设备告警',
      // 监测设备告警: 24 hours, urgent: a quarter.
      deadline: '2026-11-25 18:00:00',
    });
    expect(event.title).toContain('甲一微站 1 号');

    // The same alarm seen again (a repeat value) raises nothing new; the hook run twice opens nothing.
    await send(320, NOW - 300);
    expect(await alarmEvents()).toHaveLength(1);
    expect(
      await openEventFromAlarm(
        app.use(events),
        alarm,
        { name: 'x', site_name: 'x', lon: 116.43, lat: 39.93, area_code: '110105' },
        app.server.log,
      ),
    ).toBeNull();
    expect(await alarmEvents()).toHaveLength(1);

    // A level-4 alarm (below EVENT_FROM_ALARM_LEVEL=2) opens none.
    await send(-5, NOW - 60);
    const after = dataOf<Page<AlarmRow>>(
      await platformCall(app, { url: '/adm/alarm/center/bd/list', token: admin, query: { pageSize: '100' } }),
    ).list;
    expect(after.map((a) => a.level).sort()).toEqual([1, 4]);
    expect(await alarmEvents()).toHaveLength(1);
  });
});

// --- The catalogue --------------------------------------------------------------------------------

describe('the catalogue from the dictionary', () => {
  const items: Array<{ value: string; label: string; extra: Record<string, string> }> = [
    { value: 'dust', label: '扬尘', extra: { deadlineHours: '48' } },
    { value: 'siteDust', label: '工地扬尘', extra: { parent: 'dust', deadlineHours: '24' } },
    { value: 'roadDust', label: '道路扬尘', extra: { parent: 'dust' } },
    { value: 'muck', label: '渣土', extra: { parent: 'roadDust', deadlineHours: 'abc' } },
    { value: 'noise', label: '噪声', extra: { deadlineHours: '-3' } },
    { value: 'orphan', label: '孤儿', extra: { parent: 'gone', deadlineHours: '' } },
  ];
  const catalogue = new DictionaryCatalogue(
    async () => items,
    async (value) => items.find((i) => i.value === value)?.label,
  );

  it('gives a catalogue its own hours, else its parent’s, and never a hand-edited non-number', async () => {
    expect(await catalogue.entry('siteDust')).toEqual({ label: '工地扬尘', deadlineHours: 24 });
    expect(await catalogue.entry('roadDust')).toEqual({ label: '道路扬尘', deadlineHours: 48 });
    // 'abc' is not configured: the parent's (none) — not NaN.
    expect(await catalogue.entry('muck')).toEqual({ label: '渣土', deadlineHours: null });
    expect(await catalogue.entry('noise')).toEqual({ label: '噪声', deadlineHours: null });
    expect(await catalogue.entry('orphan')).toEqual({ label: '孤儿', deadlineHours: null });
    expect(await catalogue.entry('unknown')).toBeUndefined();
    expect(await catalogue.label('unknown')).toBe('unknown');
  });

  it('includes every sub-catalogue at any depth, and shows orphans at the top', async () => {
    expect((await catalogue.withChildren('dust')).sort()).toEqual(['dust', 'muck', 'roadDust', 'siteDust']);
    expect(await catalogue.withChildren('noise')).toEqual(['noise']);
    const tree = await catalogue.tree();
    expect(tree.map((n) => n.code)).toEqual(['dust', 'noise', 'orphan']);
    expect(tree[0]?.children.map((n) => [n.code, n.deadlineHours, n.children.map((m) => m.code)])).toEqual([
      ['siteDust', 24, []],
      ['roadDust', null, ['muck']],
    ]);
    expect(tree[0]?.children[1]?.children[0]?.deadlineHours).toBeNull();
  });
});
