import { areaByCode } from '@lantian/areas';
import {
  ErrorCode,
  GRID_ROLES,
  type GridAreaTreeNode,
  type GridFeature,
  type GridImportError,
  type GridMemberRow,
  type GridRow,
  type GridSaveBody,
  type GridUpdateBody,
  type gridMemberSaveBody,
} from '@lantian/contracts';
import {
  type AreaGeometry,
  areaKm2,
  boundaryProblem,
  boundingBox,
  containsPoint,
  formatChinaDateTime,
  labelPoint,
} from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { AppError, conflict, invalidField, notFound } from '../../../platform/errors';
import type { AuditActor, AuditLog } from '../audit';
import type { GridLocator } from './grid-locator';
import type { GridMemberView, GridRecord, GridSummary, GridsRepository, NewGrid } from './grids.repository';

/** Who writes: for the audit log, and the scope the write must stay in. */
export interface GridEditor {
  actor: AuditActor;
  ip: string | null;
  scope: AreaScope;
}

/** What the grids module asks of the operators module: an operator's organisation area. */
export interface OperatorLookup {
  /** The operator's organisation's area, or undefined for no such operator. */
  areaOf(operatorId: string): Promise<string | undefined>;
}

export const outOfScope = () => new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');
const gridNotFound = () => notFound('未找到该网格');

/** A boundary as stored: the geometry and what is derived from it. */
export interface CheckedBoundary {
  geometry: AreaGeometry;
  json: string;
  box: { minLon: number; minLat: number; maxLon: number; maxLat: number };
  center: [number, number];
  km2: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A boundary's problem in Chinese, or its derived values. */
export function checkBoundary(value: unknown): CheckedBoundary | string {
  const problem = boundaryProblem(value);
  if (problem !== null) return problem;
  const geometry = value as AreaGeometry;
  // Only what GeoJSON defines is kept (a client's extra members are dropped).
  const clean = { type: geometry.type, coordinates: geometry.coordinates } as AreaGeometry;
  const box = boundingBox(clean);
  const [lon, lat] = labelPoint(clean);
  return {
    geometry: clean,
    json: JSON.stringify(clean),
    box,
    center: [round(lon, 6), round(lat, 6)],
    km2: round(areaKm2(clean), 4),
  };
}

export function geometryOf(row: Pick<GridRecord, 'boundary_json'>): AreaGeometry {
  return JSON.parse(row.boundary_json) as AreaGeometry;
}

export function presentGrid(row: GridSummary, counts: { children?: number; members?: number } = {}): GridRow {
  return {
    gridCode: row.code,
    parentCode: row.parent_code,
    areaCode: row.area_code,
    areaName: areaByCode(row.area_code)?.name ?? row.area_code,
    name: row.name,
    level: Number(row.level),
    center: [row.center_lon, row.center_lat],
    bbox: [row.min_lon, row.min_lat, row.max_lon, row.max_lat],
    areaKm2: row.area_km2,
    sort: Number(row.sort),
    childCount: counts.children ?? 0,
    memberCount: counts.members ?? 0,
    createdAt: formatChinaDateTime(Number(row.created_at)),
    updatedAt: formatChinaDateTime(Number(row.updated_at)),
  };
}

export function presentMember(row: GridMemberView): GridMemberRow {
  const role = row.role as keyof typeof GRID_ROLES;
  return {
    operatorId: row.operator_id,
    username: row.username,
    name: row.name,
    orgName: row.org_name,
    gridCode: row.grid_code,
    gridName: row.grid_name,
    role,
    roleName: GRID_ROLES[role],
    duty: row.duty,
    createdAt: formatChinaDateTime(Number(row.created_at)),
  };
}

export function featureOf(row: GridRecord): GridFeature {
  return {
    type: 'Feature',
    id: row.code,
    properties: {
      gridCode: row.code,
      parentCode: row.parent_code,
      areaCode: row.area_code,
      name: row.name,
      level: Number(row.level),
      center: [row.center_lon, row.center_lat],
      areaKm2: row.area_km2,
    },
    geometry: geometryOf(row) as GridFeature['geometry'],
  };
}

/** Where a new grid goes: under a grid or directly under a county. */
interface Placement {
  /** The code a new code extends: the parent grid's, or the county's. */
  key: string;
  parentCode: string | null;
  areaCode: string;
  level: number;
  parent: GridRecord | null;
}

/** The summary of a grid as written (for the audit log): the boundary itself is left out. */
const auditView = (row: Omit<NewGrid, 'boundary_json'> | GridSummary) => ({
  code: row.code,
  parentCode: row.parent_code ?? null,
  areaCode: row.area_code,
  name: row.name,
  level: row.level,
  sort: row.sort ?? 0,
  bbox: [row.min_lon, row.min_lat, row.max_lon, row.max_lat],
  areaKm2: row.area_km2,
});

const LABEL_OUTSIDE = '网格的标注点不在上级网格的边界内（子网格应位于上级网格之内）';

/**
 * The grid tree and its members (docs/GRID.md): codes nest by prefix under the counties, boundaries
 * are checked and their box, label point and area kept beside them, every write is audited and drops
 * the point → grid cache on every instance (`changed`).
 */
export class GridsService {
  constructor(
    private readonly repository: GridsRepository,
    readonly locator: GridLocator,
    private readonly operators: OperatorLookup,
    private readonly audit: AuditLog,
    private readonly now: Clock,
    private readonly changed: () => Promise<void>,
  ) {}

  // --- Reads ---

  /** A grid in the scope, 404 otherwise (also when it exists outside). */
  async grid(code: string, scope: AreaScope): Promise<GridRecord> {
    const row = await this.repository.get(code, scope);
    if (row === undefined) throw gridNotFound();
    return row;
  }

  async presentAll(rows: readonly GridSummary[]): Promise<GridRow[]> {
    const codes = rows.map((r) => r.code);
    const [children, members] = await Promise.all([
      this.repository.childCounts(codes),
      this.repository.memberCounts(codes),
    ]);
    return rows.map((row) =>
      presentGrid(row, { children: children.get(row.code) ?? 0, members: members.get(row.code) ?? 0 }),
    );
  }

  async present(row: GridSummary): Promise<GridRow> {
    const [presented] = await this.presentAll([row]);
    if (presented === undefined) throw gridNotFound();
    return presented;
  }

  /**
   * A parent parameter: a county code (403 outside the scope, 404 for no county) or a grid code (404
   * outside the scope).
   */
  async checkParent(parentCode: string, scope: AreaScope): Promise<void> {
    if (parentCode.length === 6) this.county(parentCode, scope);
    else await this.grid(parentCode, scope);
  }

  private county(code: string, scope: AreaScope): string {
    const area = areaByCode(code);
    if (area === undefined) throw notFound(`未找到该地区：${code}`);
    if (!inScope(code, scope)) throw outOfScope();
    if (area.level !== 'county') throw invalidField('areaCode', '网格只能划分在区县之下，应为区县代码');
    return code;
  }

  async children(parentCode: string, scope: AreaScope): Promise<GridRow[]> {
    await this.checkParent(parentCode, scope);
    return this.presentAll(await this.repository.children(parentCode, scope));
  }

  async hasChildren(code: string, scope: AreaScope): Promise<boolean> {
    await this.grid(code, scope);
    return this.repository.hasChildren(code);
  }

  async feature(code: string, scope: AreaScope): Promise<GridFeature> {
    return featureOf(await this.grid(code, scope));
  }

  async childFeatures(query: { parentCode?: string | undefined; areaCode?: string | undefined }, scope: AreaScope) {
    const parent = query.parentCode ?? query.areaCode;
    if (parent === undefined) throw invalidField('parentCode', '须提供 parentCode 或 areaCode');
    await this.checkParent(parent, scope);
    const rows = await this.repository.childShapes(parent, scope);
    return { type: 'FeatureCollection' as const, features: rows.map(featureOf) };
  }

  /** A grid's facts: its place in the tree, its county's place in the areas, its size and members. */
  async info(code: string, scope: AreaScope) {
    const row = await this.grid(code, scope);
    const parentCodes: string[] = [];
    for (let end = 9; end < row.code.length; end += 3) parentCodes.push(row.code.slice(0, end));
    const parents = (await this.repository.summariesByCodes(parentCodes, NATIONWIDE))
      .sort((a, b) => a.code.length - b.code.length)
      .map((p) => ({ gridCode: p.code, name: p.name, level: Number(p.level) }));
    const areaPath: Array<{ areaCode: string; areaName: string }> = [];
    for (let area = areaByCode(row.area_code); area !== undefined; ) {
      areaPath.unshift({ areaCode: area.code, areaName: area.name });
      area = area.parentCode === null ? undefined : areaByCode(area.parentCode);
    }
    return { ...(await this.present(row)), parents, areaPath };
  }

  /** The grid forest of the scope (gridCode: that grid's subtree), as tree nodes. */
  async tree(code: string | undefined, scope: AreaScope): Promise<GridAreaTreeNode[]> {
    if (code === undefined) return gridForest(await this.repository.summaries(scope)).roots;
    await this.grid(code, scope);
    return gridForest(await this.repository.subtree(code, scope)).roots;
  }

  /** The administrative tree (from the areas module) with each county's grids hung below it. */
  async areaTree(areas: GridAreaTreeNode[], scope: AreaScope): Promise<GridAreaTreeNode[]> {
    const { byCounty } = gridForest(await this.repository.summaries(scope));
    const hang = (node: GridAreaTreeNode): GridAreaTreeNode => ({
      ...node,
      children:
        node.kind === 'area' && node.level === 'county'
          ? [...node.children.map(hang), ...(byCounty.get(node.code) ?? [])]
          : node.children.map(hang),
    });
    return areas.map(hang);
  }

  // --- Writes ---

  private async placement(
    parentCode: string | undefined,
    areaCode: string | undefined,
    scope: AreaScope,
  ): Promise<Placement> {
    if (parentCode !== undefined && parentCode.length > 6) {
      const parent = await this.repository.get(parentCode, scope);
      if (parent === undefined) throw notFound('未找到上级网格');
      if (areaCode !== undefined && areaCode !== parent.area_code) {
        throw invalidField('areaCode', '与上级网格所属区县不一致');
      }
      return {
        key: parent.code,
        parentCode: parent.code,
        areaCode: parent.area_code,
        level: Number(parent.level) + 1,
        parent,
      };
    }
    const county = parentCode ?? areaCode;
    if (county === undefined) throw invalidField('parentCode', '须提供上级网格 parentCode 或所属区县 areaCode');
    if (parentCode !== undefined && areaCode !== undefined && parentCode !== areaCode) {
      throw invalidField('areaCode', '与 parentCode 的区县不一致');
    }
    this.county(county, scope);
    return { key: county, parentCode: null, areaCode: county, level: 1, parent: null };
  }

  /** A given code must extend its parent's by 3 digits; without one, the next free code of the level. */
  private codeFor(place: Placement, given: string | undefined, taken: ReadonlySet<string>): string | string[] {
    if (given !== undefined) {
      if (given.length !== place.key.length + 3 || !given.startsWith(place.key)) {
        return `网格编码应为上级编码 ${place.key} 加 3 位数字`;
      }
      if (given.endsWith('000')) return '网格编码的末 3 位不能为 000';
      return [given];
    }
    let max = 0;
    for (const code of taken) {
      if (code.length === place.key.length + 3 && code.startsWith(place.key)) {
        max = Math.max(max, Number(code.slice(-3)));
      }
    }
    if (max >= 999) return '该上级下的网格编码已用完（最多 999 个）';
    return [`${place.key}${String(max + 1).padStart(3, '0')}`];
  }

  private row(code: string, place: Placement, name: string, sort: number, boundary: CheckedBoundary): NewGrid {
    const at = this.now();
    return {
      code,
      parent_code: place.parentCode,
      area_code: place.areaCode,
      name,
      level: place.level,
      boundary_json: boundary.json,
      min_lon: boundary.box.minLon,
      min_lat: boundary.box.minLat,
      max_lon: boundary.box.maxLon,
      max_lat: boundary.box.maxLat,
      center_lon: boundary.center[0],
      center_lat: boundary.center[1],
      area_km2: boundary.km2,
      sort,
      created_at: at,
      updated_at: at,
    };
  }

  async create(body: GridSaveBody, editor: GridEditor): Promise<GridRow> {
    const boundary = checkBoundary(body.boundary);
    if (typeof boundary === 'string') throw invalidField('boundary', boundary);
    const place = await this.placement(body.parentCode, body.areaCode, editor.scope);
    if (place.parent !== null && !containsPoint(geometryOf(place.parent), ...boundary.center)) {
      throw invalidField('boundary', LABEL_OUTSIDE);
    }
    const code = this.codeFor(place, body.gridCode, new Set(await this.repository.codesUnder(place.key)));
    if (typeof code === 'string') throw invalidField('gridCode', code);
    const [gridCode] = code;
    if (gridCode === undefined) throw gridNotFound();
    if ((await this.repository.byCode(gridCode)) !== undefined) throw conflict(`网格编码 ${gridCode} 已存在`);
    const row = this.row(gridCode, place, body.name, body.sort, boundary);
    await this.repository.insert(row);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'grid.create',
      target: { type: 'grid', id: gridCode, name: body.name },
      after: auditView(row),
    });
    await this.changed();
    return this.present(await this.grid(gridCode, editor.scope));
  }

  async update(body: GridUpdateBody, editor: GridEditor): Promise<GridRow> {
    const before = await this.grid(body.gridCode, editor.scope);
    const change: Partial<NewGrid> = {};
    if (body.name !== undefined) change.name = body.name;
    if (body.sort !== undefined) change.sort = body.sort;
    if (body.boundary !== undefined) {
      const boundary = checkBoundary(body.boundary);
      if (typeof boundary === 'string') throw invalidField('boundary', boundary);
      if (before.parent_code !== null) {
        const parent = await this.repository.byCode(before.parent_code);
        if (parent !== undefined && !containsPoint(geometryOf(parent), ...boundary.center)) {
          throw invalidField('boundary', LABEL_OUTSIDE);
        }
      }
      Object.assign(change, {
        boundary_json: boundary.json,
        min_lon: boundary.box.minLon,
        min_lat: boundary.box.minLat,
        max_lon: boundary.box.maxLon,
        max_lat: boundary.box.maxLat,
        center_lon: boundary.center[0],
        center_lat: boundary.center[1],
        area_km2: boundary.km2,
      });
    }
    change.updated_at = this.now();
    await this.repository.update(before.code, change);
    const after = await this.grid(before.code, editor.scope);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'grid.update',
      target: { type: 'grid', id: before.code, name: after.name },
      before: auditView(before),
      after: { ...auditView(after), boundaryChanged: body.boundary !== undefined },
    });
    await this.changed();
    return this.present(after);
  }

  async delete(code: string, editor: GridEditor): Promise<{ gridCode: string }> {
    const before = await this.grid(code, editor.scope);
    if (await this.repository.hasChildren(code)) throw conflict('该网格下还有子网格，请先删除子网格');
    if (((await this.repository.memberCounts([code])).get(code) ?? 0) > 0) {
      throw conflict('该网格还有网格员，请先移除网格员');
    }
    await this.repository.delete(code);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'grid.delete',
      target: { type: 'grid', id: code, name: before.name },
      before: auditView(before),
    });
    await this.changed();
    return { gridCode: code };
  }

  /**
   * Imports a FeatureCollection: every feature is checked first (its properties, its boundary, its
   * parent — a grid already stored or one earlier in the collection — and its code), and either all
   * are written in one transaction or none, with the list of every problem.
   */
  async import(features: readonly unknown[], editor: GridEditor): Promise<{ imported: number; codes: string[] }> {
    const errors: GridImportError[] = [];
    const rows: NewGrid[] = [];
    const batch = new Map<string, { row: NewGrid; geometry: AreaGeometry }>();
    const takenUnder = new Map<string, Set<string>>();
    const taken = async (key: string) => {
      let set = takenUnder.get(key);
      if (set === undefined) {
        set = new Set(await this.repository.codesUnder(key));
        takenUnder.set(key, set);
      }
      return set;
    };
    for (const [index, feature] of features.entries()) {
      const problem = (message: string, name: string | null = null) => errors.push({ index, name, message });
      if (typeof feature !== 'object' || feature === null || (feature as { type?: unknown }).type !== 'Feature') {
        problem('不是 GeoJSON Feature');
        continue;
      }
      const { properties, geometry } = feature as { properties?: unknown; geometry?: unknown };
      const props = (typeof properties === 'object' && properties !== null ? properties : {}) as Record<
        string,
        unknown
      >;
      const name = typeof props.name === 'string' ? props.name.trim() : '';
      const shown = name === '' ? null : name;
      if (name === '') {
        problem('缺少名称 properties.name');
        continue;
      }
      if (name.length > 50) {
        problem('名称不能超过 50 个字符', shown);
        continue;
      }
      const text = (key: string): string | undefined | null => {
        const value = props[key];
        if (value === undefined || value === null || value === '') return undefined;
        return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : null;
      };
      const code = text('code');
      const parentCode = text('parentCode');
      const areaCode = text('areaCode');
      if (code === null || (code !== undefined && !/^\d{9,30}$/.test(code))) {
        problem('code 应为 9–30 位数字的网格编码', shown);
        continue;
      }
      if (parentCode === null || (parentCode !== undefined && !/^\d{6,30}$/.test(parentCode))) {
        problem('parentCode 应为网格编码或 6 位区县代码', shown);
        continue;
      }
      if (areaCode === null || (areaCode !== undefined && !/^\d{6}$/.test(areaCode))) {
        problem('areaCode 应为 6 位区县代码', shown);
        continue;
      }
      if (parentCode === undefined && areaCode === undefined) {
        problem('须提供 parentCode（上级网格）或 areaCode（顶级网格所属区县）', shown);
        continue;
      }
      const boundary = checkBoundary(geometry);
      if (typeof boundary === 'string') {
        problem(boundary, shown);
        continue;
      }
      let place: Placement;
      let parentGeometry: AreaGeometry | null = null;
      const inBatch = parentCode === undefined ? undefined : batch.get(parentCode);
      if (inBatch !== undefined) {
        place = {
          key: inBatch.row.code,
          parentCode: inBatch.row.code,
          areaCode: inBatch.row.area_code,
          level: Number(inBatch.row.level) + 1,
          parent: null,
        };
        parentGeometry = inBatch.geometry;
      } else {
        try {
          place = await this.placement(parentCode, areaCode, editor.scope);
        } catch (err) {
          problem(err instanceof AppError ? err.msg.replace(/^参数错误：/, '') : '上级无效', shown);
          continue;
        }
        if (place.parent !== null) parentGeometry = geometryOf(place.parent);
      }
      if (parentGeometry !== null && !containsPoint(parentGeometry, ...boundary.center)) {
        problem(LABEL_OUTSIDE, shown);
        continue;
      }
      const set = await taken(place.key);
      const assigned = this.codeFor(place, code, set);
      if (typeof assigned === 'string') {
        problem(assigned, shown);
        continue;
      }
      const [gridCode] = assigned;
      if (gridCode === undefined) continue;
      if (set.has(gridCode) || batch.has(gridCode)) {
        problem(`网格编码 ${gridCode} 已存在`, shown);
        continue;
      }
      set.add(gridCode);
      const row = this.row(gridCode, place, name, 0, boundary);
      rows.push(row);
      batch.set(gridCode, { row, geometry: boundary.geometry });
    }
    if (errors.length > 0) {
      const first = errors[0];
      const summary =
        first === undefined
          ? ''
          : `：第 ${first.index + 1} 个${first.name === null ? '' : `「${first.name}」`}${first.message}`;
      throw new AppError(ErrorCode.VALIDATION, `导入失败，${errors.length} 个网格有问题${summary}`, {
        data: { errors },
      });
    }
    try {
      await this.repository.transaction(async (trx) => {
        for (const row of rows) await trx.insert(row);
      });
    } catch (err) {
      throw new AppError(ErrorCode.CONFLICT, '导入失败：网格编码已被占用（可能有人同时在编辑），请重试', {
        cause: err,
      });
    }
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'grid.import',
      target: { type: 'grid', id: rows[0]?.code ?? '', name: `${rows.length} 个网格` },
      after: { count: rows.length, codes: rows.map((r) => r.code) },
    });
    await this.changed();
    return { imported: rows.length, codes: rows.map((r) => r.code) };
  }

  // --- Members ---

  async members(gridCode: string, scope: AreaScope): Promise<GridMemberRow[]> {
    await this.grid(gridCode, scope);
    return (await this.repository.members(gridCode, scope)).map(presentMember);
  }

  async saveMember(body: z.output<typeof gridMemberSaveBody>, editor: GridEditor): Promise<GridMemberRow> {
    const grid = await this.grid(body.gridCode, editor.scope);
    const area = await this.operators.areaOf(body.operatorId);
    if (area === undefined || !inScope(area, editor.scope)) throw notFound('未找到该运营人员');
    if (!inScope(grid.area_code, { areaCode: area })) {
      throw invalidField('operatorId', '该运营人员所属组织的区域不包含此网格');
    }
    const before = await this.repository.membership(body.operatorId);
    await this.repository.saveMember({
      operator_id: body.operatorId,
      grid_code: grid.code,
      role: body.role,
      duty: body.duty,
      created_at: this.now(),
    });
    const after = await this.repository.member(body.operatorId, editor.scope);
    if (after === undefined) throw notFound('未找到该运营人员');
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'grid.member_save',
      target: { type: 'gridMember', id: body.operatorId, name: after.username },
      before: before === undefined ? null : { gridCode: before.grid_code, role: before.role, duty: before.duty },
      after: { gridCode: grid.code, role: body.role, duty: body.duty },
    });
    return presentMember(after);
  }

  async removeMember(operatorId: string, editor: GridEditor): Promise<{ removed: boolean }> {
    const before = await this.repository.member(operatorId, editor.scope);
    if (before === undefined) throw notFound('该运营人员没有网格角色');
    await this.repository.removeMember(operatorId);
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: 'grid.member_remove',
      target: { type: 'gridMember', id: operatorId, name: before.username },
      before: { gridCode: before.grid_code, role: before.role, duty: before.duty },
    });
    return { removed: true };
  }
}

/** Tree nodes from grid rows in tree order: the roots (whose parent is not among them) and each county's top grids. */
export function gridForest(rows: readonly GridSummary[]): {
  roots: GridAreaTreeNode[];
  byCounty: Map<string, GridAreaTreeNode[]>;
} {
  const nodes = new Map<string, GridAreaTreeNode>();
  const roots: GridAreaTreeNode[] = [];
  const byCounty = new Map<string, GridAreaTreeNode[]>();
  const ordered = [...rows].sort(
    (a, b) => a.code.length - b.code.length || Number(a.sort) - Number(b.sort) || a.code.localeCompare(b.code),
  );
  for (const row of ordered) {
    const node: GridAreaTreeNode = {
      code: row.code,
      name: row.name,
      level: 'grid',
      kind: 'grid',
      gridCode: row.code,
      parentCode: row.parent_code,
      gridLevel: Number(row.level),
      children: [],
    };
    nodes.set(row.code, node);
    const parent = row.parent_code === null ? undefined : nodes.get(row.parent_code);
    if (parent !== undefined) parent.children.push(node);
    else roots.push(node);
    if (row.parent_code === null) {
      const list = byCounty.get(row.area_code) ?? [];
      list.push(node);
      byCounty.set(row.area_code, list);
    }
  }
  return { roots, byCounty };
}
