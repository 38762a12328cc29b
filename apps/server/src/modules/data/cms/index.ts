import { type Env, oneOf } from '../../../platform/config';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { PeriodicJobs } from '../../../platform/periodic';
import { air, HOUR_INGESTED_CHANNEL } from '../air';
import { CmsStore } from './cms.store';
import type { CmsTables } from './cms.tables';
import { writeDemoNews } from './cms-demo';
import * as m0032 from './migrations/0032_cms';

export { escapeHtml, imageIdsOf, sanitizeArticleHtml } from './article-html';
export { imageUrlOrNull, presentCard, presentLink } from './cms.presenters';
export type { AdminFilter, ArticleFields, ArticleRow, CardFilter, ImageRow, NewArticle } from './cms.store';
export { CmsStore } from './cms.store';
export type { CmsTables } from './cms.tables';
export { randomImageId } from './image-id';

/** How often the demo looks for a new week or day of data to write about. */
const DEMO_CHECK_MS = 30 * 60_000;

export interface CmsSettings {
  /** DEMO_DATA=on (the default): demo articles written from the data; off: they are deleted at start. */
  demoNews: boolean;
}

function readCmsSettings(env: Env): CmsSettings {
  return { demoNews: oneOf(env, 'DEMO_DATA', ['on', 'off'] as const, 'on') === 'on' };
}

/**
 * The news CMS's tables (docs/NEWS.md), shared by the public news calls (modules/public/news) and
 * the console's editing (modules/operator/cms); and the demo articles written from the air data.
 */
export const cms = defineModule({
  name: 'cms',
  migrations: { '0032_cms': m0032 },
  settings: readCmsSettings,
  create(context: ModuleContext<CmsTables, CmsSettings>) {
    const store = new CmsStore(context.database);
    const airStore = context.use(air).store;
    const jobs = new PeriodicJobs(context.log);
    // One run at a time: a burst of new hours (the demo seed) asks many times over.
    let running: Promise<number> | undefined;
    const demo = () => {
      running ??= writeDemoNews({ cms: store, air: airStore, now: context.now }).finally(() => {
        running = undefined;
      });
      return running;
    };
    let unsubscribe: (() => Promise<void>) | undefined;
    return {
      api: { store, writeDemo: demo },
      async start() {
        if (!context.settings.demoNews) {
          const removed = await store.deleteDemo();
          if (removed > 0) context.log.info({ removed }, 'demo news removed (DEMO_DATA=off)');
          return;
        }
        const write = () => demo().catch((err: unknown) => context.log.error({ err }, 'demo news not written'));
        await write();
        // The demo air data may still be seeding: a new hour (or day) of data is a chance to write.
        unsubscribe = await context.state.subscribe(HOUR_INGESTED_CHANNEL, () => void write());
        jobs.every(DEMO_CHECK_MS, 'demo news not written', demo);
      },
      async close() {
        jobs.stop();
        await unsubscribe?.();
      },
    };
  },
});
