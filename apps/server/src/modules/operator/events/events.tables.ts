import type { Generated } from 'kysely';

/** A grid event (spec §3 Event): what was found where, and where it is in its flow. */
export interface EventsTable {
  id: Generated<number>;
  title: string;
  /** eventClassification: an `eventCatalog` dictionary value. */
  catalog: string;
  /** 'patrol' | 'complaint' | 'alarm' | 'manual' | 'openApi'. */
  source: string;
  /** An EventState (packages/domain). */
  state: string;
  /** 1 紧急, 2 重要, 3 一般. */
  priority: number;
  description: string;
  address: string;
  lon: number;
  lat: number;
  /** bindGridCode: the deepest grid holding the point, null when it lies in none. */
  grid_code: string | null;
  /** The county the event belongs to (scope). */
  area_code: string;
  /** orgCode: the organisation it was dispatched to. */
  org_id: string | null;
  /** The operator (grid member) it was dispatched to. */
  assignee_id: string | null;
  /** Null when the system opened it (an alarm). */
  reporter_id: string | null;
  reporter_name: string;
  alarm_id: number | null;
  complaint_id: number | null;
  patrol_id: number | null;
  deadline: number | null;
  /** When the overdue sweep first found it late (once). */
  overdue_at: number | null;
  reported_at: number;
  dispatched_at: number | null;
  handled_at: number | null;
  closed_at: number | null;
  updated_at: number;
}

/** Every step of an event: reports, transitions, photos added, overdue marks. */
export interface EventLogsTable {
  id: Generated<number>;
  event_id: number;
  /** 'report' | an EventAction | 'attach' | 'overdue'. */
  action: string;
  from_state: string | null;
  to_state: string | null;
  actor_id: string | null;
  actor_name: string;
  note: string | null;
  /** Who it was dispatched to, as text (name of the member or organisation). */
  target: string | null;
  at: number;
}

/** Photos of an event, re-encoded (metadata stripped), kept in the database so every instance serves them. */
export interface EventAttachmentsTable {
  id: Generated<number>;
  event_id: number;
  log_id: number | null;
  name: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  lon: number | null;
  lat: number | null;
  taken_at: number | null;
  sha256: string;
  data: Buffer;
  created_by: string | null;
  created_by_name: string;
  created_at: number;
}

export interface EventsTables {
  events: EventsTable;
  event_logs: EventLogsTable;
  event_attachments: EventAttachmentsTable;
}
