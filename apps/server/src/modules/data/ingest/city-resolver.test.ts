import { describe, expect, it } from 'vitest';
import { CityResolver } from './city-resolver';

const resolver = new CityResolver();
const code = (text: string) => {
  const r = resolver.resolve(text);
  return r.ok ? r.code : r.reason;
};

describe('city names of the national release', () => {
  it('takes a city by full or short name', () => {
    expect(code('北京市')).toBe('110000');
    expect(code('北京')).toBe('110000');
    expect(code('石家庄市')).toBe('130100');
    expect(code(' 吉林市 ')).toBe('220200');
    expect(resolver.resolve('延边朝鲜族自治州')).toMatchObject({ ok: true, code: '222400', via: 'city' });
  });

  it('reads abbreviated prefectures and 地区 renamed since (铜仁地区 → 铜仁市)', () => {
    expect(resolver.resolve('延边州')).toMatchObject({ ok: true, code: '222400', via: 'suffix' });
    expect(code('黔东南州')).toBe('522600');
    expect(code('海南州')).toBe('632500');
    expect(code('铜仁地区')).toBe('520600');
    expect(code('吐鲁番地区')).toBe('650400');
    expect(code('大兴安岭地区')).toBe('232700');
  });

  it('knows the aliases that no rule reaches', () => {
    expect(resolver.resolve('博州')).toMatchObject({ ok: true, code: '652700', via: 'alias' });
    expect(code('克州')).toBe('653000');
    expect(code('伊犁哈萨克州')).toBe('654000');
    expect(code('莱芜市')).toBe('370100');
    expect(code('胶南市')).toBe('370200');
  });

  it('puts a county-level city into its prefecture, naming the county', () => {
    expect(resolver.resolve('库尔勒市')).toEqual({
      ok: true,
      code: '652800',
      name: '巴音郭楞蒙古自治州',
      via: 'county',
      county: '652801',
    });
    expect(code('昆山市')).toBe('320500');
    expect(code('章丘市')).toBe('370100'); // 章丘区 since 2016
    expect(code('瓦房店')).toBe('210200');
  });

  it('keeps a province-administered city (石河子) as a city of its own', () => {
    expect(resolver.resolve('石河子市')).toEqual({ ok: true, code: '659001', name: '石河子市', via: 'county' });
    expect(code('济源市')).toBe('419001');
  });

  it('refuses what it cannot place, naming the text', () => {
    expect(resolver.resolve('火星市')).toEqual({ ok: false, reason: expect.stringContaining('火星市') });
    expect(resolver.resolve('')).toMatchObject({ ok: false });
    // 朝阳区 is a district of 北京 and of 长春: guessing would put a station into the wrong city.
    expect(resolver.resolve('朝阳区')).toEqual({ ok: false, reason: expect.stringContaining('多个') });
  });
});
