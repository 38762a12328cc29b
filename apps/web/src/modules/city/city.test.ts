import { describe, expect, it } from 'vitest';
import {
  type CityListEntry,
  cityType,
  findCity,
  indexCities,
  isCityCode,
  looksLikeStationCode,
  toCurrentCity,
} from './city';

const entry = (areaCode: string, areaName: string, pyName: string, regionCode = areaCode): CityListEntry => ({
  areaCode,
  areaName,
  areaType: areaCode.endsWith('00') ? 3 : 2,
  pyName,
  regionCode,
  longitude: 116.4,
  latitude: 39.9,
  pinyin: pyName,
  initials: '',
  aliases: [],
});

describe('city rules', () => {
  it('types a code ending in 00 as 3 (city), others as 2 (spec §4)', () => {
    expect(cityType('110000')).toBe(3);
    expect(cityType('440100')).toBe(3);
    expect(cityType('110105')).toBe(2);
  });

  it('counts as cities only codes ending in 00 after the fourth character (spec §2)', () => {
    expect(isCityCode('440100')).toBe(true);
    expect(isCityCode('110000')).toBe(true);
    expect(isCityCode('110105')).toBe(false);
  });

  it('finds an entry by area code or pinyin, case-insensitively', () => {
    const index = indexCities([
      entry('110000', '北京市', 'beijing'),
      entry('110105', '朝阳区', 'chaoyangqu', '110000'),
    ]);
    expect(findCity(index, '110000')?.areaName).toBe('北京市');
    expect(findCity(index, 'Beijing')?.areaName).toBe('北京市');
    expect(findCity(index, 'chaoyangqu')?.areaCode).toBe('110105');
    expect(findCity(index, 'nowhere')).toBeUndefined();
    expect(findCity(index, undefined)).toBeUndefined();
  });

  it('tells station codes from area codes and pinyin', () => {
    expect(looksLikeStationCode('1001A')).toBe(true);
    expect(looksLikeStationCode('D110000-01')).toBe(true);
    expect(looksLikeStationCode('110000')).toBe(false);
    expect(looksLikeStationCode('beijing')).toBe(false);
  });

  it('turns a list entry into the current city, numbers from text', () => {
    const e = { ...entry('110105', '朝阳区', 'chaoyangqu', '110000'), longitude: '116.486' as unknown as number };
    expect(toCurrentCity(e)).toEqual({
      code: '110105',
      name: '朝阳区',
      pinyin: 'chaoyangqu',
      pyName: 'chaoyangqu',
      type: 2,
      regionCode: '110000',
      longitude: 116.486,
      latitude: 39.9,
    });
  });
});
