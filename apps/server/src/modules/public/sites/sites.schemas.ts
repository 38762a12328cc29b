import { type MapDataType, mapDataType } from '@lantian/contracts';
import { z } from 'zod';
import { cityParam, timeParam } from '../../../platform/http/params';

/**
 * Form bodies of the station and map calls, parsed into typed values (a city into its area, times into
 * epoch seconds, the spec's alias pm25 into pm2_5). The services apply the defaults that depend on the
 * clock or the data.
 */

export const siteCodeParam = z
  .string()
  .regex(/^[0-9A-Za-z][0-9A-Za-z_-]{0,23}$/, '应为站点编码，如 1001A')
  .describe('站点编码（1001A；演示站点 D110000-01）');

const optionalTime = (what: string) => timeParam.optional().describe(`${what}（YYYY-MM-DD HH:mm:ss，北京时间）`);

export const citySiteBody = z.object({ city: cityParam });

export const siteCurrentBody = z.object({ siteCode: siteCodeParam });

export const siteDetailBody = z.object({
  siteCode: siteCodeParam,
  startTime: optionalTime('开始时间；缺省为结束时间前 23 小时（共 24 个小时值）'),
  endTime: optionalTime('结束时间；缺省为当前整点。范围最长 31 天'),
});

export const mapSiteBody = z.object({
  timeType: z.enum(['hour', 'day']).optional().describe('hour（缺省）或 day'),
  time: optionalTime('所在的小时或日；缺省为最新一小时或最近一个完整日'),
  dataType: z
    .enum([...mapDataType.options, 'pm25'])
    .transform((value): MapDataType => (value === 'pm25' ? 'pm2_5' : value))
    .optional()
    .describe('aqi（缺省）或污染物：pm2_5（pm25）、pm10、so2、no2、o3、o3_8h、co'),
  mapType: z.enum(['site', 'city']).optional().describe('site：站点（缺省）；city：城市'),
  formatType: z
    .enum(['1', '2'])
    .optional()
    .describe(
      '1（缺省）：GeoJSON FeatureCollection；2：同一地图的紧凑列式（每个字段一个数组，约为 GeoJSON 的四分之一），客户端用 @lantian/contracts 的 expandMapSiteColumns 还原为 GeoJSON',
    ),
});
