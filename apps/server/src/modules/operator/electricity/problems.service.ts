import {
  type AlarmRow,
  type alarmDetail,
  ELE_OPERATION_KINDS,
  type eleAlarmListQuery,
  type eleOperationListQuery,
  type eleOperationSaveBody,
  type eleProblemActionBody,
  type eleProblemListQuery,
  type eleProblemSaveBody,
  PROBLEM_STATES,
} from '@lantian/contracts';
import {
  formatChinaDateTime,
  PROBLEM_ACTION_NAMES,
  type ProblemState,
  parseChinaDateTime,
  problemActionNeeds,
  problemTransition,
} from '@lantian/domain';
import type { z } from 'zod';
import type { AreaScope } from '../../../platform/db/area-scope';
import { conflict, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { ElectricityRepository, ProblemRecord, SiteRecord } from './electricity.repository';
import type { EleEditor, RegisterService } from './register.service';
import type { EleDeps } from './sources';

/** What 分表计电 uses of the shared alarm lifecycle (device-alarms). */
export interface SharedAlarms {
  listOfDevices(
    deviceIds: readonly number[],
    filter: { status?: string | undefined; from?: number | undefined; to?: number | undefined },
    page: { pageNum: number; pageSize: number },
    scope: AreaScope,
  ): Promise<{ list: AlarmRow[]; total: number; pageNum: number; pageSize: number }>;
  detail(id: number, scope: AreaScope): Promise<z.output<typeof alarmDetail>>;
  acknowledge(id: number, note: string, handler: EleEditor): Promise<unknown>;
  clear(id: number, note: string, handler: EleEditor): Promise<unknown>;
}

const problemNotFound = () => notFound('问题单不存在或不在您的管辖范围');

/**
 * The work of 分表计电: the alarms of the enterprises' meters (the alarm centre's, handled with its
 * lifecycle), problem forms (from an alarm or by hand; the state machine of packages/domain) and the
 * meters' maintenance records.
 */
export class ProblemsService {
  constructor(
    private readonly repository: ElectricityRepository,
    private readonly register: RegisterService,
    private readonly alarms: SharedAlarms,
    private readonly deps: EleDeps,
  ) {}

  // --- Alarms ---

  private async boundSites(scope: AreaScope, enterpriseId?: number): Promise<SiteRecord[]> {
    return this.repository.allSites({ bound: true, ...(enterpriseId === undefined ? {} : { enterpriseId }) }, scope);
  }

  async alarmList(query: z.output<typeof eleAlarmListQuery>, scope: AreaScope) {
    const sites = await this.boundSites(
      scope,
      query.enterpriseId === undefined ? undefined : Number(query.enterpriseId),
    );
    const page = await this.alarms.listOfDevices(
      sites.map((s) => s.device_id as number),
      {
        status: query.status,
        from: query.startTime === undefined ? undefined : parseChinaDateTime(query.startTime),
        to: query.endTime === undefined ? undefined : parseChinaDateTime(query.endTime),
      },
      query,
      scope,
    );
    const problems = await this.repository.problemsOfAlarms(page.list.map((a) => Number(a.alarmId)));
    const names = new Map((await this.repository.allEnterprises(scope)).map((e) => [e.id, e.name]));
    const byDevice = new Map(sites.map((s) => [String(s.device_id), s]));
    return {
      ...page,
      list: page.list.map((a) => {
        const site = byDevice.get(a.deviceId);
        const problem = problems.get(Number(a.alarmId));
        return {
          alarmId: a.alarmId,
          enterpriseId: String(site?.enterprise_id ?? ''),
          enterpriseName: site === undefined ? '' : (names.get(site.enterprise_id) ?? ''),
          siteId: String(site?.id ?? ''),
          siteName: site?.name ?? a.siteName,
          deviceCode: a.mn,
          itemName: a.type === 'offline' ? '电表离线' : a.ruleName,
          level: a.level,
          levelName: a.levelName,
          status: a.status,
          statusName: a.statusName,
          message: a.message,
          firstTime: a.firstAt,
          lastTime: a.lastAt,
          problemId: problem === undefined ? null : String(problem),
        };
      }),
    };
  }

  /** An alarm of one of the scope's bound meters (else 404: the alarm centre has the others). */
  async alarm(id: number, scope: AreaScope): Promise<{ alarm: z.output<typeof alarmDetail>; site: SiteRecord }> {
    const alarm = await this.alarms.detail(id, scope);
    const site = await this.repository.siteByDevice(Number(alarm.deviceId));
    if (site === undefined) throw notFound('该告警不属于分表计电的电表');
    return { alarm, site };
  }

  /** Acknowledge or clear through the shared lifecycle (audited there), for this section's alarms only. */
  async handleAlarm(action: 'acknowledge' | 'clear', id: number, note: string, editor: EleEditor) {
    await this.alarm(id, editor.scope);
    if (action === 'acknowledge') await this.alarms.acknowledge(id, note, editor);
    else await this.alarms.clear(id, note, editor);
    return (await this.alarm(id, editor.scope)).alarm;
  }

  // --- Problem forms ---

  private async present(rows: ProblemRecord[], scope: AreaScope) {
    const names = new Map((await this.repository.allEnterprises(scope)).map((e) => [e.id, e.name]));
    const sites = new Map((await this.repository.allSites({}, scope)).map((s) => [s.id, s.name]));
    return rows.map((r) => ({
      problemId: String(r.id),
      enterpriseId: String(r.enterprise_id),
      enterpriseName: names.get(r.enterprise_id) ?? '',
      siteId: r.site_id === null ? null : String(r.site_id),
      siteName: r.site_id === null ? null : (sites.get(r.site_id) ?? null),
      alarmId: r.alarm_id === null ? null : String(r.alarm_id),
      title: r.title,
      description: r.description,
      state: r.state as ProblemState,
      stateName: PROBLEM_STATES[r.state as ProblemState],
      assignee: r.assignee,
      deadline: r.deadline,
      createdBy: r.created_by,
      createdAt: formatChinaDateTime(r.created_at),
      updatedAt: formatChinaDateTime(r.updated_at),
    }));
  }

  async problems(query: z.output<typeof eleProblemListQuery>, scope: AreaScope) {
    const page = pageOf(query, 20);
    const result = await this.repository.problems(
      { enterpriseId: query.enterpriseId === undefined ? undefined : Number(query.enterpriseId), state: query.state },
      scope,
      page,
    );
    return pageAnswer(page, { list: await this.present(result.list, scope), total: result.total });
  }

  async problem(id: number, scope: AreaScope) {
    const row = await this.repository.problem(id, scope);
    if (row === undefined) throw problemNotFound();
    const [presented] = await this.present([row], scope);
    if (presented === undefined) throw problemNotFound();
    const steps = (await this.repository.steps(id)).map((s) => ({
      action: s.action,
      actionName:
        s.action === 'create'
          ? '新建'
          : (PROBLEM_ACTION_NAMES[s.action as keyof typeof PROBLEM_ACTION_NAMES] ?? s.action),
      actor: s.actor,
      note: s.note,
      at: formatChinaDateTime(s.at),
    }));
    return { ...presented, steps };
  }

  async createProblem(body: z.output<typeof eleProblemSaveBody>, editor: EleEditor) {
    let enterpriseId: number;
    let siteId: number | null = body.siteId === undefined ? null : Number(body.siteId);
    let title = body.title;
    let description = body.description;
    let alarmId: number | null = null;
    if (body.alarmId !== undefined) {
      const { alarm, site } = await this.alarm(Number(body.alarmId), editor.scope);
      if ((await this.repository.problemsOfAlarms([Number(alarm.alarmId)])).size > 0)
        throw conflict('该告警已生成问题单');
      enterpriseId = site.enterprise_id;
      siteId = site.id;
      alarmId = Number(alarm.alarmId);
      title ??= `${site.name}：${alarm.ruleName}`.slice(0, 60);
      if (description === '')
        description =
          `${alarm.firstAt} 起「${site.name}」${alarm.ruleName}（告警 #${alarm.alarmId}，${alarm.levelName}，${alarm.statusName}）。请企业核查原因并整改，提交运行记录。`.slice(
            0,
            500,
          );
    } else {
      if (body.enterpriseId === undefined) throw invalidField('enterpriseId', '请选择企业');
      if (title === undefined) throw invalidField('title', '请填写问题标题');
      enterpriseId = Number(body.enterpriseId);
    }
    const enterprise = await this.register.enterpriseRecord(enterpriseId, editor.scope);
    if (siteId !== null) {
      const site = await this.register.siteRecord(siteId, editor.scope);
      if (site.enterprise_id !== enterprise.id) throw invalidField('siteId', '监测点不属于该企业');
    }
    const at = this.deps.now();
    const row = {
      enterprise_id: enterprise.id,
      area_code: enterprise.area_code,
      site_id: siteId,
      alarm_id: alarmId,
      title,
      description,
      state: 'open',
      assignee: '',
      deadline: body.deadline,
      created_by: editor.actor.name,
      created_at: at,
      updated_at: at,
    };
    const id = await this.repository.insertProblem(row, {
      action: 'create',
      actor: editor.actor.name,
      note: alarmId === null ? '手工新建' : `由告警 ${alarmId} 生成`,
      at,
    });
    await this.deps.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'ele_problem.create',
      target: { type: 'ele_problem', id: String(id), name: title },
      after: row,
    });
    return this.problem(id, editor.scope);
  }

  async act(body: z.output<typeof eleProblemActionBody>, editor: EleEditor) {
    const id = Number(body.problemId);
    const row = await this.repository.problem(id, editor.scope);
    if (row === undefined) throw problemNotFound();
    const from = row.state as ProblemState;
    const next = problemTransition(from, body.action);
    if (!next.ok) throw conflict(next.message);
    const needs = problemActionNeeds(body.action);
    if (needs.assignee && (body.assignee === undefined || body.assignee === ''))
      throw invalidField('assignee', '请填写整改责任人');
    if (needs.note && body.note === '') throw invalidField('note', '请填写说明');
    const at = this.deps.now();
    const change = {
      state: next.to,
      updated_at: at,
      ...(needs.assignee ? { assignee: body.assignee ?? '' } : {}),
    };
    const note = needs.assignee ? `责任人：${body.assignee}${body.note === '' ? '' : `；${body.note}`}` : body.note;
    const moved = await this.repository.stepProblem(id, from, change, {
      action: body.action,
      actor: editor.actor.name,
      note,
      at,
    });
    if (!moved) throw conflict('问题单已被他人处理，请刷新后重试');
    await this.deps.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'ele_problem.transition',
      target: { type: 'ele_problem', id: String(id), name: row.title },
      before: { state: from, assignee: row.assignee },
      after: { ...change, action: body.action, note },
    });
    return this.problem(id, editor.scope);
  }

  // --- Operations ---

  async operations(query: z.output<typeof eleOperationListQuery>, scope: AreaScope) {
    const page = pageOf(query, 20);
    const meter = query.deviceCode === undefined ? undefined : await this.register.meterByCode(query.deviceCode, scope);
    const result = await this.repository.operations(
      {
        enterpriseId: query.enterpriseId === undefined ? undefined : Number(query.enterpriseId),
        deviceId: meter?.id,
        kind: query.kind,
      },
      scope,
      page,
    );
    const names = new Map((await this.repository.allEnterprises(scope)).map((e) => [e.id, e.name]));
    const meters = new Map(
      (await this.deps.core.byIds([...new Set(result.list.map((r) => r.device_id))], scope)).map((d) => [d.id, d]),
    );
    return pageAnswer(page, {
      list: result.list.map((r) => ({
        id: String(r.id),
        enterpriseId: String(r.enterprise_id),
        enterpriseName: names.get(r.enterprise_id) ?? '',
        deviceCode: meters.get(r.device_id)?.mn ?? '',
        deviceName: meters.get(r.device_id)?.name ?? '',
        kind: r.kind as keyof typeof ELE_OPERATION_KINDS,
        kindName: ELE_OPERATION_KINDS[r.kind as keyof typeof ELE_OPERATION_KINDS],
        content: r.content,
        worker: r.worker,
        time: formatChinaDateTime(r.at),
        createdBy: r.created_by,
      })),
      total: result.total,
    });
  }

  async saveOperation(body: z.output<typeof eleOperationSaveBody>, editor: EleEditor) {
    const meter = await this.register.meterByCode(body.deviceCode, editor.scope);
    const site = await this.repository.siteByDevice(meter.id);
    if (site === undefined) throw conflict(`电表 ${body.deviceCode} 尚未绑定到企业的监测点`);
    const at = parseChinaDateTime(body.time);
    if (at > this.deps.now() + 300) throw invalidField('time', '运维时间不能晚于现在');
    const row = {
      enterprise_id: site.enterprise_id,
      area_code: site.area_code,
      device_id: meter.id,
      kind: body.kind,
      content: body.content,
      worker: body.worker,
      at,
      created_by: editor.actor.name,
      created_at: this.deps.now(),
    };
    const id = await this.repository.insertOperation(row);
    await this.deps.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'ele_operation.save',
      target: { type: 'ele_operation', id: String(id), name: `${meter.mn} ${ELE_OPERATION_KINDS[body.kind]}` },
      after: row,
    });
    return { id: String(id) };
  }

  async deleteOperation(id: number, editor: EleEditor) {
    const row = await this.repository.operation(id, editor.scope);
    if (row === undefined) throw notFound('运维记录不存在或不在您的管辖范围');
    await this.repository.deleteOperation(id);
    await this.deps.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'ele_operation.delete',
      target: { type: 'ele_operation', id: String(id) },
      before: row,
    });
  }
}
