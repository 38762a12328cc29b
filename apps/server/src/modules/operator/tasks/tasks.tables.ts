import type { Generated } from 'kysely';

/** Work assigned to one operator (a dispatched grid event, a task given by hand). */
export interface TasksTable {
  id: Generated<number>;
  /** 'event' | 'manual' | 'complaint'. */
  kind: string;
  title: string;
  content: string;
  link: string | null;
  /** The object the task is about (an event's id), with `kind` naming its type. */
  subject_id: string | null;
  assignee_id: string;
  /** Null when the system created it. */
  assigner_id: string | null;
  /** Who sees it besides the assignee: operators whose scope holds this area. */
  area_code: string;
  due_at: number | null;
  /** 'open' | 'done' | 'cancelled'. */
  status: string;
  created_at: number;
  done_at: number | null;
  done_note: string | null;
}

/** A request for a reviewer's decision; the requesting module acts on the decision. */
export interface ApprovalsTable {
  id: Generated<number>;
  /** 'event-review'. */
  kind: string;
  subject_id: string;
  title: string;
  summary: string;
  link: string | null;
  area_code: string;
  /** 'pending' | 'approved' | 'rejected' | 'withdrawn'. */
  status: string;
  requested_by: string | null;
  requested_at: number;
  decided_by: string | null;
  decided_at: number | null;
  note: string | null;
}

export interface TasksTables {
  tasks: TasksTable;
  approvals: ApprovalsTable;
}
