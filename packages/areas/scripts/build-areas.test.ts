import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type BuildInput, buildAreas, normaliseAlias, readPackageInput, serializeAreas } from './build-areas';

const SOURCES: BuildInput['sources'] = { divisions: 'test', divisionsDate: 'test', centres: 'test', pinyin: 'test' };
const at = (longitude: number, latitude: number) => ({ longitude, latitude });

/** A miniature code list with the clashes the real one has. */
function build(divisions: BuildInput['divisions'], centres: BuildInput['centres'] = new Map()) {
  const withCentres = new Map(centres);
  for (const d of divisions)
    if (d.code.endsWith('0000') && !withCentres.has(d.code)) withCentres.set(d.code, at(100, 30));
  const exonyms: BuildInput['exonyms'] = divisions.some((d) => d.code === '230100')
    ? { '230100': ['Harbin', 'haerbin'] }
    : {};
  return buildAreas({ divisions, centres: withCentres, exonyms, sources: SOURCES });
}
const pyNames = (file: ReturnType<typeof build>) => Object.fromEntries(file.areas.map((a) => [a.name, a.pyName]));

describe('buildAreas: levels and parents', () => {
  const file = build([
    { code: '110000', name: '北京市' },
    { code: '110105', name: '朝阳区' },
    { code: '420000', name: '湖北省' },
    { code: '420100', name: '武汉市' },
    { code: '420102', name: '江岸区' },
    { code: '429004', name: '仙桃市' },
  ]);
  const byCode = new Map(file.areas.map((a) => [a.code, a]));

  it('puts municipality districts under the municipality and 省直辖 units under the province', () => {
    expect(byCode.get('110000')).toMatchObject({ level: 'province', parentCode: null, municipality: true });
    expect(byCode.get('110105')).toMatchObject({ level: 'county', parentCode: '110000' });
    expect(byCode.get('420100')).toMatchObject({ level: 'city', parentCode: '420000', municipality: false });
    expect(byCode.get('420102')).toMatchObject({ level: 'county', parentCode: '420100' });
    expect(byCode.get('429004')).toMatchObject({ level: 'county', parentCode: '420000' });
  });

  it('counts by level', () => {
    expect(file.counts).toMatchObject({ provinces: 2, cities: 1, counties: 3 });
  });

  it('falls back to the nearest ancestor with a centre, and says so', () => {
    expect(byCode.get('429004')).toMatchObject({ longitude: 100, latitude: 30, centreSource: 'parent' });
    expect(byCode.get('110000')).toMatchObject({ centreSource: 'own' });
  });

  it('rejects an area without any centre up its chain', () => {
    expect(() =>
      buildAreas({
        divisions: [{ code: '110000', name: '北京市' }],
        centres: new Map(),
        exonyms: {},
        sources: SOURCES,
      }),
    ).toThrow(/no centre/);
  });

  it('rejects malformed and duplicate codes', () => {
    expect(() => build([{ code: '11000', name: '北京市' }])).toThrow(/bad area code/);
    expect(() =>
      build([
        { code: '110000', name: '北京市' },
        { code: '110000', name: '北京市' },
      ]),
    ).toThrow(/duplicate/);
  });
});

describe('buildAreas: unique pyName', () => {
  it('gives the plain pinyin to a city before a province or county with the same pinyin', () => {
    const file = build([
      { code: '220000', name: '吉林省' },
      { code: '220200', name: '吉林市' },
      { code: '460000', name: '海南省' },
      { code: '630000', name: '青海省' },
      { code: '632500', name: '海南藏族自治州' },
    ]);
    expect(pyNames(file)).toMatchObject({
      吉林市: 'jilin',
      吉林省: 'jilinsheng',
      海南藏族自治州: 'hainan',
      海南省: 'hainansheng',
    });
  });

  it('orders equal claims by code and falls back to suffix, then parent', () => {
    const file = build([
      { code: '110000', name: '北京市' },
      { code: '110105', name: '朝阳区' },
      { code: '210000', name: '辽宁省' },
      { code: '211300', name: '朝阳市' },
      { code: '211321', name: '朝阳县' },
      { code: '220000', name: '吉林省' },
      { code: '220100', name: '长春市' },
      { code: '220104', name: '朝阳区' },
      { code: '320000', name: '江苏省' },
      { code: '321200', name: '泰州市' },
      { code: '330000', name: '浙江省' },
      { code: '331000', name: '台州市' },
    ]);
    const byCode = Object.fromEntries(file.areas.map((a) => [a.code, a.pyName]));
    expect(byCode).toMatchObject({
      '211300': 'chaoyang',
      '110105': 'chaoyangqu',
      '211321': 'chaoyangxian',
      '220104': 'chaoyangquchangchun',
      '321200': 'taizhou',
      '331000': 'taizhoushi',
    });
  });

  it('uses the hand-fixed slug for 陕西 (shaanxi), leaving shanxi to 山西', () => {
    const file = build([
      { code: '140000', name: '山西省' },
      { code: '610000', name: '陕西省' },
    ]);
    expect(pyNames(file)).toEqual({ 山西省: 'shanxi', 陕西省: 'shaanxi' });
  });
});

describe('buildAreas: aliases', () => {
  it('normalises aliases to lower-case letters, Chinese ones without spaces', () => {
    expect(normaliseAlias('Hong Kong')).toBe('hongkong');
    expect(normaliseAlias("Xi'an")).toBe('xian');
    expect(normaliseAlias(' 台 北 ')).toBe('台北');
  });

  it('attaches exonyms and drops the ones equal to the pinyin', () => {
    const file = build([
      { code: '230000', name: '黑龙江省' },
      { code: '230100', name: '哈尔滨市' },
    ]);
    expect(file.areas.find((a) => a.code === '230100')?.aliases).toEqual(['harbin']);
  });

  it('rejects an exonym for a code that is not in the list', () => {
    const divisions = [{ code: '110000', name: '北京市' }];
    const centres = new Map([['110000', at(116, 40)]]);
    expect(() => buildAreas({ divisions, centres, exonyms: { '999900': ['Atlantis'] }, sources: SOURCES })).toThrow(
      /999900/,
    );
  });
});

describe('generated/areas.json', () => {
  it('is what the generator produces from the installed packages (run npm run build:areas if not)', () => {
    const generated = fileURLToPath(new URL('../generated/areas.json', import.meta.url));
    const expected = serializeAreas(buildAreas(readPackageInput())).split('\n');
    const actual = readFileSync(generated, 'utf8').split('\n');
    // Report the first differing lines (one area per line) rather than two 800 KB strings.
    const stale = expected.flatMap((line, i) => (line === actual[i] ? [] : [`now:  ${line}`, `file: ${actual[i]}`]));
    expect(stale.slice(0, 6)).toEqual([]);
    expect(actual.length).toBe(expected.length);
  });
});
