import { describe, expect, it } from 'vitest';
import type { CityListEntry } from '../city';
import { createCitySearch, groupCitiesByInitial, LETTERS, searchCities } from './grouping';

const entry = (areaCode: string, areaName: string, pinyin: string, initials: string): CityListEntry => ({
  areaCode,
  areaName,
  areaType: areaCode.endsWith('00') ? 3 : 2,
  pyName: pinyin,
  regionCode: `${areaCode.slice(0, 4)}00`,
  longitude: 100,
  latitude: 30,
  pinyin,
  initials,
  aliases: [],
});

const LIST = [
  entry('110000', '北京市', 'beijing', 'bj'),
  entry('130600', '保定市', 'baoding', 'bd'),
  entry('110105', '朝阳区', 'chaoyang', 'cy'),
  entry('211300', '朝阳市', 'chaoyang', 'cy'),
  entry('500000', '重庆市', 'chongqing', 'cq'),
  entry('350200', '厦门市', 'xiamen', 'xm'),
];

describe('nationwide list', () => {
  it('has the spec letter index', () => {
    expect(LETTERS.join(' ')).toBe('A B C D E F G H J K L M N P Q R S T W X Y Z');
  });

  it('groups only cities by the first letter of their pinyin, in pinyin order', () => {
    const groups = groupCitiesByInitial(LIST);
    expect(groups.map((g) => g.letter)).toEqual([...LETTERS]);
    const names = (letter: string) => groups.find((g) => g.letter === letter)?.cities.map((c) => c.areaName);
    expect(names('B')).toEqual(['保定市', '北京市']);
    expect(names('C')).toEqual(['朝阳市', '重庆市']);
    expect(names('X')).toEqual(['厦门市']);
    expect(names('A')).toEqual([]);
  });
});

describe('city search (spec §5)', () => {
  const index = createCitySearch(LIST);
  const names = (text: string) => searchCities(index, text).map((c) => c.areaName);

  it('matches a substring of the name', () => {
    expect(names('门')).toEqual(['厦门市']);
    expect(names('朝阳')).toEqual(['朝阳市', '朝阳区']);
  });

  it('matches a substring of the lowercase pinyin, whatever the case typed', () => {
    expect(names('JING')).toEqual(['北京市']);
    expect(names('xiam')).toEqual(['厦门市']);
  });

  it('matches initials', () => {
    expect(names('bj')).toEqual(['北京市']);
    expect(names('cq')).toEqual(['重庆市']);
  });

  it('finds nothing for text no area has, and for empty text', () => {
    expect(names('qqqq')).toEqual([]);
    expect(names('  ')).toEqual([]);
  });
});
