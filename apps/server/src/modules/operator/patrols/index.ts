import { NATIONWIDE } from '../../../platform/db/area-scope';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { audit } from '../audit';
import { dictionary } from '../dictionary';
import { events } from '../events';
import { grids } from '../grids';
import { operators } from '../operators';
import * as m0018 from './migrations/0018_patrols';
import { PatrolsRepository, type PatrolsView } from './patrols.repository';
import { patrolsRoutes } from './patrols.routes';
import { PatrolsService } from './patrols.service';

export type { PatrolScope } from './patrols.repository';
export type { PatrolsTables } from './patrols.tables';

/**
 * Patrols (issue 15, docs/GRID.md): a grid member's patrol with its GPS track, sent in batches from
 * the phone (idempotent per second), its distance, and the events reported during it (events carry
 * `patrol_id`; read here, never written); `/adm/patrol/*`. The patrol tools are the dictionary's
 * `patrolTools` (added by the migration).
 */
export const patrols = defineModule({
  name: 'patrols',
  tags: [{ name: 'patrols', description: '运营平台：网格巡查（开始、轨迹上传、结束，巡查记录与轨迹回放）' }],
  migrations: { '0018_patrols': m0018 },
  create(context: ModuleContext<PatrolsView, undefined>) {
    const gridApi = context.use(grids);
    const dict = context.use(dictionary);
    const directory = context.use(operators).directory;
    const repository = new PatrolsRepository(context.database);
    const service = new PatrolsService(
      repository,
      {
        membership: gridApi.membership,
        areaOf: async (code) => (await gridApi.get(code, NATIONWIDE))?.areaCode ?? null,
        names: gridApi.names,
      },
      {
        items: async () => (await dict.items('patrolTools')).map((i) => ({ value: i.value, label: i.label })),
        label: (value) => dict.label('patrolTools', value),
      },
      async (id) => (await directory.profileById(id))?.operator.name,
      context.use(audit).log,
      context.now,
    );
    // An event reported "during a patrol" must name the reporter's own patrol, still running.
    context.use(events).checkPatrolsWith(async (patrolId, operatorId) => {
      const patrol = await repository.own(patrolId, operatorId);
      return patrol !== undefined && patrol.status === 'active';
    });
    return { api: { service }, routes: patrolsRoutes(service) };
  },
});
