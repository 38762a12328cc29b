import { defineModule } from '../../../platform/module';
import { air } from '../../data/air';
import { stations } from '../../data/stations';
import { devices } from '../devices';
import { AirStationsService } from './air-stations.service';
import { ExhaustService } from './exhaust.service';
import { monitoringRoutes } from './monitoring.routes';
import { NoiseService } from './noise.service';
import { RealtimeDataService } from './realtime-data.service';
import type { MonitoringSources } from './sources';

/**
 * Online monitoring (spec §7): the air stations of an operator's area (national stations of the air
 * data beside the core's micro-stations), city totals, pollution sources, the real-time data table,
 * noise histories and GB 3096-2008 exceedances, exhaust remote-sensing rankings. It owns no tables:
 * everything is read through the device core's, the air module's and the station register's apis.
 */
export const monitoring = defineModule({
  name: 'monitoring',
  tags: [
    { name: 'air-stations', description: '运营平台：空气站点在线监测（国控站与微站、城市实时数据与统计、污染源）' },
    { name: 'realtime-data', description: '运营平台：设备实时数据查询' },
    { name: 'noise', description: '运营平台：噪声监测（历史数据、GB 3096-2008 超标记录）' },
    { name: 'exhaust', description: '运营平台：机动车尾气遥感监测（站点排名、总览、趋势）' },
  ],
  create(context) {
    const sources: MonitoringSources = {
      core: context.use(devices),
      current: context.use(air).current,
      register: context.use(stations).repository,
    };
    const { now } = context;
    return {
      api: {},
      routes: monitoringRoutes({
        airStations: new AirStationsService(sources, now),
        realtime: new RealtimeDataService(sources),
        noise: new NoiseService(sources, now),
        exhaust: new ExhaustService(sources, now),
      }),
    };
  },
});
