import { describe, expect, it } from 'vitest';
import {
  formatPrimaryPollutants,
  isPollutantKey,
  POLLUTANTS,
  parsePrimaryPollutants,
  pollutantFromCnemcName,
  sortPollutantKeys,
  toIndexKey,
} from './pollutants';

describe('pollutant keys and names', () => {
  it('maps every published CNEMC name to its key', () => {
    expect(pollutantFromCnemcName('细颗粒物(PM2.5)')).toBe('pm2_5');
    expect(pollutantFromCnemcName('颗粒物(PM10)')).toBe('pm10');
    expect(pollutantFromCnemcName('臭氧1小时')).toBe('o3');
    expect(pollutantFromCnemcName('臭氧8小时')).toBe('o3_8h');
    expect(pollutantFromCnemcName('二氧化氮')).toBe('no2');
    expect(pollutantFromCnemcName('二氧化硫')).toBe('so2');
    expect(pollutantFromCnemcName('一氧化碳')).toBe('co');
    expect(pollutantFromCnemcName(' 细颗粒物（PM2.5） ')).toBe('pm2_5');
    expect(pollutantFromCnemcName('臭氧')).toBeUndefined();
  });

  it('accepts the spec alias pm25 and common spellings', () => {
    expect(toIndexKey('pm25')).toBe('pm2_5');
    expect(toIndexKey('PM2.5')).toBe('pm2_5');
    expect(toIndexKey('pm2_5')).toBe('pm2_5');
    expect(toIndexKey('AQI')).toBe('aqi');
    expect(toIndexKey('O3_8H')).toBe('o3_8h');
    expect(toIndexKey('nox')).toBeUndefined();
    expect(isPollutantKey('aqi')).toBe(false);
    expect(isPollutantKey('co')).toBe(true);
  });

  it('knows units: μg/m³, CO mg/m³', () => {
    expect(POLLUTANTS.co.unit).toBe('mg/m³');
    expect(POLLUTANTS.pm2_5.unit).toBe('μg/m³');
    expect(POLLUTANTS.o3_8h.unit).toBe('μg/m³');
  });

  it('splits a published primary-pollutant field', () => {
    expect(parsePrimaryPollutants('颗粒物(PM10),细颗粒物(PM2.5)')).toEqual({ keys: ['pm10', 'pm2_5'], unknown: [] });
    expect(parsePrimaryPollutants('-;')).toEqual({ keys: [], unknown: [] });
    expect(parsePrimaryPollutants('')).toEqual({ keys: [], unknown: [] });
    expect(parsePrimaryPollutants('一氧化碳，二氧化硫')).toEqual({ keys: ['co', 'so2'], unknown: [] });
    expect(parsePrimaryPollutants('臭氧1小时,苯')).toEqual({ keys: ['o3'], unknown: ['苯'] });
    expect(parsePrimaryPollutants('二氧化氮,二氧化氮')).toEqual({ keys: ['no2'], unknown: [] });
  });

  it('formats keys back as published, in table order when sorted', () => {
    expect(formatPrimaryPollutants(sortPollutantKeys(['pm2_5', 'pm10']))).toBe('颗粒物(PM10),细颗粒物(PM2.5)');
    expect(formatPrimaryPollutants([])).toBe('-;');
  });
});
