import { defineModule, type ModuleContext } from '../../../platform/module';
import { air } from '../../data/air';
import { stations } from '../../data/stations';
import { alarmRoutes } from './alarms.routes';
import { AlarmService } from './alarms.service';

/** Threshold alarms computed from the data (a city or station crossing a level): getAlarmInfo, trend, codes. */
export const alarms = defineModule({
  name: 'alarms',
  tags: [{ name: 'alarms', description: '超标告警（由小时数据计算）' }],
  create(context: ModuleContext<unknown, undefined>) {
    const service = new AlarmService(context.use(air).store, context.use(stations).repository, context.now);
    return { api: {}, routes: alarmRoutes(service) };
  },
});
