import { ResponseCache } from '../../../platform/http/response-cache';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { air, HOUR_INGESTED_CHANNEL } from '../../data/air';
import { rankingRoutes } from './rankings.routes';
import { RankingService } from './rankings.service';
import { StandardService } from './standards.service';
import { TimelineService } from './timeline.service';

/** City rankings (hour, day, month, year, custom areas), timelines, standard attainment, O3 profiles, rank analysis. */
export const rankings = defineModule({
  name: 'rankings',
  tags: [
    { name: 'rankings', description: '城市排名、排名分析与时间轴' },
    { name: 'standards', description: '达标分析（GB 3095-2012）与臭氧日变化' },
  ],
  async create(context: ModuleContext<unknown, undefined>) {
    const { store } = context.use(air);
    const responses = new ResponseCache(context.config.responseCacheMs, { clockMs: () => context.now() * 1000 });
    await responses.listen(context.state, HOUR_INGESTED_CHANNEL);
    responses.clearOn((listener) => context.use(air).current.onChange(listener));
    return {
      api: {},
      routes: rankingRoutes({
        rankings: new RankingService(store, context.now),
        timelines: new TimelineService(store, context.now),
        standards: new StandardService(store, context.now),
        responses,
      }),
      close: () => responses.close(),
    };
  },
});
