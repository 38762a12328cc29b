import { type AreaGeometry, type BoundingBox, containsPoint, inBox } from '@lantian/domain';
import type { SharedState } from '../../../platform/state';
import type { GridShape } from './grids.repository';

/** Where one instance tells the others that grids changed (any write: the whole cache goes). */
export const GRIDS_CHANNEL = 'grids:changed';

/** The grid a point lies in, as other modules take it (events, patrols, complaints). */
export interface LocatedGrid {
  code: string;
  name: string;
  areaCode: string;
  level: number;
}

interface Shape {
  grid: LocatedGrid;
  box: BoundingBox;
  geometry: AreaGeometry;
}

/**
 * Point → grid: every grid's box and parsed boundary kept in memory (a few thousand grids of a few
 * dozen points each), filtered by box first, then tested point-in-polygon; the deepest grid holding
 * the point wins. A write drops the cache here at once and publishes on {@link GRIDS_CHANNEL} so that
 * every other instance drops it too; it also expires after `ttlMs`, as a message can be lost. A load
 * that a write overtakes is handed to the callers already waiting for it but never kept.
 */
export class GridLocator {
  private loaded: { shapes: Promise<Shape[]>; expiresAt: number } | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly load: () => Promise<GridShape[]>,
    private readonly ttlMs: number,
    private readonly clockMs: () => number = Date.now,
  ) {}

  async listen(state: SharedState): Promise<void> {
    if (this.unsubscribe !== undefined) return;
    this.unsubscribe = await state.subscribe(GRIDS_CHANNEL, () => this.invalidate());
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  invalidate(): void {
    this.loaded = undefined;
  }

  /** The deepest grid whose boundary holds the point (an edge counts as inside), or null. */
  async locate(lon: number, lat: number): Promise<LocatedGrid | null> {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return null;
    let best: LocatedGrid | null = null;
    for (const shape of await this.shapes()) {
      if (!inBox(shape.box, lon, lat)) continue;
      if (best !== null && shape.grid.level <= best.level) continue;
      if (containsPoint(shape.geometry, lon, lat)) best = shape.grid;
    }
    return best;
  }

  private shapes(): Promise<Shape[]> {
    const now = this.clockMs();
    if (this.loaded !== undefined && this.loaded.expiresAt > now) return this.loaded.shapes;
    const entry = { shapes: this.load().then((rows) => rows.map(shapeOf)), expiresAt: now + this.ttlMs };
    this.loaded = entry;
    entry.shapes.catch(() => {
      if (this.loaded === entry) this.loaded = undefined;
    });
    return entry.shapes;
  }
}

function shapeOf(row: GridShape): Shape {
  return {
    grid: { code: row.code, name: row.name, areaCode: row.area_code, level: Number(row.level) },
    box: { minLon: row.min_lon, minLat: row.min_lat, maxLon: row.max_lon, maxLat: row.max_lat },
    geometry: JSON.parse(row.boundary_json) as AreaGeometry,
  };
}
