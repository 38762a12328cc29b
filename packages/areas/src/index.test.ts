import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allAreas,
  areaByCode,
  areaByPyName,
  areaDirectory,
  childrenOf,
  isCity,
  listCities,
  loadAreasFile,
  MISSING_MESSAGE,
  parentOf,
  parseAreasFile,
  resolveArea,
  toCityListEntry,
} from './index';

const areas = allAreas();
const code = (c: string) => {
  const a = areaByCode(c);
  if (a === undefined) throw new Error(`${c} missing`);
  return a;
};

describe('what the code list holds (GB/T 2260, 2020-11)', () => {
  it('has 34 provinces, 333 prefecture-level units and 2,843 counties', () => {
    const count = (level: string) => areas.filter((a) => a.level === level).length;
    expect([count('province'), count('city'), count('county')]).toEqual([34, 333, 2843]);
    expect(areaDirectory().file.counts).toMatchObject({ provinces: 34, cities: 333, counties: 2843 });
  });

  it('includes Taiwan, Hong Kong and Macau as provinces without subdivisions', () => {
    for (const c of ['710000', '810000', '820000']) {
      expect(code(c).level).toBe('province');
      expect(childrenOf(c)).toEqual([]);
    }
  });

  it('puts municipality districts directly under the municipality', () => {
    expect(areas.filter((a) => a.municipality).map((a) => a.name)).toEqual(['北京市', '天津市', '上海市', '重庆市']);
    expect(code('110105')).toMatchObject({ name: '朝阳区', level: 'county', parentCode: '110000' });
    expect(childrenOf('110000')).toHaveLength(16);
    // Chongqing's districts (5001) and counties (5002) both hang on 500000; there is no 500100 or 500200.
    expect(childrenOf('500000')).toHaveLength(38);
    expect(areaByCode('110100')).toBeUndefined();
  });

  it('puts province-administered county-level units (省直辖县级) directly under the province', () => {
    expect(code('429004')).toMatchObject({ name: '仙桃市', level: 'county', parentCode: '420000' });
    expect(code('659001')).toMatchObject({ name: '石河子市', parentCode: '650000' });
    expect(parentOf('469002')?.name).toBe('海南省');
    expect(areaByCode('429000')).toBeUndefined();
  });

  it('lists the product cities: prefecture-level units plus the municipalities', () => {
    const cities = listCities();
    expect(cities).toHaveLength(337);
    expect(cities.every((a) => isCity(a.code))).toBe(true);
    expect(cities.map((a) => a.name)).toEqual(
      expect.arrayContaining(['北京市', '重庆市', '厦门市', '延边朝鲜族自治州']),
    );
    expect(cities.map((a) => a.name)).not.toContain('河北省');
  });

  it('sorts by code and links every parent', () => {
    const codes = areas.map((a) => a.code);
    expect(codes).toEqual([...codes].sort());
    for (const a of areas) if (a.parentCode !== null) expect(areaByCode(a.parentCode)).toBeDefined();
  });
});

describe('coordinates', () => {
  it('puts every area inside China’s bounding box', () => {
    const outside = areas.filter((a) => !(a.longitude > 73 && a.longitude < 136 && a.latitude > 3 && a.latitude < 54));
    expect(outside.map((a) => a.name)).toEqual([]);
  });

  it('places well-known cities where they are', () => {
    expect(code('110000')).toMatchObject({ longitude: expect.closeTo(116.4, 1), latitude: expect.closeTo(39.9, 1) });
    expect(code('350200')).toMatchObject({ longitude: expect.closeTo(118.1, 1), latitude: expect.closeTo(24.5, 1) });
    expect(code('650100')).toMatchObject({ longitude: expect.closeTo(87.6, 1), latitude: expect.closeTo(43.8, 1) });
  });

  it('uses the parent centre only for the few areas the map data lacks, and records it', () => {
    const fallbacks = areas.filter((a) => a.centreSource === 'parent');
    expect(fallbacks.map((a) => a.name)).toEqual(
      expect.arrayContaining(['港闸区', '下城区', '江干区', '梅列区', '孟津县', '阿勒泰市']),
    );
    expect(fallbacks.length).toBeLessThan(20);
    for (const a of fallbacks) {
      const parent = parentOf(a.code);
      expect([a.longitude, a.latitude]).toEqual([parent?.longitude, parent?.latitude]);
    }
  });
});

describe('pinyin in the generated data', () => {
  it.each([
    ['500000', 'chongqing', 'cq'],
    ['430100', 'changsha', 'cs'],
    ['350200', 'xiamen', 'xm'],
    ['340300', 'bengbu', 'bb'],
    ['341500', 'luan', 'la'],
    ['361124', 'yanshan', 'ys'],
    ['440113', 'panyu', 'py'],
    ['420116', 'huangpi', 'hp'],
    ['510181', 'dujiangyan', 'djy'],
    ['510100', 'chengdu', 'cd'],
    ['341621', 'guoyang', 'gy'],
    ['130726', 'yuxian', 'yx'],
    ['130225', 'laoting', 'lt'],
    ['330382', 'yueqing', 'yq'],
    ['371722', 'shanxian', 'sx'],
    ['141024', 'hongtong', 'ht'],
    ['653100', 'kashi', 'ks'],
    ['140428', 'zhangzi', 'zz'],
    ['652800', 'bayinguoleng', 'bygl'],
    ['141100', 'lvliang', 'll'],
  ])('%s reads %s (%s)', (c, pinyin, initials) => {
    expect(code(c)).toMatchObject({ pinyin, initials });
  });

  it('is lower-case letters only, with one initial per syllable', () => {
    for (const a of areas) {
      expect(a.pinyin).toMatch(/^[a-z]+$/);
      expect(a.initials.length).toBeLessThanOrEqual([...a.shortName].length);
      expect(a.pinyin.startsWith(a.initials.charAt(0))).toBe(true);
    }
  });

  it('carries exonyms as aliases', () => {
    expect(code('230100').aliases).toContain('harbin');
    expect(code('810000').aliases).toContain('hongkong');
    expect(code('820000').aliases).toContain('macau');
    expect(code('650100').aliases).toContain('urumqi');
    expect(code('653100').aliases).toContain('kashgar');
  });
});

describe('pyName', () => {
  it('is unique over all areas', () => {
    expect(new Set(areas.map((a) => a.pyName)).size).toBe(areas.length);
  });

  it('is the plain pinyin for the big cities and resolves routes', () => {
    expect(areaByPyName('beijing')?.code).toBe('110000');
    expect(areaByPyName('chongqing')?.code).toBe('500000');
    expect(areaByPyName('xian')?.name).toBe('西安市');
    expect(areaByPyName('chaoyang')?.name).toBe('朝阳市');
    expect(areaByPyName('chaoyangqu')?.code).toBe('110105');
    expect(areaByPyName('jilin')?.name).toBe('吉林市');
    expect(areaByPyName('jilinsheng')?.name).toBe('吉林省');
    expect(areaByPyName('shanxi')?.name).toBe('山西省');
    expect(areaByPyName('shaanxi')?.name).toBe('陕西省');
    expect(areaByPyName('taizhou')?.name).toBe('泰州市');
    expect(areaByPyName('taizhoushi')?.name).toBe('台州市');
    expect(areaByPyName('BeiJing')?.code).toBe('110000');
  });

  it('gives every city a slug without digits', () => {
    expect(listCities().filter((a) => /\d/.test(a.pyName))).toEqual([]);
  });

  it('resolves a route parameter given as code or pinyin', () => {
    expect(resolveArea('110000')?.pyName).toBe('beijing');
    expect(resolveArea('xiamen')?.code).toBe('350200');
    expect(resolveArea('999999')).toBeUndefined();
    expect(resolveArea('atlantis')).toBeUndefined();
  });
});

describe('isCity (spec: code ends in 00 after the fourth character)', () => {
  it.each([
    ['110000', true],
    ['130100', true],
    ['130000', true],
    ['110105', false],
    ['429004', false],
    ['11000', false],
    ['abcd00', false],
    ['000000', false],
  ])('%s → %s', (c, expected) => {
    expect(isCity(c)).toBe(expected);
  });
});

describe('toCityListEntry', () => {
  it('maps to the spec list entry with the search keys', () => {
    expect(toCityListEntry(code('110000'))).toEqual({
      areaCode: '110000',
      areaName: '北京市',
      areaType: 3,
      pyName: 'beijing',
      regionCode: '110000',
      longitude: code('110000').longitude,
      latitude: code('110000').latitude,
      pinyin: 'beijing',
      initials: 'bj',
      aliases: ['peking'],
    });
    expect(toCityListEntry(code('110105'))).toMatchObject({ areaType: 2, regionCode: '110000' });
  });
});

describe('loader', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'areas-'));

  it('says how to fix a missing file', () => {
    expect(() => loadAreasFile(path.join(dir, 'nope.json'))).toThrow(MISSING_MESSAGE);
  });

  it('rejects another format version', () => {
    const file = path.join(dir, 'old.json');
    writeFileSync(file, JSON.stringify({ version: 0, areas: [] }));
    expect(() => loadAreasFile(file)).toThrow(/format version/);
  });

  it('rejects a malformed entry, naming it', () => {
    const bad = { version: 1, sources: {}, counts: {}, areas: [{ code: '110000', name: '北京市' }] };
    expect(() => parseAreasFile(JSON.stringify(bad))).toThrow(/entry 0 has a bad shortName/);
  });

  it('loads the generated file once', () => {
    expect(areaDirectory()).toBe(areaDirectory());
  });
});
