import { dataOf202011 } from 'administrative-division-cn';
import { describe, expect, it } from 'vitest';
import { PINYIN_OVERRIDES } from './pinyin-overrides';
import { overridesUsedIn, placeInitials, placePinyin, placePinyinSyllables } from './place-pinyin';
import { shortName } from './short-name';

describe('placePinyin: the readings pinyin-pro gets wrong or nearly wrong', () => {
  it.each([
    ['重庆', 'chongqing'],
    ['长沙', 'changsha'],
    ['厦门', 'xiamen'],
    ['蚌埠', 'bengbu'],
    ['六安', 'luan'],
    ['铅山', 'yanshan'],
    ['番禺', 'panyu'],
    ['黄陂', 'huangpi'],
    ['都江堰', 'dujiangyan'],
    ['成都', 'chengdu'],
    ['长子', 'zhangzi'],
    ['长治', 'changzhi'],
    ['长春', 'changchun'],
    ['乐清', 'yueqing'],
    ['乐亭', 'laoting'],
    ['乐山', 'leshan'],
    ['民乐', 'minle'],
    ['涡阳', 'guoyang'],
    ['蔚县', 'yuxian'],
    ['单县', 'shanxian'],
    ['莘县', 'shenxian'],
    ['洪洞', 'hongtong'],
    ['筠连', 'junlian'],
    ['歙县', 'shexian'],
    ['泌阳', 'biyang'],
    ['闵行', 'minhang'],
    ['行唐', 'xingtang'],
    ['喀什', 'kashi'],
    ['什邡', 'shifang'],
    ['尉犁', 'yuli'],
    ['尉氏', 'weishi'],
    ['珲春', 'hunchun'],
    ['大埔', 'dabu'],
    ['黄埔', 'huangpu'],
    ['六合', 'luhe'],
    ['六盘水', 'liupanshui'],
    ['吐鲁番', 'tulufan'],
    ['丽江', 'lijiang'],
    ['台州', 'taizhou'],
    ['朝阳', 'chaoyang'],
    ['吕梁', 'lvliang'],
    ['万柏林', 'wanbailin'],
    ['会昌', 'huichang'],
    ['会稽', 'kuaiji'],
  ])('%s → %s', (text, expected) => {
    expect(placePinyin(text)).toBe(expected);
  });

  it('reads 都 as dū in any place name, including words that are not areas', () => {
    expect(placePinyin('首都')).toBe('shoudu');
    expect(placePinyin('京都')).toBe('jingdu');
    expect(placePinyin('都兰')).toBe('dulan');
    expect(placePinyin('丰都')).toBe('fengdu');
    expect(placePinyin('曾都')).toBe('zengdu');
  });

  it('gives one syllable per character and initials from them', () => {
    expect(placePinyinSyllables('巴音郭楞')).toEqual(['ba', 'yin', 'guo', 'leng']);
    expect(placeInitials('重庆')).toBe('cq');
    expect(placeInitials('乌鲁木齐')).toBe('wlmq');
  });

  it('refuses text that is not Chinese', () => {
    expect(() => placePinyin('Beijing')).toThrow(/Chinese characters only/);
    expect(() => placePinyin('')).toThrow(/Chinese characters only/);
  });
});

describe('the override table', () => {
  const shortNames = dataOf202011.map((d) => shortName(d.name));
  const notAreas = new Set(['会稽']);

  it('has no entry that no area uses (a stale entry hides a renamed or mistyped place)', () => {
    const unused = Object.keys(PINYIN_OVERRIDES).filter(
      (word) => !notAreas.has(word) && !shortNames.some((s) => overridesUsedIn(s).includes(word)),
    );
    expect(unused).toEqual([]);
  });
});
