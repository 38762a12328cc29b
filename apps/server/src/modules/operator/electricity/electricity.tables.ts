import type { Generated } from 'kysely';

/** An industrial enterprise under electricity monitoring (spec §3: enterpriseId, tradeType, operateStatus). */
export interface EleEnterprisesTable {
  id: Generated<number>;
  name: string;
  /** 统一社会信用代码 (GB 32100-2015), unique. */
  credit_code: string;
  /** GB/T 4754-2017 class code (C2110 木质家具制造). */
  trade_type: string;
  /** 'operating' | 'suspended' | 'closed'. */
  operate_status: string;
  area_code: string;
  lon: number;
  lat: number;
  address: string;
  contact: string;
  phone: string;
  created_at: number;
  updated_at: number;
}

/**
 * A monitoring point (eleSite): a production line or a treatment facility (治污设施) of an enterprise,
 * with the power bands that tell its state and, once bound, its meter (a P01 device of the core).
 */
export interface EleSitesTable {
  id: Generated<number>;
  enterprise_id: number;
  /** The enterprise's (copied so that every scoped query filters this table alone). */
  area_code: string;
  name: string;
  /** 'production' | 'treatment'. */
  kind: string;
  process: string;
  rated_kw: number | null;
  /** Production: the power of normal production, the base of a 限产 share. */
  baseline_kw: number | null;
  standby_kw: number;
  running_kw: number;
  /** Treatment: below this % of the rated power while production runs it is under-loaded. */
  min_load_percent: number | null;
  /** The bound meter (unique while bound). */
  device_id: number | null;
  created_at: number;
  updated_at: number;
}

/** "This treatment facility serves these production lines". */
export interface EleLinksTable {
  treatment_id: number;
  production_id: number;
}

/** A 停限产 order of a heavy-pollution response. */
export interface EleOrdersTable {
  id: Generated<number>;
  enterprise_id: number;
  area_code: string;
  title: string;
  /** 'stop' | 'limit'. */
  measure: string;
  ratio: number | null;
  /** Comma-separated production site ids. */
  site_ids: string;
  start_at: number;
  end_at: number;
  revoked_at: number | null;
  created_by: string;
  created_at: number;
}

/** A problem form (spec §3 problemId). */
export interface EleProblemsTable {
  id: Generated<number>;
  enterprise_id: number;
  area_code: string;
  site_id: number | null;
  alarm_id: number | null;
  title: string;
  description: string;
  /** 'open' | 'assigned' | 'rectified' | 'closed'. */
  state: string;
  assignee: string;
  deadline: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface EleProblemStepsTable {
  id: Generated<number>;
  problem_id: number;
  action: string;
  actor: string;
  note: string;
  at: number;
}

/** A meter maintenance record (eleOperations). */
export interface EleOperationsTable {
  id: Generated<number>;
  enterprise_id: number;
  area_code: string;
  device_id: number;
  kind: string;
  content: string;
  worker: string;
  at: number;
  created_by: string;
  created_at: number;
}

export interface ElectricityTables {
  ele_enterprises: EleEnterprisesTable;
  ele_sites: EleSitesTable;
  ele_links: EleLinksTable;
  ele_orders: EleOrdersTable;
  ele_problems: EleProblemsTable;
  ele_problem_steps: EleProblemStepsTable;
  ele_operations: EleOperationsTable;
}
