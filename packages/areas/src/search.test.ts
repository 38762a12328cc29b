/**
 * The domain search run on the real list, as the web app will run it on the API's city list: the unit tests in
 * packages/domain use a small fixture, these check that the generated keys and the ranking work together.
 */
import { createAreaSearch } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import { allAreas, toCityListEntry } from './index';

const entries = allAreas().map(toCityListEntry);
const index = createAreaSearch(entries);
const first = (text: string, citiesOnly = false) => index.search(text, { citiesOnly })[0]?.areaName;

describe('search over all areas', () => {
  it('indexes every area', () => {
    expect(index.size).toBe(3210);
  });

  it.each([
    ['北京', '北京市'],
    ['beijing', '北京市'],
    ['bj', '北京市'],
    ['cq', '重庆市'],
    ['chongqing', '重庆市'],
    ['xiam', '厦门市'],
    ['厦门', '厦门市'],
    ['changsha', '长沙市'],
    ['luan', '六安市'],
    ['bengbu', '蚌埠市'],
    ['huangpi', '黄陂区'],
    ['harbin', '哈尔滨市'],
    ['Urumqi', '乌鲁木齐市'],
    ['lhasa', '拉萨市'],
    ['Hong Kong', '香港特别行政区'],
    ['macau', '澳门特别行政区'],
    ['taipei', '台湾省'],
    ['shaanxi', '陕西省'],
    ['dujiangyan', '都江堰市'],
  ])('%s → %s first', (text, name) => {
    expect(first(text)).toBe(name);
  });

  it('ranks the city before same-named counties and can leave counties out', () => {
    expect(index.search('朝阳').map((a) => a.areaName)).toEqual(['朝阳市', '朝阳区', '朝阳县', '朝阳区']);
    expect(index.search('chaoyang', { citiesOnly: true }).map((a) => a.areaName)).toEqual(['朝阳市']);
  });

  it('finds every area by its full name and by its pinyin', () => {
    const missed = entries.filter((e) => !index.search(e.areaName).includes(e) || !index.search(e.pinyin).includes(e));
    expect(missed.map((e) => e.areaName)).toEqual([]);
  });

  it('returns nothing for a place that is not in China', () => {
    expect(index.search('纽约')).toEqual([]);
    expect(index.search('newyork')).toEqual([]);
  });
});
