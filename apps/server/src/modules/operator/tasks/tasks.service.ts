import {
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  type ApprovalRow,
  type approvalDecideBody,
  type approvalListQuery,
  TASK_KINDS,
  TASK_STATUSES,
  type TaskRow,
  type taskListQuery,
  type taskSaveBody,
} from '@lantian/contracts';
import { formatChinaDateTime, parseChinaDateTime } from '@lantian/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { conflict, forbidden, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import type { AuditActor, AuditLog } from '../audit';
import type { ApprovalRecord, TaskBox, TaskRecord, TasksRepository } from './tasks.repository';
import type { TasksTables } from './tasks.tables';

export interface Handler {
  principal: OperatorPrincipal;
  actor: AuditActor;
  ip: string;
}

export interface NewTask {
  kind: 'event' | 'manual' | 'complaint';
  title: string;
  content: string;
  link: string | null;
  subjectId: string | null;
  assigneeId: string;
  assignerId: string | null;
  areaCode: string;
  dueAt: number | null;
}

export interface NewApproval {
  kind: keyof typeof APPROVAL_KINDS;
  subjectId: string;
  title: string;
  summary: string;
  link: string | null;
  areaCode: string;
  requestedBy: string | null;
}

/** What the module that asked for an approval does with a decision (it settles the approval itself). */
export type ApprovalDecider = (
  approval: { id: number; subjectId: string },
  decision: 'approve' | 'reject',
  note: string,
  handler: Handler,
) => Promise<void>;

/** Looks up an operator in the reader's scope (the operators module): their area and name. */
export type OperatorLookup = (
  id: string,
  scope: AreaScope,
) => Promise<{ id: string; name: string; areaCode: string } | undefined>;

function presentTask(row: TaskRecord, now: number): TaskRow {
  const kind = row.kind as keyof typeof TASK_KINDS;
  const status = row.status as keyof typeof TASK_STATUSES;
  return {
    taskId: String(row.id),
    kind,
    kindName: TASK_KINDS[kind],
    title: row.title,
    content: row.content,
    link: row.link,
    subjectId: row.subject_id,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name ?? row.assignee_id,
    assignerName: row.assigner_id === null ? '系统' : (row.assigner_name ?? row.assigner_id),
    areaCode: row.area_code,
    status,
    statusName: TASK_STATUSES[status],
    dueAt: row.due_at === null ? null : formatChinaDateTime(Number(row.due_at)),
    overdue: status === 'open' && row.due_at !== null && now > Number(row.due_at),
    createdAt: formatChinaDateTime(Number(row.created_at)),
    doneAt: row.done_at === null ? null : formatChinaDateTime(Number(row.done_at)),
    doneNote: row.done_note,
  };
}

function presentApproval(row: ApprovalRecord): ApprovalRow {
  const kind = row.kind as keyof typeof APPROVAL_KINDS;
  const status = row.status as keyof typeof APPROVAL_STATUSES;
  return {
    approvalId: String(row.id),
    kind,
    kindName: APPROVAL_KINDS[kind],
    title: row.title,
    summary: row.summary,
    link: row.link,
    subjectId: row.subject_id,
    areaCode: row.area_code,
    status,
    statusName: APPROVAL_STATUSES[status],
    requestedBy: row.requested_by === null ? null : (row.requested_name ?? row.requested_by),
    requestedAt: formatChinaDateTime(Number(row.requested_at)),
    decidedBy: row.decided_by === null ? null : (row.decided_name ?? row.decided_by),
    decidedAt: row.decided_at === null ? null : formatChinaDateTime(Number(row.decided_at)),
    note: row.note,
  };
}

/**
 * The task centre and the approval centre. Other modules create tasks and approvals inside their own
 * transactions (`create`, `request`, `endBySubject`, `settle`); operators list, read and complete
 * tasks, and reviewers decide approvals, which hands the decision to the module that registered the
 * approval's kind.
 */
export class TasksService {
  private readonly deciders = new Map<string, ApprovalDecider>();

  constructor(
    private readonly repository: TasksRepository,
    private readonly audit: AuditLog,
    private readonly operatorInScope: OperatorLookup,
    private readonly now: Clock,
  ) {}

  registerDecider(kind: keyof typeof APPROVAL_KINDS, decider: ApprovalDecider): void {
    if (this.deciders.has(kind)) throw new Error(`approval kind ${kind} is registered twice`);
    this.deciders.set(kind, decider);
  }

  // --- For other modules -------------------------------------------------------------------------

  create(task: NewTask, executor?: Kysely<TasksTables>): Promise<number> {
    return this.repository.insertTask(
      {
        kind: task.kind,
        title: task.title.slice(0, 120),
        content: task.content.slice(0, 1000),
        link: task.link,
        subject_id: task.subjectId,
        assignee_id: task.assigneeId,
        assigner_id: task.assignerId,
        area_code: task.areaCode,
        due_at: task.dueAt,
        status: 'open',
        created_at: this.now(),
        done_at: null,
        done_note: null,
      },
      executor,
    );
  }

  endBySubject(
    kind: NewTask['kind'],
    subjectId: string,
    status: 'done' | 'cancelled',
    executor?: Kysely<TasksTables>,
  ): Promise<number> {
    return this.repository.endBySubject(kind, subjectId, status, this.now(), executor);
  }

  request(approval: NewApproval, executor?: Kysely<TasksTables>): Promise<number> {
    return this.repository.insertApproval(
      {
        kind: approval.kind,
        subject_id: approval.subjectId,
        title: approval.title.slice(0, 120),
        summary: approval.summary.slice(0, 1000),
        link: approval.link,
        area_code: approval.areaCode,
        status: 'pending',
        requested_by: approval.requestedBy,
        requested_at: this.now(),
        decided_by: null,
        decided_at: null,
        note: null,
      },
      executor,
    );
  }

  settle(
    kind: keyof typeof APPROVAL_KINDS,
    subjectId: string,
    outcome: { status: 'approved' | 'rejected' | 'withdrawn'; by: string | null; note: string | null },
    executor?: Kysely<TasksTables>,
  ): Promise<number> {
    return this.repository.settleBySubject(kind, subjectId, { ...outcome, at: this.now() }, executor);
  }

  // --- Task centre -------------------------------------------------------------------------------

  async listTasks(query: z.output<typeof taskListQuery>, principal: OperatorPrincipal) {
    if (query.box === 'area' && !principal.permissions.has('grid:dispatch')) {
      throw forbidden('查看本辖区全部任务需要「受理、派遣」权限（grid:dispatch）');
    }
    const box: TaskBox = query.box === 'area' ? { kind: 'area' } : { kind: query.box, operatorId: principal.id };
    const page = pageOf(query, 20);
    const now = this.now();
    const result = await this.repository.listTasks(
      box,
      principal.scope,
      { status: query.status, kind: query.kind, keyword: query.keyword },
      page,
    );
    return pageAnswer(page, { list: result.list.map((r) => presentTask(r, now)), total: result.total });
  }

  async task(id: number, principal: OperatorPrincipal): Promise<TaskRow> {
    const row = await this.repository.task(id, principal.id, principal.scope);
    if (row === undefined) throw notFound('任务不存在或不在您的辖区');
    return presentTask(row, this.now());
  }

  async assign(body: z.output<typeof taskSaveBody>, handler: Handler): Promise<TaskRow> {
    const assignee = await this.operatorInScope(body.assigneeId, handler.principal.scope);
    if (assignee === undefined) throw invalidField('assigneeId', '执行人不存在或不在您的辖区');
    const dueAt = body.dueAt === undefined ? null : parseChinaDateTime(body.dueAt);
    if (dueAt !== null && dueAt <= this.now()) throw invalidField('dueAt', '截止时间应晚于现在');
    const id = await this.create({
      kind: 'manual',
      title: body.title,
      content: body.content,
      link: null,
      subjectId: null,
      assigneeId: assignee.id,
      assignerId: handler.principal.id,
      areaCode: assignee.areaCode,
      dueAt,
    });
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'task.create',
      target: { type: 'task', id: String(id), name: body.title },
      after: { ...body, assigneeName: assignee.name },
    });
    return this.task(id, handler.principal);
  }

  /** The assignee finishes a task given by hand; tasks about a subject end when the subject moves on. */
  async complete(id: number, note: string, handler: Handler): Promise<TaskRow> {
    const row = await this.repository.task(id, handler.principal.id, handler.principal.scope);
    if (row === undefined) throw notFound('任务不存在或不在您的辖区');
    if (row.assignee_id !== handler.principal.id) throw forbidden('只有执行人可以完成任务');
    if (row.kind !== 'manual') throw conflict('事件与投诉的任务随办理自动完成，请到对应页面办理');
    if (!(await this.repository.complete(id, this.now(), note === '' ? null : note))) {
      throw conflict('任务已完成或已取消');
    }
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'task.complete',
      target: { type: 'task', id: String(id), name: row.title },
      detail: note === '' ? null : note,
      before: { status: row.status },
      after: { status: 'done' },
    });
    return this.task(id, handler.principal);
  }

  openCount(operatorId: string): Promise<number> {
    return this.repository.openCount(operatorId);
  }

  // --- Approval centre ---------------------------------------------------------------------------

  async listApprovals(query: z.output<typeof approvalListQuery>, scope: AreaScope) {
    const page = pageOf(query, 20);
    const result = await this.repository.listApprovals(scope, { status: query.status, kind: query.kind }, page);
    return pageAnswer(page, { list: result.list.map(presentApproval), total: result.total });
  }

  async approval(id: number, scope: AreaScope): Promise<ApprovalRow> {
    const row = await this.repository.approval(id, scope);
    if (row === undefined) throw notFound('审批不存在或不在您的辖区');
    return presentApproval(row);
  }

  async decide(body: z.output<typeof approvalDecideBody>, handler: Handler): Promise<ApprovalRow> {
    const id = Number(body.approvalId);
    const row = await this.repository.approval(id, handler.principal.scope);
    if (row === undefined) throw notFound('审批不存在或不在您的辖区');
    if (row.status !== 'pending')
      throw conflict(`该审批已${APPROVAL_STATUSES[row.status as keyof typeof APPROVAL_STATUSES]}`);
    if (body.decision === 'reject' && body.note === '') throw invalidField('note', '驳回需要填写说明');
    const decider = this.deciders.get(row.kind);
    if (decider === undefined) throw conflict('该类审批暂不能在审批中心办理');
    await decider({ id, subjectId: row.subject_id }, body.decision, body.note, handler);
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'approval.decide',
      target: { type: 'approval', id: String(id), name: row.title },
      detail: body.note === '' ? null : body.note,
      before: { status: 'pending' },
      after: { decision: body.decision },
    });
    return this.approval(id, handler.principal.scope);
  }

  pendingCount(scope: AreaScope): Promise<number> {
    return this.repository.pendingCount(scope);
  }
}
