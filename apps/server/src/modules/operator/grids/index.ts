import type { GridMemberRow } from '@lantian/contracts';
import { type Env, oneOf } from '../../../platform/config';
import { type AreaScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { air } from '../../data/air';
import { stations } from '../../data/stations';
import { platformAreas } from '../areas';
import { audit } from '../audit';
import { devices } from '../devices';
import { operators } from '../operators';
import { GridAirService, type GridAirSources } from './grid-air.service';
import { GRIDS_CHANNEL, GridLocator, type LocatedGrid } from './grid-locator';
import { seedDemoGrids } from './grids.demo';
import { GridsRepository } from './grids.repository';
import { gridsRoutes } from './grids.routes';
import { GridsService, presentMember } from './grids.service';
import type { GridsTables } from './grids.tables';
import * as m0015 from './migrations/0015_grids';

export type { LocatedGrid } from './grid-locator';
export { DEMO_GRID_COUNTY } from './grids.demo';
export { isInSubtree } from './grids.repository';
export type { GridsTables } from './grids.tables';

/** A safety net behind the invalidation messages (see GridLocator). */
const LOCATOR_TTL_MS = 5 * 60_000;

export interface GridsSettings {
  /** DEMO_DATA=on (the default): a few demo grids in 朝阳区 are written at start when it has none. */
  demoGrids: boolean;
}

function readGridsSettings(env: Env): GridsSettings {
  return { demoGrids: oneOf(env, 'DEMO_DATA', ['on', 'off'] as const, 'on') === 'on' };
}

/** A grid as other modules read it. */
export interface GridRef {
  code: string;
  name: string;
  parentCode: string | null;
  areaCode: string;
  level: number;
  center: [number, number];
}

/**
 * Grid governance's grids (docs/GRID.md): the grid tree under the counties with boundaries, its
 * members (one grid role per operator), point → grid, and the air inside a grid; `/adm/grid/*`
 * except the event counts. What the events, patrols and complaints modules use
 * (`context.use(grids)`):
 *
 * - `locate(lon, lat)`: the deepest grid whose boundary holds the point (in memory; dropped on every
 *   instance by any write);
 * - `get(code, scope)`, `names(codes)`, `membership(operatorId)`, `members(gridCode, scope)`;
 * - `subtree(code)`: the codes of a grid and every grid below it. In SQL, `inCodeTree(column, code)`
 *   (platform/db/area-scope.ts): codes nest by prefix, so the subtree of G is the range [G, G + 1).
 *
 * Registered after the device core, whose registry it reads for the devices inside a grid.
 */
export const grids = defineModule({
  name: 'grids',
  tags: [{ name: 'grids', description: '运营平台：网格划分（网格树、边界、网格员、网格内空气质量）' }],
  migrations: { '0015_grids': m0015 },
  settings: readGridsSettings,
  async create(context: ModuleContext<GridsTables, GridsSettings>) {
    const { now, state, log } = context;
    const repository = new GridsRepository(context.database);
    const locator = new GridLocator(() => repository.shapes(), LOCATOR_TTL_MS);
    await locator.listen(state);
    const changed = async () => {
      locator.invalidate();
      await state
        .publish(GRIDS_CHANNEL, 'changed')
        .catch((err: unknown) => log.warn({ err }, 'could not tell the other instances of a grid change'));
    };
    const directory = context.use(operators).directory;
    const service = new GridsService(
      repository,
      locator,
      {
        areaOf: async (operatorId) => (await directory.profileById(operatorId))?.operator.org_area,
      },
      context.use(audit).log,
      now,
      changed,
    );
    const areas = context.use(platformAreas);
    const airData = context.use(air);
    const register = context.use(stations).repository;
    const core = context.use(devices);
    const sources: GridAirSources = {
      stations: () => register.all(),
      current: airData.current,
      stationHours: (code, from, to) => airData.store.stationHours.series(code, from, to),
      devices: async (scope) => core.registry.all({}, scope),
      latest: (ids) => core.telemetry.latest(ids),
      deviceHours: (id, factors, from, to) => core.telemetry.series('hour', id, factors, from, to),
    };
    const gridAir = new GridAirService(service, sources, now);
    const toRef = (row: Awaited<ReturnType<GridsRepository['byCode']>>): GridRef | null =>
      row === undefined
        ? null
        : {
            code: row.code,
            name: row.name,
            parentCode: row.parent_code,
            areaCode: row.area_code,
            level: Number(row.level),
            center: [row.center_lon, row.center_lat],
          };

    return {
      api: {
        /** The deepest grid whose boundary holds the point, or null. */
        locate: (lon: number, lat: number): Promise<LocatedGrid | null> => locator.locate(lon, lat),
        /** A grid inside the scope, or null (also when it exists outside). */
        get: async (code: string, scope: AreaScope): Promise<GridRef | null> =>
          toRef(await repository.get(code, scope)),
        /** An operator's grid role, or null. */
        membership: async (operatorId: string): Promise<{ gridCode: string; role: 'manager' | 'member' } | null> => {
          const row = await repository.membership(operatorId);
          return row === undefined ? null : { gridCode: row.grid_code, role: row.role as 'manager' | 'member' };
        },
        /** The members of a grid inside the scope (none when the grid is outside). */
        members: async (gridCode: string, scope: AreaScope): Promise<GridMemberRow[]> =>
          (await repository.members(gridCode, scope)).map(presentMember),
        /** The codes of a grid and of every grid below it (empty when there is no such grid). */
        subtree: async (code: string): Promise<string[]> =>
          (await repository.subtree(code, NATIONWIDE)).map((row) => row.code),
        /** Grid names by code, for presenting codes held elsewhere (unknown codes are left out). */
        names: (codes: readonly string[]): Promise<Map<string, string>> => repository.names(codes),
        /** Writes the demo grids when their county has none (the server's start does it with DEMO_DATA=on). */
        seedDemo: async (): Promise<number> => {
          const written = await seedDemoGrids(repository, now());
          if (written > 0) await changed();
          return written;
        },
      },
      routes: gridsRoutes({ grids: service, air: gridAir, areaTree: (scope) => areas.gridTree(scope) }),
      async start() {
        if (!context.settings.demoGrids) return;
        const written = await seedDemoGrids(repository, now()).catch((err: unknown) => {
          log.error({ err }, 'demo grids could not be written');
          return 0;
        });
        if (written > 0) {
          log.info({ written }, 'demo grids written');
          await changed();
        }
      },
      close: () => locator.close(),
    };
  },
});
