import { type ApprovalRow, type AuditRow, ErrorCode, type TaskRow } from '@lantian/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import { events } from '../events';

/** 2026-11-25 12:00:00 in Beijing. */
const NOW = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);

interface Page<T> {
  list: T[];
  total: number;
}

let app: TestApp;
let admin: string;
/** 朝阳区: grid:view, grid:dispatch. */
let dispatcher: DistrictOperator;
/** 朝阳区: grid:view, grid:edit (no grid:dispatch). */
let worker: DistrictOperator;
/** 朝阳区: grid:view, grid:edit — a colleague of the same county. */
let colleague: DistrictOperator;
/** 朝阳区: grid:view, grid:review. */
let reviewer: DistrictOperator;
/** 黄浦区: grid:view, grid:dispatch, grid:edit, grid:review. */
let huangpu: DistrictOperator;

const get = (token: string, url: string, query: Record<string, string> = {}) =>
  platformCall(app, { url, token, query });
const post = (token: string, url: string, body: Record<string, unknown>) => platformCall(app, { url, token, body });
const save = (token: string, body: Record<string, unknown>) => post(token, '/adm/task/save', body);
const complete = (token: string, taskId: string, note = '') => post(token, '/adm/task/complete', { taskId, note });
const box = async (token: string, query: Record<string, string>) =>
  dataOf<Page<TaskRow>>(await get(token, '/adm/task/list', { pageSize: '100', ...query }));
const approvals = async (token: string, query: Record<string, string> = {}) =>
  dataOf<Page<ApprovalRow>>(await get(token, '/adm/approve/list', { pageSize: '100', ...query }));

function refused(response: LightMyRequestResponse, status: number, code?: number) {
  expect(response.statusCode, response.body).toBe(status);
  if (code !== undefined) expect(response.json().code, response.body).toBe(code);
  expect(response.json().msg).toMatch(/[\u4e00-\u9fff]/);
}

/** A reported event of 朝阳区 (opened by the system: no photos needed), moved to 「已处置」 by the worker. */
async function handledEvent(title: string): Promise<string> {
  const id = String(
    await app.use(events).reportBySystem({
      source: 'openApi',
      title,
      catalog: 'dust',
      description: '测试事件',
      priority: 3,
      lon: 116.45,
      lat: 39.92,
      address: '朝阳路',
      areaCode: '110105',
      reporterName: '开放接口',
    }),
  );
  const move = async (token: string, action: string, extra: Record<string, string> = {}) =>
    dataOf(await post(token, '/adm/event/transition', { eventId: id, action, ...extra }));
  await move(dispatcher.token, 'accept');
  await move(dispatcher.token, 'dispatch', { assigneeId: worker.operatorId });
  await move(worker.token, 'start');
  await move(worker.token, 'finish', { note: '已处置' });
  return id;
}

beforeAll(async () => {
  app = await createPlatformApp({}, () => NOW);
  admin = await adminToken(app);
  const operator = (username: string, orgName: string, permissions: string[], areaCode = '110105') =>
    districtOperator(app, admin, { username, areaCode, orgName, permissions });
  dispatcher = await operator('dispatcher', '指挥中心', ['grid:view', 'grid:dispatch']);
  worker = await operator('worker', '执法队', ['grid:view', 'grid:edit']);
  colleague = await operator('colleague', '环卫所', ['grid:view', 'grid:edit']);
  reviewer = await operator('reviewer', '督查科', ['grid:view', 'grid:review']);
  huangpu = await operator('huangpu', '黄浦分局', ['grid:view', 'grid:dispatch', 'grid:edit', 'grid:review'], '310101');
});
afterAll(async () => {
  await app.close();
});

describe('the task centre', () => {
  let manual = '';

  it('a dispatcher gives a task to an operator of their county; it shows in the boxes', async () => {
    const task = dataOf<TaskRow>(
      await save(dispatcher.token, {
        title: '排查工地',
        content: '排查辖区内在建工地的苫盖情况',
        assigneeId: worker.operatorId,
        dueAt: '2026-11-26 18:00:00',
      }),
    );
    manual = task.taskId;
    expect(task).toMatchObject({
      kind: 'manual',
      kindName: '指派任务',
      title: '排查工地',
      assigneeId: worker.operatorId,
      assigneeName: '执法队人员',
      assignerName: '指挥中心人员',
      areaCode: '110105',
      status: 'open',
      statusName: '待办',
      dueAt: '2026-11-26 18:00:00',
      overdue: false,
      createdAt: '2026-11-25 12:00:00',
      doneAt: null,
    });
    // A task without a due time sorts after those with one.
    const later = dataOf<TaskRow>(await save(dispatcher.token, { title: '整理台账', assigneeId: worker.operatorId }));
    expect(later.dueAt).toBeNull();

    expect((await box(worker.token, { box: 'mine' })).list.map((t) => t.taskId)).toEqual([manual, later.taskId]);
    expect((await box(worker.token, {})).total).toBe(2);
    expect((await box(dispatcher.token, { box: 'assigned' })).list.map((t) => t.taskId)).toEqual([
      manual,
      later.taskId,
    ]);
    expect((await box(dispatcher.token, { box: 'mine' })).total).toBe(0);
    expect((await box(dispatcher.token, { box: 'area' })).total).toBe(2);
    expect((await box(dispatcher.token, { box: 'area', keyword: '工地' })).list.map((t) => t.taskId)).toEqual([manual]);
    expect((await box(huangpu.token, { box: 'area' })).total).toBe(0);
    // The county's whole list needs grid:dispatch.
    refused(await get(worker.token, '/adm/task/list', { box: 'area' }), 403, ErrorCode.FORBIDDEN);
    // The assignee and the county may read it; another county may not.
    expect(dataOf<TaskRow>(await get(worker.token, '/adm/task/detail', { taskId: manual })).title).toBe('排查工地');
    expect(dataOf<TaskRow>(await get(colleague.token, '/adm/task/detail', { taskId: manual })).title).toBe('排查工地');
    refused(await get(huangpu.token, '/adm/task/detail', { taskId: manual }), 404, ErrorCode.NOT_FOUND);
    refused(await get(worker.token, '/adm/task/detail', { taskId: '99999' }), 404, ErrorCode.NOT_FOUND);
  });

  it('refuses tasks it cannot give', async () => {
    // No grid:dispatch.
    refused(await save(worker.token, { title: '越权', assigneeId: colleague.operatorId }), 403, ErrorCode.FORBIDDEN);
    // An assignee outside the county, or nobody.
    refused(await save(dispatcher.token, { title: '跨区', assigneeId: huangpu.operatorId }), 400, ErrorCode.VALIDATION);
    refused(await save(dispatcher.token, { title: '无人', assigneeId: 'nobody' }), 400, ErrorCode.VALIDATION);
    // A due time already past.
    refused(
      await save(dispatcher.token, { title: '过期', assigneeId: worker.operatorId, dueAt: '2026-11-25 11:59:59' }),
      400,
      ErrorCode.VALIDATION,
    );
    for (const body of [
      { title: '', assigneeId: worker.operatorId },
      { title: 'x'.repeat(81), assigneeId: worker.operatorId },
      { title: '格式', assigneeId: worker.operatorId, dueAt: '明天' },
      { title: '格式', assigneeId: worker.operatorId, dueAt: '2026-02-30 10:00:00' },
    ]) {
      refused(await save(dispatcher.token, body), 400, ErrorCode.VALIDATION);
    }
    const junk: Array<Record<string, string>> = [
      { box: 'all' },
      { status: 'late' },
      { kind: 'x' },
      { pageSize: '1000' },
    ];
    for (const query of junk) {
      expect((await get(worker.token, '/adm/task/list', query)).statusCode, JSON.stringify(query)).toBe(400);
    }
    for (const taskId of ['abc', '0', '']) {
      expect((await get(worker.token, '/adm/task/detail', { taskId })).statusCode).toBe(400);
      expect((await complete(worker.token, taskId)).statusCode).toBe(400);
    }
  });

  it('only the assignee completes a task given by hand, once', async () => {
    refused(await complete(colleague.token, manual), 403, ErrorCode.FORBIDDEN);
    refused(await complete(dispatcher.token, manual), 403, ErrorCode.FORBIDDEN);
    refused(await complete(huangpu.token, manual), 404, ErrorCode.NOT_FOUND);
    refused(await complete(worker.token, '99999'), 404, ErrorCode.NOT_FOUND);
    const done = dataOf<TaskRow>(await complete(worker.token, manual, '已排查 12 处'));
    expect(done).toMatchObject({
      status: 'done',
      statusName: '已完成',
      doneAt: '2026-11-25 12:00:00',
      doneNote: '已排查 12 处',
    });
    refused(await complete(worker.token, manual), 409, ErrorCode.CONFLICT);
    expect((await box(worker.token, { box: 'mine', status: 'done' })).list.map((t) => t.taskId)).toEqual([manual]);
    // Open work first.
    expect((await box(worker.token, { box: 'mine' })).list.at(-1)?.taskId).toBe(manual);

    const audit = dataOf<Page<AuditRow>>(
      await get(admin, '/sys/audit/list', { targetType: 'task', pageSize: '100', sortOrder: 'ascend' }),
    ).list;
    expect(audit.filter((a) => a.targetId === manual).map((a) => [a.action, a.actor])).toEqual([
      ['task.create', 'dispatcher'],
      ['task.complete', 'worker'],
    ]);
  });

  it('an event’s task is not completed by hand: it ends with the event', async () => {
    const eventId = await handledEvent('任务事件');
    const eventTask = (await box(worker.token, { box: 'mine', kind: 'event' })).list.find(
      (t) => t.subjectId === eventId,
    );
    expect(eventTask).toMatchObject({ status: 'done', link: `/platform/grid-events?eventId=${eventId}` });
    refused(await complete(worker.token, eventTask?.taskId ?? ''), 409, ErrorCode.CONFLICT);
  });
});

describe('the approval centre', () => {
  it('lists the approvals of the reviewer’s county only, pending first', async () => {
    const first = await handledEvent('待审一');
    const second = await handledEvent('待审二');
    const listed = await approvals(reviewer.token);
    const mine = listed.list.filter((a) => a.subjectId === first || a.subjectId === second);
    expect(mine).toHaveLength(2);
    expect(mine.every((a) => a.status === 'pending' && a.kind === 'event-review' && a.areaCode === '110105')).toBe(
      true,
    );
    expect(mine[0]).toMatchObject({ kindName: '事件结案审核', statusName: '待审批', requestedBy: '执法队人员' });
    expect((await approvals(huangpu.token)).total).toBe(0);
    const approvalId = mine[0]?.approvalId ?? '';
    refused(await get(huangpu.token, '/adm/approve/detail', { approvalId }), 404, ErrorCode.NOT_FOUND);
    refused(
      await post(huangpu.token, '/adm/approve/decide', { approvalId, decision: 'approve' }),
      404,
      ErrorCode.NOT_FOUND,
    );
    // Without grid:review the centre is closed.
    refused(await get(dispatcher.token, '/adm/approve/list'), 403, ErrorCode.FORBIDDEN);
    refused(await post(worker.token, '/adm/approve/decide', { approvalId, decision: 'approve' }), 403);

    const approved = dataOf<ApprovalRow>(
      await post(reviewer.token, '/adm/approve/decide', { approvalId, decision: 'approve' }),
    );
    expect(approved).toMatchObject({ status: 'approved', decidedBy: '督查科人员', decidedAt: '2026-11-25 12:00:00' });
    refused(await post(reviewer.token, '/adm/approve/decide', { approvalId, decision: 'reject', note: '晚了' }), 409);
    const pendingNow = await approvals(reviewer.token, { status: 'pending' });
    expect(pendingNow.list.map((a) => a.approvalId)).not.toContain(approvalId);
    // Decided ones come after the pending ones.
    const all = (await approvals(reviewer.token)).list;
    const firstDecided = all.findIndex((a) => a.status !== 'pending');
    expect(all.slice(firstDecided).every((a) => a.status !== 'pending')).toBe(true);

    for (const body of [
      { approvalId, decision: 'maybe' },
      { approvalId: 'x', decision: 'approve' },
      { decision: 'approve' },
    ]) {
      expect((await post(reviewer.token, '/adm/approve/decide', body)).statusCode).toBe(400);
    }
    refused(
      await post(reviewer.token, '/adm/approve/decide', { approvalId: '99999', decision: 'approve' }),
      404,
      ErrorCode.NOT_FOUND,
    );
  });
});

describe('the operator picker of assigning screens (/sys/user/options)', () => {
  it('gives an assigner the active operators of their own area only, and refuses those who assign nothing', async () => {
    const names = async (token: string, keyword?: string) =>
      dataOf<{ list: Array<{ id: string; name: string; org: { areaCode: string } }> }>(
        await get(token, '/sys/user/options', keyword === undefined ? {} : { keyword }),
      ).list;
    const seen = await names(dispatcher.token);
    const ids = seen.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([worker.operatorId, colleague.operatorId, reviewer.operatorId]));
    expect(ids).not.toContain(huangpu.operatorId);
    expect(seen.every((o) => o.org.areaCode === '110105')).toBe(true);
    // grid:edit alone assigns nothing: no list of colleagues.
    refused(await get(worker.token, '/sys/user/options'), 403, ErrorCode.FORBIDDEN);
    refused(await get(dispatcher.token, '/sys/user/options', { pageSize: '500' }), 400);
  });
});
