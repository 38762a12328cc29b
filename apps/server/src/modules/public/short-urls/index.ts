import { defineModule, type ModuleContext } from '../../../platform/module';
import * as m0003 from './migrations/0003_short_urls';
import { ShortUrlsRepository } from './short-urls.repository';
import { shortUrlRoutes } from './short-urls.routes';
import { ShortUrlService } from './short-urls.service';
import type { ShortUrlsTables } from './short-urls.tables';

export type { ShortUrlsTables } from './short-urls.tables';

/** getShortUrl and the /s/<id> redirect: one random id per same-site path. */
export const shortUrls = defineModule({
  name: 'short-urls',
  tags: [{ name: 'short-urls', description: '站内短链接' }],
  migrations: { '0003_short_urls': m0003 },
  create(context: ModuleContext<ShortUrlsTables, undefined>) {
    const service = new ShortUrlService(new ShortUrlsRepository(context.database), context.now);
    return { api: {}, routes: shortUrlRoutes(service) };
  },
});
