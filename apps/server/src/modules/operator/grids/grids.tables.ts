/**
 * A grid (网格) below a county: its code is its parent's code plus three digits (a top grid's parent
 * is the county), its boundary a GeoJSON Polygon or MultiPolygon kept as text with the derived box,
 * label point and area (recomputed on every write).
 */
export interface GridsTable {
  code: string;
  /** The parent grid; null for a grid directly under its county. */
  parent_code: string | null;
  /** The county (GB/T 2260): the area scope of the grid and of everything attached to it. */
  area_code: string;
  name: string;
  /** 1 directly under the county, +1 per level. */
  level: number;
  /** The GeoJSON geometry (Polygon or MultiPolygon). */
  boundary_json: string;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  center_lon: number;
  center_lat: number;
  area_km2: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** An operator's one grid role: a manager sees their grid's subtree, a member their own events. */
export interface GridMembersTable {
  operator_id: string;
  grid_code: string;
  /** 'manager' | 'member'. */
  role: string;
  duty: string | null;
  created_at: number;
}

export interface GridsTables {
  grids: GridsTable;
  grid_members: GridMembersTable;
}
