import { defineModule, type ModuleContext } from '../../../platform/module';
import { air } from '../../data/air';
import { stations } from '../../data/stations';
import { ClustersService } from './clusters.service';
import { dataAnalysisRoutes } from './data-analysis.routes';
import { ExportService } from './export.service';
import { HistoryService } from './history.service';

/**
 * 数据分析 (issue 18): the history query of cities or stations, its CSV/XLSX export through a
 * single-use ticket, and the station clusters (getClusterData / getClusterMsg / getClusterEachData).
 * It owns no tables: it reads the air store and the station register.
 */
export const dataAnalysis = defineModule({
  name: 'data-analysis',
  tags: [{ name: 'data-analysis', description: '数据分析：历史数据查询、导出与站点聚类' }],
  create(context: ModuleContext<unknown, undefined>) {
    const { store } = context.use(air);
    const register = context.use(stations).repository;
    const history = new HistoryService(store, register, context.now);
    return {
      api: {},
      routes: dataAnalysisRoutes({
        history,
        exports: new ExportService(history, context.state, context.now),
        clusters: new ClustersService(store, register, context.now),
      }),
    };
  },
});
