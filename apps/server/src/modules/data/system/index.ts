import { systemClock } from '../../../platform/clock';
import type { ModuleContext } from '../../../platform/module';
import { defineModule } from '../../../platform/module';
import * as m0001 from './migrations/0001_app_meta';
import { SystemRepository } from './system.repository';
import { systemRoutes } from './system.routes';
import { SystemService } from './system.service';
import type { SystemTables } from './system.tables';

export { SystemRepository } from './system.repository';
export { DEMO_SEED_META } from './system.service';
export type { SystemTables } from './system.tables';

/** /healthz, /readyz and the app_meta table (facts about this installation: starts, the demo seed's state). */
export const system = defineModule({
  name: 'system',
  tags: [{ name: 'system', description: '存活与就绪检查' }],
  migrations: { '0001_app_meta': m0001 },
  create(context: ModuleContext<SystemTables, undefined>) {
    const meta = new SystemRepository(context.database);
    return {
      api: { meta },
      routes: systemRoutes(new SystemService(context.database, context.state, meta)),
      start: async () => {
        // The wall clock, not the data clock: this records when the process started.
        await meta.recordStart(systemClock());
      },
    };
  },
});
