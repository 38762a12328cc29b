import {
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import { type AreaScope, inAreaScope, inCodeTree } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { OperatorsTables } from '../operators';
import type { GridMembersTable, GridsTable, GridsTables } from './grids.tables';

export type GridRecord = Selectable<GridsTable>;
export type NewGrid = Insertable<GridsTable>;
/** A grid without its boundary (lists and trees). */
export type GridSummary = Omit<GridRecord, 'boundary_json'>;
export type GridMemberRecord = Selectable<GridMembersTable>;

/** A member with the operator's names (the member lists). */
export interface GridMemberView extends GridMemberRecord {
  username: string;
  name: string;
  org_name: string;
  grid_name: string;
}

/** What `locate` keeps in memory: every grid's box and boundary. */
export type GridShape = Pick<
  GridRecord,
  'code' | 'name' | 'area_code' | 'level' | 'min_lon' | 'min_lat' | 'max_lon' | 'max_lat' | 'boundary_json'
>;

/** The tables read here: the grids' own, and the operators with their organisations for the member lists. */
type Tables = GridsTables & Pick<OperatorsTables, 'operators' | 'orgs'>;

const SUMMARY = [
  'code',
  'parent_code',
  'area_code',
  'name',
  'level',
  'min_lon',
  'min_lat',
  'max_lon',
  'max_lat',
  'center_lon',
  'center_lat',
  'area_km2',
  'sort',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof GridsTable)[];

/** Whether `code` is `root` or lies below it. */
export function isInSubtree(code: string, root: string): boolean {
  return code.startsWith(root);
}

/**
 * grids and grid_members. Every read for an operator takes the operator's scope and filters on
 * grids.area_code in SQL; the unscoped reads (`shapes`, `byCode`, `codesUnder`) serve the system's own
 * needs (point → grid, code allocation, names).
 */
export class GridsRepository {
  constructor(
    private readonly database: Database<GridsTables>,
    private readonly trx?: Transaction<GridsTables>,
  ) {}

  /** The grids' tables with the operator tables the member lists join (inside the transaction, if any). */
  private get db(): Kysely<Tables> {
    return (this.trx ?? this.database.db) as unknown as Kysely<Tables>;
  }

  /** Runs `work` in one transaction, with a repository bound to it. */
  async transaction<T>(work: (repository: GridsRepository) => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute((trx) => work(new GridsRepository(this.database, trx)));
  }

  async insert(row: NewGrid): Promise<void> {
    await this.db.insertInto('grids').values(row).execute();
  }

  async update(code: string, change: Updateable<GridsTable>): Promise<void> {
    await this.db.updateTable('grids').set(change).where('code', '=', code).execute();
  }

  async delete(code: string): Promise<void> {
    await this.db.deleteFrom('grids').where('code', '=', code).execute();
  }

  /** A grid inside the scope, with its boundary. */
  async get(code: string, scope: AreaScope): Promise<GridRecord | undefined> {
    return this.db
      .selectFrom('grids')
      .selectAll()
      .where('code', '=', code)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  /** A grid wherever it is (the system's reads; never answered to an operator as is). */
  async byCode(code: string): Promise<GridRecord | undefined> {
    return this.db.selectFrom('grids').selectAll().where('code', '=', code).executeTakeFirst();
  }

  async summariesByCodes(codes: readonly string[], scope: AreaScope): Promise<GridSummary[]> {
    if (codes.length === 0) return [];
    return this.db
      .selectFrom('grids')
      .select(SUMMARY)
      .where('code', 'in', [...codes])
      .where(inAreaScope('area_code', scope))
      .execute();
  }

  /** Names of grids (any scope: for presenting codes another module already holds). */
  async names(codes: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const unique = [...new Set(codes)];
    for (let i = 0; i < unique.length; i += 500) {
      const rows = await this.db
        .selectFrom('grids')
        .select(['code', 'name'])
        .where('code', 'in', unique.slice(i, i + 500))
        .execute();
      for (const row of rows) out.set(row.code, row.name);
    }
    return out;
  }

  /** Every grid of the scope without boundaries, in tree order (level, sort, code). */
  async summaries(scope: AreaScope): Promise<GridSummary[]> {
    return this.db
      .selectFrom('grids')
      .select(SUMMARY)
      .where(inAreaScope('area_code', scope))
      .orderBy('level')
      .orderBy('sort')
      .orderBy('code')
      .execute();
  }

  /** The grid `code` and every grid below it, within the scope, in tree order. */
  async subtree(code: string, scope: AreaScope): Promise<GridSummary[]> {
    return this.db
      .selectFrom('grids')
      .select(SUMMARY)
      .where(inCodeTree('code', code))
      .where(inAreaScope('area_code', scope))
      .orderBy('level')
      .orderBy('sort')
      .orderBy('code')
      .execute();
  }

  /**
   * The grids directly below a parent: a grid code, or a county code (its top grids), within the
   * scope, in order (sort, code).
   */
  async children(parentCode: string, scope: AreaScope): Promise<GridSummary[]> {
    let query = this.db.selectFrom('grids').select(SUMMARY).where(inAreaScope('area_code', scope));
    query =
      parentCode.length === 6
        ? query.where('parent_code', 'is', null).where('area_code', '=', parentCode)
        : query.where('parent_code', '=', parentCode);
    return query.orderBy('sort').orderBy('code').execute();
  }

  /** The children with their boundaries (GeoJSON of a level). */
  async childShapes(parentCode: string, scope: AreaScope): Promise<GridRecord[]> {
    let query = this.db.selectFrom('grids').selectAll().where(inAreaScope('area_code', scope));
    query =
      parentCode.length === 6
        ? query.where('parent_code', 'is', null).where('area_code', '=', parentCode)
        : query.where('parent_code', '=', parentCode);
    return query.orderBy('sort').orderBy('code').execute();
  }

  async hasChildren(code: string): Promise<boolean> {
    const row = await this.db.selectFrom('grids').select('code').where('parent_code', '=', code).executeTakeFirst();
    return row !== undefined;
  }

  /** Every code one level below `parent` (a county or a grid), anywhere: the taken codes of that level. */
  async codesUnder(parent: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('grids')
      .select('code')
      .where('code', 'like', `${parent}%`)
      .where(sql<SqlBool>`length(code) = ${parent.length + 3}`)
      .execute();
    return rows.map((r) => r.code);
  }

  async childCounts(codes: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (codes.length === 0) return out;
    for (let i = 0; i < codes.length; i += 500) {
      const rows = await this.db
        .selectFrom('grids')
        .select(['parent_code', (eb) => eb.fn.countAll<number>().as('n')])
        .where('parent_code', 'in', codes.slice(i, i + 500))
        .groupBy('parent_code')
        .execute();
      for (const row of rows) if (row.parent_code !== null) out.set(row.parent_code, Number(row.n));
    }
    return out;
  }

  async memberCounts(codes: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (codes.length === 0) return out;
    for (let i = 0; i < codes.length; i += 500) {
      const rows = await this.db
        .selectFrom('grid_members')
        .select(['grid_code', (eb) => eb.fn.countAll<number>().as('n')])
        .where('grid_code', 'in', codes.slice(i, i + 500))
        .groupBy('grid_code')
        .execute();
      for (const row of rows) out.set(row.grid_code, Number(row.n));
    }
    return out;
  }

  /** Every grid's box and boundary: what point → grid keeps in memory. */
  async shapes(): Promise<GridShape[]> {
    return this.db
      .selectFrom('grids')
      .select(['code', 'name', 'area_code', 'level', 'min_lon', 'min_lat', 'max_lon', 'max_lat', 'boundary_json'])
      .orderBy('code')
      .execute();
  }

  async countInArea(areaCode: string): Promise<number> {
    const row = await this.db
      .selectFrom('grids')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('area_code', '=', areaCode)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // --- Members ---

  private memberViews() {
    return this.db
      .selectFrom('grid_members as m')
      .innerJoin('grids as g', 'g.code', 'm.grid_code')
      .innerJoin('operators as o', 'o.id', 'm.operator_id')
      .innerJoin('orgs as r', 'r.id', 'o.org_id')
      .selectAll('m')
      .select(['o.username', 'o.name', 'r.name as org_name', 'g.name as grid_name']);
  }

  /** The members of a grid inside the scope: managers first, then by username. */
  async members(gridCode: string, scope: AreaScope): Promise<GridMemberView[]> {
    return this.memberViews()
      .where('m.grid_code', '=', gridCode)
      .where(inAreaScope('g.area_code', scope))
      .orderBy('m.role')
      .orderBy('o.username')
      .execute();
  }

  async member(operatorId: string, scope: AreaScope): Promise<GridMemberView | undefined> {
    return this.memberViews()
      .where('m.operator_id', '=', operatorId)
      .where(inAreaScope('g.area_code', scope))
      .executeTakeFirst();
  }

  /** An operator's grid role wherever it is. */
  async membership(operatorId: string): Promise<GridMemberRecord | undefined> {
    return this.db.selectFrom('grid_members').selectAll().where('operator_id', '=', operatorId).executeTakeFirst();
  }

  /** Sets an operator's one grid role (replacing the one they had). */
  async saveMember(row: Insertable<GridMembersTable>): Promise<void> {
    await this.db
      .insertInto('grid_members')
      .values(row)
      .onConflict((oc) =>
        oc.column('operator_id').doUpdateSet({ grid_code: row.grid_code, role: row.role, duty: row.duty ?? null }),
      )
      .execute();
  }

  async removeMember(operatorId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('grid_members').where('operator_id', '=', operatorId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
