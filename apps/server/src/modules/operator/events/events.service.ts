import {
  type CatalogNode,
  ErrorCode,
  type ErrorCodeValue,
  EVENT_SOURCES,
  type EventDetail,
  type EventRow,
  type EventSourceCode,
  type eventListQuery,
  type eventReportFields,
  type eventTransitionBody,
} from '@lantian/contracts';
import {
  actionsFor,
  checkTransition,
  EVENT_ACTIONS,
  EVENT_PRIORITIES,
  EVENT_STATES,
  type EventAction,
  type EventActor,
  type EventPriority,
  type EventState,
  eventDeadline,
  formatChinaDate,
  formatChinaDateTime,
  isEventAction,
  isEventState,
  isOverdue,
  parseChinaDateTime,
  type TransitionAnswer,
  type TransitionRefusal,
} from '@lantian/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { inScope } from '../../../platform/db/area-scope';
import { AppError, conflict, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import type { AuditActor, AuditLog } from '../audit';
import { isInSubtree } from '../grids';
import type { NewNotice } from '../notices';
import type { NewApproval, NewTask, TasksTables } from '../tasks';
import type { EventFilter, EventRecord, EventScope, EventsRepository, EventsView } from './events.repository';

/** A photo ready to store: re-encoded (no metadata left), with what its EXIF said. */
export interface StoredPhoto {
  name: string;
  jpeg: Buffer;
  width: number;
  height: number;
  lon: number | null;
  lat: number | null;
  takenAt: number | null;
  sha256: string;
}

/** The grid a point lies in, and grid roles (the grids module). */
export interface GridLookup {
  locate(lon: number, lat: number): Promise<{ code: string; name: string; areaCode: string } | null>;
  membership(operatorId: string): Promise<{ gridCode: string; role: 'manager' | 'member' } | null>;
  names(codes: readonly string[]): Promise<Map<string, string>>;
  /** Members of a grid and the grids above it, nearest first (dispatch candidates). */
  membersAround(
    gridCode: string,
  ): Promise<Array<{ operatorId: string; name: string; gridCode: string; gridName: string; role: string }>>;
}

/** Operators and organisations (the operators module). */
export interface PeopleLookup {
  /** The operator's name and organisation (any scope: the actor themselves). */
  facts(id: string): Promise<{ name: string; orgId: string } | undefined>;
  /** An active operator in scope; `handles`: whether they hold grid:edit (may start, return and finish events). */
  operatorInScope(
    id: string,
    scope: AreaScope,
  ): Promise<{ id: string; name: string; orgId: string; handles: boolean } | undefined>;
  /** An organisation in scope; `handles`: whether any active operator of it holds grid:edit. */
  orgInScope(
    id: string,
    scope: AreaScope,
  ): Promise<{ id: string; name: string; areaCode: string; handles: boolean } | undefined>;
  orgsInScope(scope: AreaScope): Promise<Array<{ id: string; name: string; areaCode: string; areaName: string }>>;
}

/** The other modules an event touches when it moves: tasks, approvals and notices. */
export interface EventEffects {
  createTask(task: NewTask, trx: Kysely<TasksTables>): Promise<number>;
  endTasks(subjectId: string, status: 'done' | 'cancelled', trx: Kysely<TasksTables>): Promise<number>;
  requestApproval(approval: NewApproval, trx: Kysely<TasksTables>): Promise<number>;
  settleApprovals(
    subjectId: string,
    outcome: { status: 'approved' | 'rejected' | 'withdrawn'; by: string | null; note: string | null },
    trx: Kysely<TasksTables>,
  ): Promise<number>;
  notify(notice: NewNotice): Promise<number>;
}

export interface Catalogue {
  /** Label and deadline hours of a catalogue value; undefined for an unknown or disabled one. */
  entry(code: string): Promise<{ label: string; deadlineHours: number | null } | undefined>;
  label(code: string): Promise<string>;
  /** Values of a catalogue and every sub-catalogue below it. */
  withChildren(code: string): Promise<string[]>;
  tree(): Promise<CatalogNode[]>;
}

export interface EventHandler {
  principal: OperatorPrincipal;
  actor: AuditActor;
  ip: string;
}

/** What opened an event besides a person: a device alarm, a complaint, the open API. */
export interface SystemReport {
  source: EventSourceCode;
  title: string;
  catalog: string;
  description: string;
  priority: EventPriority;
  lon: number;
  lat: number;
  address: string;
  /** The area when the point lies in no grid. */
  areaCode: string;
  reporterName: string;
  reporterId?: string | null;
  alarmId?: number;
  complaintId?: number;
}

/** The stable codes of the domain's refusals (their HTTP status travels in the code). */
const REFUSAL_CODES: Record<TransitionRefusal['code'], ErrorCodeValue> = {
  ILLEGAL_TRANSITION: ErrorCode.ILLEGAL_TRANSITION,
  NOT_PERMITTED: ErrorCode.FORBIDDEN,
  NOT_ASSIGNEE: ErrorCode.NOT_ASSIGNEE,
  NOTE_REQUIRED: ErrorCode.VALIDATION,
  ASSIGNEE_REQUIRED: ErrorCode.VALIDATION,
};

/** The state a transition leads to, or the domain's refusal as an error. */
function allowed(answer: TransitionAnswer): EventState {
  if (!answer.ok) throw new AppError(REFUSAL_CODES[answer.code], answer.msg);
  return answer.to;
}

const EVENT_LINK = (id: number) => `/platform/grid-events?eventId=${id}`;

/** The event's human number: SJ + China date of the report + the id, 5 digits at least. */
export function eventNo(id: number, reportedAt: number): string {
  return `SJ${formatChinaDate(reportedAt).replaceAll('-', '')}${String(id).padStart(5, '0')}`;
}

const LOG_ACTION_NAMES: Record<string, string> = {
  report: '上报',
  attach: '补充照片',
  overdue: '逾期',
  ...Object.fromEntries(Object.entries(EVENT_ACTIONS).map(([k, v]) => [k, v.name])),
};

export function logActionName(action: string): string {
  return LOG_ACTION_NAMES[action] ?? action;
}

function stateOf(value: string): EventState {
  if (!isEventState(value)) throw new Error(`unknown event state ${value} in the database`);
  return value;
}

/**
 * Grid events from report to close (issue 15). Every change runs in one transaction with its history
 * entry, photos, the tasks and approvals it creates or ends; notices go out after the commit. The flow's
 * rules are the domain's (`checkTransition`); this service supplies who the actor is, who the event is
 * assigned to, and what each step sets.
 */
export class EventsService {
  constructor(
    private readonly repository: EventsRepository,
    private readonly grids: GridLookup,
    private readonly people: PeopleLookup,
    private readonly catalogue: Catalogue,
    private readonly effects: EventEffects,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  /** Whether a patrol is the operator's own and running (the patrols module, which comes later, answers). */
  private patrolCheck: ((patrolId: number, operatorId: string) => Promise<boolean>) | undefined;

  checkPatrolsWith(check: (patrolId: number, operatorId: string) => Promise<boolean>): void {
    this.patrolCheck = check;
  }

  // --- Scope ------------------------------------------------------------------------------------

  /** What the operator may see: their area, narrowed by their grid role. */
  async scopeOf(principal: OperatorPrincipal): Promise<EventScope> {
    const role = await this.grids.membership(principal.id);
    if (role === null) return { area: principal.scope };
    if (role.role === 'manager') return { area: principal.scope, gridPrefix: role.gridCode };
    return { area: principal.scope, memberId: principal.id };
  }

  private async actorOf(principal: OperatorPrincipal): Promise<EventActor & { name: string }> {
    const facts = await this.people.facts(principal.id);
    return {
      id: principal.id,
      orgId: facts?.orgId ?? null,
      permissions: principal.permissions,
      name: facts?.name ?? principal.username,
    };
  }

  // --- Reading ----------------------------------------------------------------------------------

  private async present(rows: EventRecord[]): Promise<EventRow[]> {
    const now = this.now();
    const gridNames = await this.grids.names(rows.flatMap((r) => (r.grid_code === null ? [] : [r.grid_code])));
    return Promise.all(
      rows.map(async (row) => {
        const state = stateOf(row.state);
        const source = row.source as EventSourceCode;
        const priority = Number(row.priority) as EventPriority;
        const reportedAt = Number(row.reported_at);
        const deadline = row.deadline === null ? null : Number(row.deadline);
        return {
          eventId: String(row.id),
          eventNo: eventNo(Number(row.id), reportedAt),
          title: row.title,
          eventClassification: row.catalog,
          catalogName: await this.catalogue.label(row.catalog),
          source,
          sourceName: EVENT_SOURCES[source] ?? source,
          eventState: state,
          stateName: EVENT_STATES[state],
          priority,
          priorityName: EVENT_PRIORITIES[priority] ?? String(priority),
          address: row.address,
          longitude: Number(row.lon),
          latitude: Number(row.lat),
          bindGridCode: row.grid_code,
          gridName: row.grid_code === null ? null : (gridNames.get(row.grid_code) ?? row.grid_code),
          areaCode: row.area_code,
          orgCode: row.org_id,
          orgName: row.org_name,
          assigneeId: row.assignee_id,
          assigneeName: row.assignee_name,
          reporterName: row.reporter_name,
          reportedAt: formatChinaDateTime(reportedAt),
          deadline: deadline === null ? null : formatChinaDateTime(deadline),
          overdue: isOverdue(state, deadline, now),
          closedAt: row.closed_at === null ? null : formatChinaDateTime(Number(row.closed_at)),
          photoCount: row.photo_count,
        };
      }),
    );
  }

  private async record(id: number, scope: EventScope): Promise<EventRecord> {
    const row = await this.repository.get(id, scope);
    if (row === undefined) throw notFound('事件不存在或不在您的管辖范围');
    return row;
  }

  /** Translates list parameters into a repository filter (catalogues include their sub-catalogues). */
  async filterOf(query: Partial<z.output<typeof eventListQuery>>, principal: OperatorPrincipal): Promise<EventFilter> {
    const from = query.startTime === undefined ? undefined : parseChinaDateTime(query.startTime);
    const to = query.endTime === undefined ? undefined : parseChinaDateTime(query.endTime);
    if (from !== undefined && to !== undefined && from > to)
      throw invalidField('startTime', '开始时间不能晚于结束时间');
    return {
      state: query.eventState,
      catalogs:
        query.eventClassification === undefined
          ? undefined
          : await this.catalogue.withChildren(query.eventClassification),
      source: query.source,
      gridPrefix: query.bindGridCode,
      orgId: query.orgCode,
      priority: query.priority,
      overdueAt: query.overdue === '1' ? this.now() : undefined,
      mineId: query.mine === '1' ? principal.id : undefined,
      keyword: query.keyword,
      from,
      to,
    };
  }

  async list(query: z.output<typeof eventListQuery>, principal: OperatorPrincipal) {
    const page = pageOf(query, 20);
    const scope = await this.scopeOf(principal);
    const result = await this.repository.list(scope, await this.filterOf(query, principal), page);
    return pageAnswer(page, { list: await this.present(result.list), total: result.total });
  }

  async detail(id: number, principal: OperatorPrincipal): Promise<EventDetail> {
    const scope = await this.scopeOf(principal);
    const row = await this.record(id, scope);
    const [presented] = await this.present([row]);
    if (presented === undefined) throw notFound('事件不存在');
    const actor = await this.actorOf(principal);
    const state = stateOf(row.state);
    return {
      ...presented,
      description: row.description,
      alarmId: row.alarm_id === null ? null : String(row.alarm_id),
      complaintId: row.complaint_id === null ? null : String(row.complaint_id),
      patrolId: row.patrol_id === null ? null : String(row.patrol_id),
      actions: actionsFor(state, actor, { operatorId: row.assignee_id, orgId: row.org_id }).map((action) => ({
        action,
        name: EVENT_ACTIONS[action].name,
        noteRequired: EVENT_ACTIONS[action].noteRequired,
        needsAssignee: EVENT_ACTIONS[action].needsAssignee,
      })),
      attachments: await this.attachmentsOf(id),
      logs: await this.logsOf(id),
    };
  }

  private async logsOf(id: number) {
    return (await this.repository.logs(id)).map((log) => ({
      logId: String(log.id),
      action: log.action,
      actionName: logActionName(log.action),
      fromState: log.from_state === null ? null : stateOf(log.from_state),
      toState: log.to_state === null ? null : stateOf(log.to_state),
      actorName: log.actor_name,
      note: log.note,
      target: log.target,
      at: formatChinaDateTime(Number(log.at)),
    }));
  }

  private async attachmentsOf(id: number) {
    return (await this.repository.attachments(id)).map((a) => ({
      attachmentId: String(a.id),
      name: a.name,
      url: `/adm/event/attachment?attachmentId=${a.id}`,
      width: Number(a.width),
      height: Number(a.height),
      bytes: Number(a.bytes),
      longitude: a.lon === null ? null : Number(a.lon),
      latitude: a.lat === null ? null : Number(a.lat),
      takenAt: a.taken_at === null ? null : formatChinaDateTime(Number(a.taken_at)),
      step: a.step === null ? '上报' : logActionName(a.step),
      uploadedBy: a.created_by_name,
      uploadedAt: formatChinaDateTime(Number(a.created_at)),
    }));
  }

  async logs(id: number, principal: OperatorPrincipal) {
    await this.record(id, await this.scopeOf(principal));
    return this.logsOf(id);
  }

  async attachments(id: number, principal: OperatorPrincipal) {
    await this.record(id, await this.scopeOf(principal));
    return this.attachmentsOf(id);
  }

  async attachmentData(id: number, principal: OperatorPrincipal) {
    const row = await this.repository.attachmentData(id, await this.scopeOf(principal));
    if (row === undefined) throw notFound('附件不存在或不在您的管辖范围');
    return { data: Buffer.from(row.data), mime: row.mime, etag: `"${row.sha256}"` };
  }

  /**
   * getEventProcessHis: the main line of the flow as steps, each with the last time it was reached,
   * who did it and how long it took from the step before; states not reached yet are listed unreached.
   */
  async processHistory(id: number, principal: OperatorPrincipal) {
    const row = await this.record(id, await this.scopeOf(principal));
    const logs = await this.repository.logs(id);
    const state = stateOf(row.state);
    const line: EventState[] = ['reported', 'accepted', 'dispatched', 'handling', 'handled', 'reviewed', 'closed'];
    if (state === 'rejected') line.splice(1, line.length - 1, 'rejected');
    // Steps past where the event stands now are not reached, even if an earlier round reached them (a
    // redo sends a handled event back to handling; a returned event waits for a new dispatch).
    const position = state === 'returned' ? line.indexOf('accepted') : line.indexOf(state);
    let previous: number | null = null;
    const steps = line.map((step, i) => {
      // Only the flow's own steps: photos added and overdue marks keep the state and are not steps.
      const log =
        i > position
          ? undefined
          : [...logs]
              .reverse()
              .find((l) =>
                step === 'reported' ? l.action === 'report' : isEventAction(l.action) && l.to_state === step,
              );
      const at = log === undefined ? null : Number(log.at);
      const duration = at !== null && previous !== null ? Math.max(0, at - previous) : null;
      if (at !== null) previous = at;
      return {
        state: step,
        stateName: EVENT_STATES[step],
        reached: at !== null,
        at: at === null ? null : formatChinaDateTime(at),
        actorName: log?.actor_name ?? null,
        note: log?.note ?? null,
        durationSeconds: duration,
      };
    });
    const deadline = row.deadline === null ? null : Number(row.deadline);
    return { eventId: String(id), eventState: state, overdue: isOverdue(state, deadline, this.now()), steps };
  }

  catalogueTree() {
    return this.catalogue.tree();
  }

  /** Whom an event can be dispatched to: members of its grid and the grids above, and organisations in scope. */
  async assignees(id: number, principal: OperatorPrincipal) {
    const row = await this.record(id, await this.scopeOf(principal));
    const members = row.grid_code === null ? [] : await this.grids.membersAround(row.grid_code);
    const orgs = await this.people.orgsInScope(principal.scope);
    return {
      members,
      orgs: orgs
        .filter(
          (o) => inScope(row.area_code, { areaCode: o.areaCode }) || inScope(o.areaCode, { areaCode: row.area_code }),
        )
        .map((o) => ({ orgCode: o.id, name: o.name, areaName: o.areaName })),
    };
  }

  // --- Reporting --------------------------------------------------------------------------------

  /** An operator reports an event (a grid member on patrol, an office operator entering a call). */
  async report(fields: z.output<typeof eventReportFields>, photos: StoredPhoto[], handler: EventHandler) {
    const principal = handler.principal;
    const actor = await this.actorOf(principal);
    const catalog = await this.catalogue.entry(fields.eventClassification);
    if (catalog === undefined) throw invalidField('eventClassification', '事件类别不存在或已停用');
    if (fields.patrolId !== undefined && this.patrolCheck !== undefined) {
      if (!(await this.patrolCheck(Number(fields.patrolId), principal.id))) {
        throw invalidField('patrolId', '巡查不存在、已结束或不是您本人的巡查');
      }
    }
    const grid = await this.grids.locate(fields.longitude, fields.latitude);
    const areaCode = grid?.areaCode ?? principal.scope.areaCode;
    if (!inScope(areaCode, principal.scope)) {
      throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '事件位置不在您的辖区内');
    }
    if (grid === null && areaCode.endsWith('00')) {
      throw invalidField('longitude', '该位置不在任何网格内，请在网格范围内上报或联系管理员划分网格');
    }
    // A grid manager sees only their grid's subtree: an event reported outside it would be written and
    // then hidden from its own reporter (the answer a 404). Refused before anything is written.
    const scope = await this.scopeOf(principal);
    if (scope.gridPrefix !== undefined && (grid === null || !isInSubtree(grid.code, scope.gridPrefix))) {
      throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '事件位置不在您管理的网格内');
    }
    const now = this.now();
    const priority = fields.priority as EventPriority;
    const source: EventSourceCode = fields.source ?? (fields.patrolId === undefined ? 'manual' : 'patrol');
    const id = await this.repository.transaction(async (trx) => {
      const eventId = await this.repository.insertEvent(trx, {
        title: fields.title,
        catalog: fields.eventClassification,
        source,
        state: 'reported',
        priority,
        description: fields.description,
        address: fields.address,
        lon: fields.longitude,
        lat: fields.latitude,
        grid_code: grid?.code ?? null,
        area_code: areaCode,
        org_id: null,
        assignee_id: null,
        reporter_id: principal.id,
        reporter_name: actor.name,
        alarm_id: null,
        complaint_id: null,
        patrol_id: fields.patrolId === undefined ? null : Number(fields.patrolId),
        deadline: eventDeadline(now, catalog.deadlineHours, priority),
        overdue_at: null,
        reported_at: now,
        dispatched_at: null,
        handled_at: null,
        closed_at: null,
        updated_at: now,
      });
      const logId = await this.repository.insertLog(trx, {
        event_id: eventId,
        action: 'report',
        from_state: null,
        to_state: 'reported',
        actor_id: principal.id,
        actor_name: actor.name,
        note: fields.description === '' ? null : fields.description.slice(0, 500),
        target: null,
        at: now,
      });
      await this.storePhotos(trx, eventId, logId, photos, principal.id, actor.name, now);
      return eventId;
    });
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'event.report',
      target: { type: 'event', id: String(id), name: fields.title },
      after: { ...fields, photos: photos.length, gridCode: grid?.code ?? null },
    });
    await this.effects.notify({
      type: 'event',
      title: `新事件待受理：${fields.title}`,
      content: `${actor.name}上报「${catalog.label}」事件${grid === null ? '' : `（${grid.name}）`}：${fields.address}`,
      level: priority,
      link: EVENT_LINK(id),
      areaCode,
    });
    return this.detail(id, principal);
  }

  /** An event opened by the system (a device alarm, a complaint converted, the open API); returns its id. */
  async reportBySystem(report: SystemReport, trxWork?: (trx: Kysely<EventsView>, eventId: number) => Promise<void>) {
    const catalog = await this.catalogue.entry(report.catalog);
    const grid = await this.grids.locate(report.lon, report.lat);
    const now = this.now();
    const id = await this.repository.transaction(async (trx) => {
      const eventId = await this.repository.insertEvent(trx, {
        title: report.title.slice(0, 80),
        catalog: catalog === undefined ? 'other' : report.catalog,
        source: report.source,
        state: 'reported',
        priority: report.priority,
        description: report.description.slice(0, 2000),
        address: report.address.slice(0, 200),
        lon: report.lon,
        lat: report.lat,
        grid_code: grid?.code ?? null,
        area_code: grid?.areaCode ?? report.areaCode,
        org_id: null,
        assignee_id: null,
        reporter_id: report.reporterId ?? null,
        reporter_name: report.reporterName.slice(0, 64),
        alarm_id: report.alarmId ?? null,
        complaint_id: report.complaintId ?? null,
        patrol_id: null,
        deadline: eventDeadline(now, catalog?.deadlineHours ?? null, report.priority),
        overdue_at: null,
        reported_at: now,
        dispatched_at: null,
        handled_at: null,
        closed_at: null,
        updated_at: now,
      });
      await this.repository.insertLog(trx, {
        event_id: eventId,
        action: 'report',
        from_state: null,
        to_state: 'reported',
        actor_id: report.reporterId ?? null,
        actor_name: report.reporterName.slice(0, 64),
        note: report.description.slice(0, 500),
        target: null,
        at: now,
      });
      await trxWork?.(trx, eventId);
      return eventId;
    });
    await this.effects.notify({
      type: 'event',
      title: `新事件待受理：${report.title}`.slice(0, 120),
      content: `${EVENT_SOURCES[report.source]}：${report.description}`.slice(0, 1000),
      level: report.priority,
      link: EVENT_LINK(id),
      areaCode: grid?.areaCode ?? report.areaCode,
    });
    return id;
  }

  /** The event an alarm opened, if any (an alarm opens at most one: `events.alarm_id` is unique). */
  eventOfAlarm(alarmId: number) {
    return this.repository.byAlarm(alarmId);
  }

  private async storePhotos(
    trx: Kysely<EventsView>,
    eventId: number,
    logId: number,
    photos: StoredPhoto[],
    by: string,
    byName: string,
    at: number,
  ) {
    await this.repository.insertAttachments(
      trx,
      photos.map((p, i) => ({
        event_id: eventId,
        log_id: logId,
        name: (p.name.trim() === '' ? `照片${i + 1}.jpg` : p.name).slice(0, 120),
        mime: 'image/jpeg',
        bytes: p.jpeg.length,
        width: p.width,
        height: p.height,
        lon: p.lon,
        lat: p.lat,
        taken_at: p.takenAt,
        sha256: p.sha256,
        data: p.jpeg,
        created_by: by,
        created_by_name: byName,
        created_at: at,
      })),
    );
  }

  // --- Moving -----------------------------------------------------------------------------------

  async transition(body: z.output<typeof eventTransitionBody>, handler: EventHandler, photos: StoredPhoto[] = []) {
    const principal = handler.principal;
    const id = Number(body.eventId);
    const row = await this.record(id, await this.scopeOf(principal));
    const actor = await this.actorOf(principal);
    const from = stateOf(row.state);
    const action: EventAction = body.action;

    const assignee = { operatorId: row.assignee_id, orgId: row.org_id };
    let target: { operatorId: string | null; orgId: string | null; text: string } | undefined;
    if (EVENT_ACTIONS[action].needsAssignee) {
      // The flow and the permission first (with a stand-in target): an illegal or forbidden dispatch
      // is a 409 / 403 whatever it names, and learns nothing about which operators exist.
      allowed(
        checkTransition({
          state: from,
          action,
          actor,
          assignee,
          note: body.note,
          target: { operatorId: '?', orgId: null },
        }),
      );
      if (body.assigneeId !== undefined) {
        const member = await this.people.operatorInScope(body.assigneeId, principal.scope);
        if (member === undefined) throw invalidField('assigneeId', '派遣对象不存在或不在您的辖区');
        // Only the assignee may start, return or finish: someone without grid:edit would hold the event
        // in 「已派遣」 with no one able to move it on.
        if (!member.handles) throw invalidField('assigneeId', `${member.name}没有处置事件的权限，不能派遣给他`);
        target = { operatorId: member.id, orgId: member.orgId, text: member.name };
      } else if (body.orgCode !== undefined) {
        const org = await this.people.orgInScope(body.orgCode, principal.scope);
        if (org === undefined) throw invalidField('orgCode', '派遣组织不存在或不在您的辖区');
        // As for a person: an organisation where nobody may handle events would hold it for ever.
        if (!org.handles)
          throw invalidField('orgCode', `${org.name}没有可处置事件的人员（需「处置网格事件」权限），不能派遣给该组织`);
        target = { operatorId: null, orgId: org.id, text: org.name };
      }
    }
    const to = allowed(checkTransition({ state: from, action, actor, assignee, note: body.note, target }));
    const now = this.now();
    const subject = String(id);
    await this.repository.transaction(async (trx) => {
      const changes = {
        state: to,
        updated_at: now,
        ...(action === 'dispatch' && target !== undefined
          ? { assignee_id: target.operatorId, org_id: target.orgId, dispatched_at: now }
          : {}),
        ...(to === 'handled' ? { handled_at: now } : {}),
        ...(to === 'closed' || to === 'rejected' ? { closed_at: now } : {}),
        ...(action === 'redo' ? { handled_at: null } : {}),
      };
      if (!(await this.repository.move(trx, id, from, changes))) {
        throw new AppError(ErrorCode.STALE_STATE, '事件状态已被他人更新，请刷新后重试');
      }
      const logId = await this.repository.insertLog(trx, {
        event_id: id,
        action,
        from_state: from,
        to_state: to,
        actor_id: principal.id,
        actor_name: actor.name,
        note: body.note === '' ? null : body.note,
        target: target?.text ?? null,
        at: now,
      });
      await this.storePhotos(trx, id, logId, photos, principal.id, actor.name, now);
      await this.effectsOf(trx, row, action, to, target, principal, body.note);
    });
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'event.transition',
      target: { type: 'event', id: subject, name: row.title },
      detail: `${EVENT_ACTIONS[action].name}${body.note === '' ? '' : `：${body.note}`}`,
      before: { state: from, assigneeId: row.assignee_id, orgId: row.org_id },
      after: { state: to, ...(target === undefined ? {} : { assigneeId: target.operatorId, orgId: target.orgId }) },
    });
    await this.announce(row, action, to, target, actor.name);
    return this.detail(id, principal);
  }

  /** Tasks and approvals follow the event, inside its transaction. */
  private async effectsOf(
    trx: Kysely<EventsView>,
    row: EventRecord,
    action: EventAction,
    to: EventState,
    target: { operatorId: string | null; orgId: string | null; text: string } | undefined,
    principal: OperatorPrincipal,
    note: string,
  ) {
    const subject = String(row.id);
    // The assignee's task ends whenever the event leaves them (handled, returned, re-dispatched, rejected).
    if (action === 'dispatch' || action === 'return' || action === 'finish' || to === 'rejected') {
      await this.effects.endTasks(subject, action === 'finish' ? 'done' : 'cancelled', trx);
    }
    if (action === 'dispatch' && target?.operatorId !== null && target !== undefined && target.operatorId !== null) {
      await this.effects.createTask(
        {
          kind: 'event',
          title: `处置事件：${row.title}`,
          content: `${row.address}${note === '' ? '' : `。派遣说明：${note}`}`,
          link: EVENT_LINK(Number(row.id)),
          subjectId: subject,
          assigneeId: target.operatorId,
          assignerId: principal.id,
          areaCode: row.area_code,
          dueAt: row.deadline === null ? null : Number(row.deadline),
        },
        trx,
      );
    }
    // Sent back to the operator who handled it; an event dispatched to an organisation has nobody to name
    // (and the reviewer must not be handed their own rejection).
    if (action === 'redo' && row.assignee_id !== null) {
      await this.effects.createTask(
        {
          kind: 'event',
          title: `重新处置：${row.title}`,
          content: `审核不通过：${note}`,
          link: EVENT_LINK(Number(row.id)),
          subjectId: subject,
          assigneeId: row.assignee_id,
          assignerId: principal.id,
          areaCode: row.area_code,
          dueAt: null,
        },
        trx,
      );
    }
    if (action === 'finish') {
      await this.effects.requestApproval(
        {
          kind: 'event-review',
          subjectId: subject,
          title: `事件结案审核：${row.title}`,
          summary: `处置说明：${note}`,
          link: EVENT_LINK(Number(row.id)),
          areaCode: row.area_code,
          requestedBy: principal.id,
        },
        trx,
      );
    }
    if (action === 'approve' || action === 'redo') {
      await this.effects.settleApprovals(
        subject,
        { status: action === 'approve' ? 'approved' : 'rejected', by: principal.id, note: note === '' ? null : note },
        trx,
      );
    }
  }

  private async announce(
    row: EventRecord,
    action: EventAction,
    to: EventState,
    target: { text: string } | undefined,
    actorName: string,
  ) {
    const link = EVENT_LINK(Number(row.id));
    const base = { link, areaCode: row.area_code, level: Number(row.priority) };
    if (action === 'dispatch') {
      await this.effects.notify({
        ...base,
        type: 'event',
        title: `事件已派遣：${row.title}`,
        content: `${actorName}将事件派遣给${target?.text ?? ''}`,
      });
    } else if (action === 'return' || action === 'finish' || action === 'redo' || to === 'closed') {
      await this.effects.notify({
        ...base,
        type: 'event',
        title: `事件${EVENT_ACTIONS[action].name}：${row.title}`,
        content: `${actorName}${EVENT_ACTIONS[action].name}，事件现为「${EVENT_STATES[to]}」`,
      });
    }
  }

  /** Photos added later (the assignee's "after" pictures while handling). */
  async attach(eventId: number, note: string, photos: StoredPhoto[], handler: EventHandler) {
    const principal = handler.principal;
    if (photos.length === 0) throw invalidField('photos', '请选择要上传的照片');
    const row = await this.record(eventId, await this.scopeOf(principal));
    const state = stateOf(row.state);
    if (state === 'closed' || state === 'rejected') throw conflict(`事件已${EVENT_STATES[state]}，不能再添加照片`);
    const actor = await this.actorOf(principal);
    const now = this.now();
    await this.repository.transaction(async (trx) => {
      const logId = await this.repository.insertLog(trx, {
        event_id: eventId,
        action: 'attach',
        from_state: state,
        to_state: state,
        actor_id: principal.id,
        actor_name: actor.name,
        note: note === '' ? `补充 ${photos.length} 张照片` : note,
        target: null,
        at: now,
      });
      await this.storePhotos(trx, eventId, logId, photos, principal.id, actor.name, now);
    });
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'event.attach',
      target: { type: 'event', id: String(eventId), name: row.title },
      after: { photos: photos.length, note },
    });
    return this.attachmentsOf(eventId);
  }

  /** The approval centre's decision on a handled event: approve → 审核通过, reject → 审核不通过. */
  async decideReview(eventId: number, decision: 'approve' | 'reject', note: string, handler: EventHandler) {
    await this.transition(
      { eventId: String(eventId), action: decision === 'approve' ? 'approve' : 'redo', note },
      handler,
    );
  }

  /** The header badge: events waiting for a dispatcher's decision (assignees count their tasks, reviewers their approvals). */
  async waitingFor(principal: OperatorPrincipal): Promise<number> {
    if (!principal.permissions.has('grid:dispatch')) return 0;
    const counts = await this.repository.stateCounts(await this.scopeOf(principal), {}, this.now());
    return counts.filter((c) => c.state === 'reported' || c.state === 'returned').reduce((sum, c) => sum + c.count, 0);
  }

  // --- Overdue ----------------------------------------------------------------------------------

  /**
   * Finds open events past their deadline, notes each once in its history and posts a notice to its
   * area (and to its assignee's task list through the notice link). Safe on several instances: the
   * mark is a conditional update, so only one instance notes an event.
   */
  async sweepOverdue(limit = 500): Promise<number> {
    const now = this.now();
    let marked = 0;
    for (const late of await this.repository.lateUnmarked(now, limit)) {
      const id = Number(late.id);
      const won = await this.repository.transaction(async (trx) => {
        if (!(await this.repository.markOverdue(trx, id, now))) return false;
        await this.repository.insertLog(trx, {
          event_id: id,
          action: 'overdue',
          from_state: late.state,
          to_state: late.state,
          actor_id: null,
          actor_name: '系统',
          note: `已超过处置时限 ${formatChinaDateTime(Number(late.deadline))}`,
          target: null,
          at: now,
        });
        return true;
      });
      if (!won) continue;
      marked += 1;
      await this.effects.notify({
        type: 'event',
        title: `事件逾期：${late.title}`.slice(0, 120),
        content: `事件「${late.title}」处于「${EVENT_STATES[stateOf(late.state)]}」，已超过处置时限 ${formatChinaDateTime(Number(late.deadline))}`,
        level: 1,
        link: EVENT_LINK(id),
        areaCode: late.area_code,
      });
    }
    return marked;
  }
}
