import { defineModule, type ModuleContext } from '../../../platform/module';
import { audit } from '../audit';
import { devices, readFactors } from '../devices';
import { ConfigsRepository } from './configs.repository';
import { ConfigsService } from './configs.service';
import { configurationRoutes } from './configuration.routes';
import type { ConfigurationTables } from './configuration.tables';
import { embedRoutes } from './embed.routes';
import { DashboardLive } from './live';
import * as m0031 from './migrations/0031_configuration';
import { ResourcesRepository } from './resources.repository';
import { ResourcesService } from './resources.service';
import { ConfigTemplatesRepository } from './templates.repository';
import { ConfigTemplatesService } from './templates.service';
import { liveValuesOf, ValuesService } from './values.service';

export type { ConfigurationTables } from './configuration.tables';

/**
 * The configuration dashboard (组态, issue 21, docs/REPORTS.md): drawings made in the console's
 * Konva editor, bound to device factors and refreshed live, published with a revocable token for
 * big screens; the static-resource library; templates by type.
 */
export const configuration = defineModule({
  name: 'configuration',
  tags: [{ name: 'configuration', description: '运营平台：组态大屏（组态图、素材库、模板、发布与嵌入）' }],
  migrations: { '0031_configuration': m0031 },
  async create(context: ModuleContext<ConfigurationTables, undefined>) {
    const { database, now, log } = context;
    const auditLog = context.use(audit).log;
    const core = context.use(devices);
    const live = new DashboardLive(context.state, log);
    await live.listen();
    const values = new ValuesService({
      all: (scope) => core.registry.all({}, scope),
      byIds: (ids, scope) => core.registry.byIds(ids, scope),
      latest: (ids) => core.telemetry.latest(ids),
      factors: (device) => readFactors(device.factors_json),
      factorLabel: (code) => core.labels.factor(code),
    });
    const resourcesRepo = new ResourcesRepository(database);
    const configs = new ConfigsService(
      new ConfigsRepository(database),
      {
        devicesIn: (ids, scope) => values.devicesIn(ids, scope),
        async resourcesIn(ids, scope) {
          const found = await Promise.all(ids.map((id) => resourcesRepo.info(id, scope)));
          return new Set(found.flatMap((r) => (r === undefined ? [] : [r.id])));
        },
      },
      (token) => live.revoke(token),
      auditLog,
      now,
    );
    const resources = new ResourcesService(resourcesRepo, auditLog, now);
    const templates = new ConfigTemplatesService(new ConfigTemplatesRepository(database), auditLog, now);
    // Values committed on this instance go to the screens of every instance.
    core.telemetry.onCommitted((batch) => {
      live
        .publish(liveValuesOf(batch))
        .catch((err: unknown) => log.warn({ err }, 'could not publish dashboard values'));
    });
    return {
      api: { live },
      routes: async (app) => {
        await configurationRoutes({ configs, resources, templates, values, live })(app);
        await embedRoutes(configs, resourcesRepo, values, live)(app);
      },
      async close() {
        await live.stop();
      },
    };
  },
});
