import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AreaMatch, createAreaSearch, normalizeAreaQuery, type SearchableArea } from './area-search';

/** Real entries as @lantian/areas generates them, chosen for the clashes that make ranking matter. */
const area = (areaCode: string, areaName: string, pinyin: string, initials: string, aliases: string[] = []) => ({
  areaCode,
  areaName,
  pinyin,
  initials,
  aliases,
});
const AREAS: SearchableArea[] = [
  area('110000', '北京市', 'beijing', 'bj', ['peking']),
  area('110101', '东城区', 'dongcheng', 'dc'),
  area('110105', '朝阳区', 'chaoyang', 'cy'),
  area('120000', '天津市', 'tianjin', 'tj', ['tientsin']),
  area('120105', '河北区', 'hebei', 'hb'),
  area('130000', '河北省', 'hebei', 'hb'),
  area('310000', '上海市', 'shanghai', 'sh'),
  area('500000', '重庆市', 'chongqing', 'cq', ['chungking']),
  area('500109', '北碚区', 'beibei', 'bb'),
  area('450500', '北海市', 'beihai', 'bh'),
  area('610300', '宝鸡市', 'baoji', 'bj'),
  area('520500', '毕节市', 'bijie', 'bj'),
  area('211300', '朝阳市', 'chaoyang', 'cy'),
  area('211321', '朝阳县', 'chaoyang', 'cy'),
  area('220104', '朝阳区', 'chaoyang', 'cy'),
  area('440513', '潮阳区', 'chaoyang', 'cy'),
  area('430100', '长沙市', 'changsha', 'cs'),
  area('430121', '长沙县', 'changsha', 'cs'),
  area('350200', '厦门市', 'xiamen', 'xm', ['amoy']),
  area('350203', '思明区', 'siming', 'sm'),
  area('230100', '哈尔滨市', 'haerbin', 'heb', ['harbin']),
  area('231200', '绥化市', 'suihua', 'sh'),
  area('810000', '香港特别行政区', 'xianggang', 'xg', ['hongkong', 'hk']),
  area('710000', '台湾省', 'taiwan', 'tw', ['taipei', '台北']),
  area('650100', '乌鲁木齐市', 'wulumuqi', 'wlmq', ['urumqi']),
  area('141100', '吕梁市', 'lvliang', 'll'),
  area('532531', '绿春县', 'lvchun', 'lc'),
  area('610100', '西安市', 'xian', 'xa'),
  area('220403', '西安区', 'xian', 'xa'),
  area('420000', '湖北省', 'hubei', 'hb'),
  area('460000', '海南省', 'hainan', 'hn'),
  area('632500', '海南藏族自治州', 'hainan', 'hn'),
  area('429004', '仙桃市', 'xiantao', 'xt'),
];

const index = createAreaSearch(AREAS);
const codes = (text: string, options?: Parameters<typeof index.search>[1]) =>
  index.search(text, options).map((a) => a.areaCode);
const names = (text: string) => index.search(text).map((a) => a.areaName);
const matchOf = (text: string, code: string): AreaMatch | undefined =>
  index.searchHits(text).find((h) => h.area.areaCode === code)?.match;

describe('normalizeAreaQuery', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ["Xi'an", { kind: 'latin', text: 'xian' }],
    ['Hong Kong', { kind: 'latin', text: 'hongkong' }],
    ['ＢＥＩ', { kind: 'latin', text: 'bei' }],
    ['běijīng', { kind: 'latin', text: 'beijing' }],
    ['lǚliang', { kind: 'latin', text: 'lvliang' }],
    ['lu:liang', { kind: 'latin', text: 'lvliang' }],
    [' 北 京 ', { kind: 'han', text: '北京' }],
    ['１１０１', { kind: 'code', text: '1101' }],
    ['!!!', { kind: 'empty' }],
  ] as const)('%j → %j', (input, expected) => {
    expect(normalizeAreaQuery(input)).toEqual(expected);
  });
});

describe('area search: what matches', () => {
  it('matches a Chinese substring of the name', () => {
    expect(names('门')).toEqual(['厦门市']);
    expect(names('朝阳')).toEqual(['朝阳市', '朝阳区', '朝阳县', '朝阳区']);
    expect(names('特别')).toEqual(['香港特别行政区']);
  });

  it('matches a substring of the pinyin, whatever the case and separators', () => {
    expect(names('xiam')).toEqual(['厦门市']);
    expect(names('MEN')).toEqual(['厦门市']);
    expect(names('bei jing')).toEqual(['北京市']);
    expect(codes('jing')).toEqual(['110000']);
  });

  it('matches initials from their start', () => {
    expect(names('cq')).toEqual(['重庆市']);
    expect(names('wlmq')).toEqual(['乌鲁木齐市']);
    // Initials only match as a prefix: "lm" is inside wlmq but nobody types the middle of initials.
    expect(codes('lm')).toEqual([]);
  });

  it('finds exonyms and Chinese aliases', () => {
    expect(names('harbin')).toEqual(['哈尔滨市']);
    expect(names('Urumqi')).toEqual(['乌鲁木齐市']);
    expect(names('hong kong')).toEqual(['香港特别行政区']);
    expect(names('amoy')).toEqual(['厦门市']);
    expect(names('台北')).toEqual(['台湾省']);
    expect(names('Peking')).toEqual(['北京市']);
  });

  it('lets ü be typed as v, u: or u', () => {
    expect(names('lvliang')).toEqual(['吕梁市']);
    expect(names('luliang')).toEqual(['吕梁市']);
    expect(names('lǚ')).toEqual(['吕梁市', '绿春县']);
  });

  it('matches digits against the start of the area code', () => {
    expect(codes('4290')).toEqual(['429004']);
    expect(codes('110000')).toEqual(['110000']);
    expect(codes('1101')).toEqual(['110101', '110105']);
  });

  it('returns nothing for no match or empty input', () => {
    expect(codes('zzz')).toEqual([]);
    expect(codes('纽约')).toEqual([]);
    expect(codes('')).toEqual([]);
    expect(codes('   ')).toEqual([]);
    expect(codes('?!')).toEqual([]);
    expect(codes('北jing')).toEqual([]);
  });

  it('restricts to cities by the code rule (ends in 00) when asked', () => {
    expect(codes('chaoyang', { citiesOnly: true })).toEqual(['211300']);
    expect(codes('hebei', { citiesOnly: true })).toEqual(['130000']);
    expect(codes('xian', { citiesOnly: true })).toEqual(['610100', '810000']);
  });

  it('honours the limit, keeping the best results', () => {
    expect(codes('chaoyang', { limit: 2 })).toEqual(['211300', '110105']);
    expect(codes('chaoyang', { limit: 0 })).toEqual([]);
  });
});

describe('area search: ranking', () => {
  it('puts the exact name before name prefixes and substrings', () => {
    expect(matchOf('北京市', '110000')).toBe('exact');
    expect(matchOf('北京', '110000')).toBe('namePrefix');
    expect(matchOf('京', '110000')).toBe('substring');
    // 台湾省 through its alias 台北.
    expect(names('北')).toEqual(['北京市', '北海市', '北碚区', '河北省', '湖北省', '台湾省', '河北区']);
  });

  it('puts the exact pinyin before pinyin prefixes, before substrings', () => {
    expect(names('xian')).toEqual(['西安市', '西安区', '香港特别行政区', '仙桃市']);
    expect(index.searchHits('xian').map((h) => h.match)).toEqual(['exact', 'exact', 'pinyinPrefix', 'pinyinPrefix']);
    expect(names('bei')).toEqual(['北京市', '北海市', '北碚区', '河北省', '湖北省', '河北区']);
    expect(index.searchHits('bei').map((h) => h.match)).toEqual([
      'pinyinPrefix',
      'pinyinPrefix',
      'pinyinPrefix',
      'substring',
      'substring',
      'substring',
    ]);
  });

  it('lists province-level areas, then cities, then counties within a tier', () => {
    expect(names('bj')).toEqual(['北京市', '毕节市', '宝鸡市']);
    // 上海 (pinyin prefix) and 绥化 (initials) share a tier; 长沙 only contains "sh".
    expect(names('sh')).toEqual(['上海市', '绥化市', '长沙市', '长沙县']);
    expect(names('hebei')).toEqual(['河北省', '河北区']);
    expect(names('hainan')).toEqual(['海南省', '海南藏族自治州']);
    expect(codes('chaoyang')).toEqual(['211300', '110105', '211321', '220104', '440513']);
  });

  it('ranks an alias like the pinyin', () => {
    expect(matchOf('harbin', '230100')).toBe('exact');
    expect(matchOf('harb', '230100')).toBe('pinyinPrefix');
    expect(matchOf('rumq', '650100')).toBe('substring');
  });
});

describe('area search: properties', () => {
  it('never throws and returns only indexed areas, each once', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), fc.boolean(), (text, citiesOnly) => {
        const found = index.search(text, { citiesOnly });
        expect(new Set(found).size).toBe(found.length);
        for (const a of found) expect(AREAS).toContain(a);
      }),
    );
  });

  it('finds every area by its name, any prefix of its pinyin, and its initials', () => {
    fc.assert(
      fc.property(fc.constantFrom(...AREAS), fc.nat(), (a, cut) => {
        expect(index.search(a.areaName)).toContain(a);
        expect(index.search(a.pinyin.slice(0, 1 + (cut % a.pinyin.length)))).toContain(a);
        expect(index.search(a.initials)).toContain(a);
      }),
    );
  });

  it('is unaffected by case, surrounding spaces and full-width letters', () => {
    fc.assert(
      fc.property(fc.constantFrom(...AREAS), (a) => {
        const plain = codes(a.pinyin);
        const wide = [...a.pinyin.toUpperCase()].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');
        expect(codes(`  ${a.pinyin.toUpperCase()} `)).toEqual(plain);
        expect(codes(wide)).toEqual(plain);
      }),
    );
  });

  it('indexes an empty list', () => {
    expect(createAreaSearch([]).search('bei')).toEqual([]);
  });
});
