import { defineModule, type ModuleContext } from '../../../platform/module';
import { PeriodicJobs } from '../../../platform/periodic';
import * as m0003 from './migrations/0003_short_urls';
import * as m0021 from './migrations/0021_short_url_last_use';
import { ShortUrlsRepository } from './short-urls.repository';
import { shortUrlRoutes } from './short-urls.routes';
import { ShortUrlService } from './short-urls.service';
import { readShortUrlsSettings, type ShortUrlsSettings } from './short-urls.settings';
import type { ShortUrlsTables } from './short-urls.tables';

export { readShortUrlsSettings, type ShortUrlsSettings } from './short-urls.settings';
export type { ShortUrlsTables } from './short-urls.tables';

/** How often the uses noted in memory are written (a crash loses at most this much of the hit count). */
const FLUSH_MS = 60_000;
/** How often unused links are swept. */
const SWEEP_MS = 60 * 60_000;

/** getShortUrl and the /s/<id> redirect: one random id per same-site path; unused links expire. */
export const shortUrls = defineModule({
  name: 'short-urls',
  tags: [{ name: 'short-urls', description: '站内短链接' }],
  migrations: { '0003_short_urls': m0003, '0021_short_url_last_use': m0021 },
  settings: readShortUrlsSettings,
  create(context: ModuleContext<ShortUrlsTables, ShortUrlsSettings>) {
    const { settings, log } = context;
    const service = new ShortUrlService(new ShortUrlsRepository(context.database), context.now);
    const flush = () => service.flushUses().catch((err: unknown) => log.error({ err }, 'short link uses not written'));
    /** Uses are written first, so that a link followed a moment ago is not taken for unused. */
    const sweep = async () => {
      await service.flushUses();
      const deleted = await service.sweep(settings.retentionDays);
      if (deleted > 0) log.info({ deleted, retentionDays: settings.retentionDays }, 'unused short links deleted');
      return deleted;
    };
    const jobs = new PeriodicJobs(log);
    return {
      api: { flushUses: () => service.flushUses(), sweep },
      routes: shortUrlRoutes(service, settings),
      async start() {
        jobs.every(FLUSH_MS, 'short link uses not written', () => service.flushUses());
        jobs.every(SWEEP_MS, 'short link sweep failed', sweep);
      },
      async close() {
        jobs.stop();
        // The database closes after the modules: the last minute's uses are written first.
        await flush();
      },
    };
  },
});
