import { weatherLayer } from '@lantian/contracts';
import { z } from 'zod';
import { cityParam, optionalField, timeParam } from '../../../platform/http/params';

/** Form bodies of the city weather calls (spec §7 "Public data"). */

export const cityBody = z.object({ city: cityParam });

export const rangeBody = cityBody.extend({
  startTime: timeParam.describe('开始时间（北京时间）'),
  endTime: timeParam.describe('结束时间（北京时间），距开始不超过 31 天'),
});

export const dayWeatherBody = cityBody.extend({
  startTime: optionalField(timeParam).describe('开始时间（北京时间），与 endTime 同时提供'),
  endTime: optionalField(timeParam).describe('结束时间（北京时间），距开始不超过 31 天'),
});

export const surfaceLayerBody = z.object({
  timeType: optionalField(z.literal('hour')).describe('时间类型，目前只有 hour'),
  time: optionalField(timeParam).describe('北京时间，取该时刻所在的整点小时；默认最新'),
  layer: weatherLayer.describe('图层：temp 温度、hum 湿度、pre 气压、wind 风、rain 降水、radiat 辐射、isobar 等压线'),
});

export const highMeteoBody = cityBody.extend({ time: optionalField(timeParam).describe('北京时间') });
