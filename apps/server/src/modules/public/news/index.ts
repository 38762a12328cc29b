import { type Env, integer } from '../../../platform/config';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { type CmsTables, cms } from '../../data/cms';
import { type NewsRouteSettings, newsRoutes } from './news.routes';
import { NewsService } from './news.service';

function readNewsSettings(env: Env): NewsRouteSettings {
  return {
    upVoteLimit: {
      max: integer(env, 'CMS_UPVOTE_RATE_LIMIT_MAX', 30, 1, 10_000),
      windowMs: integer(env, 'CMS_UPVOTE_RATE_LIMIT_WINDOW_SECONDS', 600, 1, 86_400) * 1000,
    },
  };
}

/**
 * The public news (spec §7 GET /api/cms/* and POST articleUpVote, issue 18; docs/NEWS.md): lists,
 * articles, tags, albums, the timeline, one up-vote per visitor, the stored images, and the head
 * and article text of the /news/ pages put into their HTML for link previews and crawlers.
 */
export const news = defineModule({
  name: 'news',
  tags: [{ name: 'news', description: '新闻资讯（公开）' }],
  settings: readNewsSettings,
  create(context: ModuleContext<CmsTables, NewsRouteSettings>) {
    const service = new NewsService(context.use(cms).store, context.now);
    return {
      api: {},
      routes: newsRoutes(service, context.settings),
      pageHead: (segments) => service.pageHead(segments),
    };
  },
});
