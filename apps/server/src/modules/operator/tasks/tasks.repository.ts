import type { Insertable, Kysely, Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { containsIgnoringCase } from '../../../platform/db/like';
import type { OperatorsTables } from '../operators';
import type { ApprovalsTable, TasksTable, TasksTables } from './tasks.tables';

type Tables = TasksTables & Pick<OperatorsTables, 'operators'>;

export type TaskRecord = Selectable<TasksTable> & { assignee_name: string | null; assigner_name: string | null };
export type ApprovalRecord = Selectable<ApprovalsTable> & {
  requested_name: string | null;
  decided_name: string | null;
};

/** Which tasks a list is about: the operator's own, those they gave, or every task of their area. */
export type TaskBox =
  | { kind: 'mine'; operatorId: string }
  | { kind: 'assigned'; operatorId: string }
  | { kind: 'area' };

export interface TaskFilter {
  status?: string | undefined;
  kind?: string | undefined;
  keyword?: string | undefined;
}

export interface Paging {
  offset: number;
  limit: number;
}

/**
 * Tasks and approvals. Every read takes the reader's area scope; a task is also always readable by
 * its assignee (a grid member of a street may be assigned work whatever their organisation's area).
 * Writes that belong to another module's change (a dispatched event's task) take that module's
 * transaction as `executor`, so both land together or not at all.
 */
export class TasksRepository {
  constructor(private readonly database: Database<Tables>) {}

  private executor(executor?: Kysely<TasksTables>): Kysely<TasksTables> {
    return executor ?? this.database.db;
  }

  async insertTask(row: Insertable<TasksTable>, executor?: Kysely<TasksTables>): Promise<number> {
    const inserted = await this.executor(executor)
      .insertInto('tasks')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  private tasks() {
    return this.database.db
      .selectFrom('tasks as t')
      .leftJoin('operators as a', 'a.id', 't.assignee_id')
      .leftJoin('operators as g', 'g.id', 't.assigner_id')
      .selectAll('t')
      .select(['a.name as assignee_name', 'g.name as assigner_name']);
  }

  async listTasks(box: TaskBox, scope: AreaScope, filter: TaskFilter, page: Paging) {
    let query = this.database.db.selectFrom('tasks as t');
    if (box.kind === 'mine') query = query.where('t.assignee_id', '=', box.operatorId);
    else query = query.where(inAreaScope('t.area_code', scope));
    if (box.kind === 'assigned') query = query.where('t.assigner_id', '=', box.operatorId);
    if (filter.status !== undefined) query = query.where('t.status', '=', filter.status);
    if (filter.kind !== undefined) query = query.where('t.kind', '=', filter.kind);
    if (filter.keyword !== undefined && filter.keyword !== '') {
      query = query.where(containsIgnoringCase(['t.title', 't.content'], filter.keyword));
    }
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const ids = await query
      .select('t.id')
      // Open work first, soonest due first; then the newest.
      .orderBy((eb) => eb.case().when('t.status', '=', 'open').then(0).else(1).end())
      .orderBy((eb) => eb.case().when('t.due_at', 'is', null).then(1).else(0).end())
      .orderBy('t.due_at', 'asc')
      .orderBy('t.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const rows =
      ids.length === 0
        ? []
        : await this.tasks()
            .where(
              't.id',
              'in',
              ids.map((r) => Number(r.id)),
            )
            .execute();
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const list = ids.flatMap((r) => byId.get(Number(r.id)) ?? []);
    return { list, total: Number(total.n) };
  }

  /** A task its assignee or an operator of its area may read. */
  async task(id: number, readerId: string, scope: AreaScope): Promise<TaskRecord | undefined> {
    return this.tasks()
      .where('t.id', '=', id)
      .where((eb) => eb.or([eb('t.assignee_id', '=', readerId), inAreaScope('t.area_code', scope)]))
      .executeTakeFirst();
  }

  /** Marks an open task done; false when it was not open any more (someone else finished it first). */
  async complete(id: number, at: number, note: string | null): Promise<boolean> {
    const result = await this.database.db
      .updateTable('tasks')
      .set({ status: 'done', done_at: at, done_note: note })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Ends the open tasks about a subject (the event moved on): done or cancelled. */
  async endBySubject(
    kind: string,
    subjectId: string,
    status: 'done' | 'cancelled',
    at: number,
    executor?: Kysely<TasksTables>,
  ): Promise<number> {
    const result = await this.executor(executor)
      .updateTable('tasks')
      .set({ status, done_at: at })
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async openCount(assigneeId: string): Promise<number> {
    const row = await this.database.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('assignee_id', '=', assigneeId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // --- Approvals ---------------------------------------------------------------------------------

  async insertApproval(row: Insertable<ApprovalsTable>, executor?: Kysely<TasksTables>): Promise<number> {
    const inserted = await this.executor(executor)
      .insertInto('approvals')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  private approvals() {
    return this.database.db
      .selectFrom('approvals as p')
      .leftJoin('operators as r', 'r.id', 'p.requested_by')
      .leftJoin('operators as d', 'd.id', 'p.decided_by')
      .selectAll('p')
      .select(['r.name as requested_name', 'd.name as decided_name']);
  }

  async listApprovals(
    scope: AreaScope,
    filter: { status?: string | undefined; kind?: string | undefined },
    page: Paging,
  ) {
    let query = this.database.db.selectFrom('approvals as p').where(inAreaScope('p.area_code', scope));
    if (filter.status !== undefined) query = query.where('p.status', '=', filter.status);
    if (filter.kind !== undefined) query = query.where('p.kind', '=', filter.kind);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const ids = await query
      .select('p.id')
      .orderBy((eb) => eb.case().when('p.status', '=', 'pending').then(0).else(1).end())
      .orderBy('p.requested_at', 'desc')
      .orderBy('p.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const rows =
      ids.length === 0
        ? []
        : await this.approvals()
            .where(
              'p.id',
              'in',
              ids.map((r) => Number(r.id)),
            )
            .execute();
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return { list: ids.flatMap((r) => byId.get(Number(r.id)) ?? []), total: Number(total.n) };
  }

  async approval(id: number, scope: AreaScope): Promise<ApprovalRecord | undefined> {
    return this.approvals().where('p.id', '=', id).where(inAreaScope('p.area_code', scope)).executeTakeFirst();
  }

  /**
   * Settles the pending approvals about a subject: approved or rejected by a reviewer (whether they
   * decided in the approval centre or acted on the subject itself), or withdrawn when the subject
   * moved on without a decision. Returns how many were pending.
   */
  async settleBySubject(
    kind: string,
    subjectId: string,
    outcome: { status: 'approved' | 'rejected' | 'withdrawn'; by: string | null; at: number; note: string | null },
    executor?: Kysely<TasksTables>,
  ): Promise<number> {
    const result = await this.executor(executor)
      .updateTable('approvals')
      .set({ status: outcome.status, decided_by: outcome.by, decided_at: outcome.at, note: outcome.note })
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async pendingCount(scope: AreaScope): Promise<number> {
    const row = await this.database.db
      .selectFrom('approvals as p')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(inAreaScope('p.area_code', scope))
      .where('p.status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
