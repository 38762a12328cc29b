import type { Generated } from 'kysely';

/** A patrol (spec §3 Patrol: patrolId, patrolTools): who went out, how, when, and how far. */
export interface PatrolsTable {
  id: Generated<number>;
  operator_id: string;
  operator_name: string;
  /** The operator's grid when they started (their grid role), null when they have none. */
  grid_code: string | null;
  /** The grid's county, else the operator's organisation's area (scope). */
  area_code: string;
  /** patrolTools: a `patrolTools` dictionary value. */
  tool: string;
  started_at: number;
  ended_at: number | null;
  /** 'active' | 'finished'. */
  status: string;
  /** Along the kept points, metres. */
  distance_m: number;
  point_count: number;
  note: string;
}

/** A GPS fix of a patrol: one per second (the key), so a batch sent twice stores nothing twice. */
export interface PatrolPointsTable {
  patrol_id: number;
  /** Epoch seconds. */
  t: number;
  lon: number;
  lat: number;
  /** Metres. */
  accuracy: number | null;
  /** Metres per second. */
  speed: number | null;
}

export interface PatrolsTables {
  patrols: PatrolsTable;
  patrol_points: PatrolPointsTable;
}
