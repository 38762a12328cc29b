import { describe, expect, it } from 'vitest';
import {
  BestTrackFormatError,
  categoryOfWind,
  dbzBand,
  dbzOfRainRate,
  nmcFileTime,
  parseBestTrack,
  parseMetar,
  relativeHumidity,
  weatherText,
} from '.';

const TRACK = [
  '66666 2305    3 0009 2305 0 6 DOKSURI                         20230805',
  '2023072018 1 117 1354 1004      15',
  '2023072100 2 120 1349 998       20',
  '2023072106 6 123 1343 925       55',
].join('\n');

describe('CMA best track', () => {
  it('reads the header and the rows (tenths of a degree, UTC)', () => {
    const [track] = parseBestTrack(TRACK);
    expect(track?.name).toBe('DOKSURI');
    expect(track?.international).toBe('2305');
    expect(track?.points).toHaveLength(3);
    expect(track?.points[0]).toEqual({
      time: Date.UTC(2023, 6, 20, 18) / 1000,
      category: 1,
      lat: 11.7,
      lon: 135.4,
      pressure: 1004,
      wind: 15,
    });
  });

  it('refuses a file with a bad row, naming the line and the field', () => {
    const bad = TRACK.replace('2023072100 2 120 1349 998', '2023072100 7 120 1349 998');
    expect(() => parseBestTrack(bad)).toThrow(/第 3 行 强度/);
    const garbled = TRACK.replace('1343 925', '1343 9x5');
    expect(() => parseBestTrack(garbled)).toThrow(BestTrackFormatError);
    expect(() => parseBestTrack(TRACK.replace('    3 0009', '    4 0009'))).toThrow(/声明 4 条/);
    expect(() => parseBestTrack('hello')).toThrow(/第 1 行/);
    expect(() => parseBestTrack(TRACK.replace('2023072106', '2023072006'))).toThrow(/递增/);
  });

  it('grades winds by GB/T 19201-2006', () => {
    expect([10.7, 10.8, 17.2, 24.5, 32.7, 41.5, 51].map(categoryOfWind)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('METAR', () => {
  it('reads wind, visibility, weather, temperatures and QNH', () => {
    const r = parseMetar('METAR ZGHA 141300Z 33003MPS 300V360 5000 HZ BKN050 08/01 Q1032 NOSIG=');
    expect(r).toMatchObject({
      station: 'ZGHA',
      day: 14,
      hour: 13,
      windDirection: 330,
      windSpeed: 3,
      visibility: 5000,
      weather: ['HZ'],
      temperature: 8,
      dewPoint: 1,
      pressure: 1032,
    });
  });

  it('converts knots, reads minus temperatures, CAVOK and a report cut short', () => {
    expect(parseMetar('METAR VMMC 141300Z 36010KT 9999 FEW030 16/11 Q1025 NOSIG').windSpeed).toBe(5.1);
    expect(parseMetar('METAR ZBAA 141300Z VRB01MPS CAVOK M06/M14 Q1034 NOSIG')).toMatchObject({
      windDirection: null,
      visibility: 10000,
      temperature: -6,
      dewPoint: -14,
    });
    expect(parseMetar('METAR ZJHK 141300Z 05003MPS 5000=')).toMatchObject({ temperature: null, pressure: null });
  });

  it('refuses a report without a station or a time', () => {
    expect(() => parseMetar('METAR Z1 141300Z')).toThrow(/站号/);
    expect(() => parseMetar('METAR ZBAA 1413Z')).toThrow(/观测时间/);
  });

  it('computes humidity and names the weather in Chinese', () => {
    expect(relativeHumidity(20, 20)).toBe(100);
    expect(relativeHumidity(8, 1)).toBe(61);
    expect(['-SHRA', 'TSRA', '+SN', 'BR', 'HZ', 'TS', 'FU'].map(weatherText)).toEqual([
      '小阵雨',
      '雷阵雨',
      '大雪',
      '轻雾',
      '霾',
      '雷暴',
      '烟',
    ]);
  });
});

describe('radar', () => {
  it('maps rain to dBZ and dBZ to the legend', () => {
    expect(dbzOfRainRate(1)).toBeCloseTo(23, 0);
    expect(dbzOfRainRate(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(dbzBand(3)).toBeUndefined();
    expect(dbzBand(37)?.color).toBe('#ffff00');
  });

  it('reads the time of an NMC file name', () => {
    expect(nmcFileTime('SEVP_AOC_RDCP_SLDAS_EBREF_ACHN_L88_PI_20240510120000000.PNG')).toBe(
      Date.UTC(2024, 4, 10, 12) / 1000,
    );
    expect(nmcFileTime('radar.png')).toBeUndefined();
    expect(nmcFileTime('X_20241310120000000.PNG')).toBeUndefined();
  });
});
