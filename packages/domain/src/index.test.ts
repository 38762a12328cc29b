import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('@lantian/domain', () => {
  it('exports the rules from one entry point', () => {
    for (const name of [
      'realtimeAqi',
      'dailyAqi',
      'iaqi',
      'iaqiToConcentration',
      'aqiLevel',
      'pollutantLevel',
      'healthAdvice',
      'pollutantFromCnemcName',
      'dailyMean',
      'dailyMaxEightHourMean',
      'cityRealtimeAqi',
      'windDirectionName',
      'beaufortFromMs',
      'formatFollowTime',
      'validatePhone',
      'parseChinaDateTime',
      'chinaDay',
    ]) {
      expect(typeof (domain as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});
