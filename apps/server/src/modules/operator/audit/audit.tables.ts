export interface AuditLogTable {
  /** Time-ordered: epoch milliseconds in base 36, then randomness (entries of one millisecond stay apart). */
  id: string;
  /** Epoch seconds. */
  at: number;
  actor_id: string | null;
  /** Username, `app:<name>` for an open-API application, `system` for the command line. */
  actor: string;
  /** The actor's area (data scope): an administrator sees the entries of actors inside their own area. */
  actor_area: string | null;
  ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_name: string | null;
  /** 'success' | 'failure'. */
  outcome: string;
  detail: string | null;
  /** JSON text of the target before and after the change. */
  before_json: string | null;
  after_json: string | null;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
