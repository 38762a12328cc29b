import { defineModule, type ModuleContext } from '../../../platform/module';
import { audit } from '../audit';
import { DictionaryRepository } from './dictionary.repository';
import { dictionaryRoutes } from './dictionary.routes';
import { type DictEntry, DictionaryService } from './dictionary.service';
import type { DictionaryTables } from './dictionary.tables';
import { DictionaryCache } from './dictionary-cache';
import * as m0007 from './migrations/0007_dictionary';
import * as m0010 from './migrations/0010_dictionary_devices';

export type { DictionaryTables } from './dictionary.tables';
export { isHttpUrl } from './item-rules';

/** A safety net behind the invalidation messages (see DictionaryCache). */
const CACHE_TTL_MS = 60_000;

/**
 * The data dictionary (spec §7 "Platform: dictionary"): types of coded values — device types,
 * monitoring factors, the grid event catalogue, alarm levels, government sites — that the platform's
 * modules read (`use(dictionary).items(type)` / `.label(type, value)`) and administrators edit.
 * Installation-wide, not area-scoped.
 */
export const dictionary = defineModule({
  name: 'dictionary',
  tags: [
    { name: 'dictionary', description: '运营平台：数据字典（设备类型、监测因子、事件类别、告警级别、政府网站…）' },
  ],
  migrations: { '0007_dictionary': m0007, '0010_dictionary_devices': m0010 },
  async create(context: ModuleContext<DictionaryTables, undefined>) {
    const repository = new DictionaryRepository(context.database);
    const cache = new DictionaryCache<DictEntry>(DictionaryService.loader(repository), CACHE_TTL_MS);
    await cache.listen(context.state);
    const service = new DictionaryService(repository, cache, context.state, context.use(audit).log, context.now);
    return {
      api: {
        /** The enabled items of a type, in order; 404 (AppError) for an unknown type. */
        items: (type: string) => service.items(type),
        /** The label of a value (disabled items too), undefined when the type has no such value. */
        label: (type: string, value: string) => service.label(type, value),
      },
      routes: dictionaryRoutes(service),
      close: () => cache.close(),
    };
  },
});
