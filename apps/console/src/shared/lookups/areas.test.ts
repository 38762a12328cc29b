import type { GridTreeNode } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { areaOptions, areaPath, chosenArea, matchesArea } from './areas';

const node = (code: string, name: string, children: GridTreeNode[] = []): GridTreeNode => ({
  code,
  name,
  level: 'county',
  kind: 'area',
  children,
});
const BEIJING = node('110000', '北京市', [node('110105', '朝阳区'), node('110108', '海淀区')]);

describe('area options', () => {
  it('offers the operator’s own area as the first level', () => {
    const options = areaOptions([BEIJING]);
    expect(options).toEqual([
      {
        value: '110000',
        label: '北京市',
        children: [
          { value: '110105', label: '朝阳区' },
          { value: '110108', label: '海淀区' },
        ],
      },
    ]);
  });

  it('starts from the provinces for a nationwide operator, and leaves grids out', () => {
    const grid: GridTreeNode = { code: 'G1', name: '网格', level: 'grid', kind: 'grid', children: [] };
    const options = areaOptions([node('100000', '全国', [BEIJING, grid])]);
    expect(options.map((o) => o.value)).toEqual(['110000']);
  });

  it('finds the path of an area, and reads the chosen one back', () => {
    const options = areaOptions([BEIJING]);
    expect(areaPath(options, '110108')).toEqual(['110000', '110108']);
    expect(areaPath(options, '310000')).toBeUndefined();
    expect(chosenArea(['110000', '110108'])).toBe('110108');
    expect(chosenArea([])).toBeUndefined();
  });

  it('searches by name at any level or by code', () => {
    const path = [
      { value: '110000', label: '北京市' },
      { value: '110105', label: '朝阳区' },
    ];
    expect(matchesArea('朝阳', path)).toBe(true);
    expect(matchesArea('1101', path)).toBe(true);
    expect(matchesArea('3101', path)).toBe(false);
  });
});
