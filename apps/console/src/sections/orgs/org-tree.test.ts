import type { GridTreeNode, OrgNode } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { areaOptions, areaPath, deleteBlocker, filterOrgs, matchesArea, orgRows, parentKeys, totals } from './org-tree';

const org = (id: string, name: string, areaCode: string, areaName: string, children: OrgNode[] = [], count = 0) =>
  ({ id, parentId: null, name, areaCode, areaName, operatorCount: count, children }) satisfies OrgNode;

/** 蓝天生态环境局 (全国) → 北京市局 → 朝阳区分局; → 上海市局. */
const forest: OrgNode[] = [
  org(
    'root0001',
    '蓝天生态环境局',
    '100000',
    '全国',
    [
      { ...org('bj000001', '北京市局', '110000', '北京市', [], 2), parentId: 'root0001' },
      { ...org('sh000001', '上海市局', '310000', '上海市'), parentId: 'root0001' },
    ],
    1,
  ),
];
forest[0]?.children[0]?.children.push({
  ...org('cy000001', '朝阳区分局', '110105', '朝阳区', [], 3),
  parentId: 'bj000001',
});

const area = (
  code: string,
  name: string,
  level: GridTreeNode['level'],
  children: GridTreeNode[] = [],
): GridTreeNode => ({
  code,
  name,
  level,
  kind: 'area',
  children,
});

const country = area('100000', '全国', 'country', [
  area('110000', '北京市', 'province', [area('110101', '东城区', 'county'), area('110105', '朝阳区', 'county')]),
  area('220000', '吉林省', 'province', [
    area('220100', '长春市', 'city', [
      area('220104', '朝阳区', 'county', [{ code: 'g1', name: '网格一', level: 'grid', kind: 'grid', children: [] }]),
    ]),
  ]),
]);

describe('orgRows', () => {
  const rows = orgRows(forest);

  it('gives each row its parent and leaves leaves without children', () => {
    expect(rows[0]?.parent).toBeNull();
    const beijing = rows[0]?.children?.[0];
    expect(beijing?.parent).toEqual({ id: 'root0001', name: '蓝天生态环境局', areaCode: '100000', areaName: '全国' });
    expect(beijing?.children?.[0]?.name).toBe('朝阳区分局');
    expect(rows[0]?.children?.[1]?.children).toBeUndefined();
    expect(rows[0]?.childCount).toBe(2);
  });

  it('counts organisations and operators, and lists the keys to expand', () => {
    expect(totals(rows)).toEqual({ orgs: 4, operators: 6 });
    expect(parentKeys(rows)).toEqual(['root0001', 'bj000001']);
  });
});

describe('filterOrgs', () => {
  const rows = orgRows(forest);

  it('keeps a match with the organisations above it', () => {
    const found = filterOrgs(rows, '朝阳');
    expect(found.map((r) => r.name)).toEqual(['蓝天生态环境局']);
    expect(found[0]?.children?.map((r) => r.name)).toEqual(['北京市局']);
    expect(found[0]?.children?.[0]?.children?.map((r) => r.name)).toEqual(['朝阳区分局']);
  });

  it('finds by area code prefix and area name; nothing for no match; everything for no keyword', () => {
    expect(filterOrgs(rows, '3100')[0]?.children?.map((r) => r.name)).toEqual(['上海市局']);
    expect(filterOrgs(rows, '上海市')[0]?.children?.map((r) => r.name)).toEqual(['上海市局']);
    expect(filterOrgs(rows, '广州')).toEqual([]);
    expect(filterOrgs(rows, '  ')).toEqual(rows);
  });
});

/** A row the fixture is known to have (no cast: a missing one fails the test). */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the fixture lacks this row');
  return value;
}

describe('deleteBlocker', () => {
  const rows = orgRows(forest);
  it('says why the server would refuse: root, sub-organisations, operators', () => {
    expect(deleteBlocker(must(rows[0]))).toBe('根组织不能删除');
    expect(deleteBlocker(must(rows[0]?.children?.[0]))).toBe('请先删除下级组织');
    expect(deleteBlocker(must(rows[0]?.children?.[0]?.children?.[0]))).toBe(
      '该组织还有 3 位运营人员，请先调整他们的组织',
    );
    expect(deleteBlocker(must(rows[0]?.children?.[1]))).toBeUndefined();
  });
});

describe('areaOptions', () => {
  it('under a nationwide parent: the provinces down to counties, without grid cells', () => {
    const options = areaOptions([country], '100000');
    expect(options.map((o) => o.label)).toEqual(['北京市', '吉林省']);
    expect(options[0]?.children?.map((o) => `${o.value} ${o.label}`)).toEqual(['110101 东城区', '110105 朝阳区']);
    expect(options[1]?.children?.[0]?.children?.[0]).toEqual({ value: '220104', label: '朝阳区' });
  });

  it('under a provincial parent: that province itself, then what lies in it', () => {
    const options = areaOptions([country], '110000');
    expect(options.map((o) => o.value)).toEqual(['110000']);
    expect(options[0]?.children).toHaveLength(2);
  });

  it('an unknown parent area offers nothing; no parent offers the reader’s whole tree', () => {
    expect(areaOptions([country], '990000')).toEqual([]);
    expect(areaOptions([country], undefined).map((o) => o.value)).toEqual(['110000', '220000']);
  });
});

describe('areaPath', () => {
  const options = areaOptions([country], '100000');
  it('is the cascader value of a code', () => {
    expect(areaPath(options, '110105')).toEqual(['110000', '110105']);
    expect(areaPath(options, '220104')).toEqual(['220000', '220100', '220104']);
    expect(areaPath(options, '220000')).toEqual(['220000']);
    expect(areaPath(options, '440000')).toBeUndefined();
  });
});

describe('matchesArea', () => {
  const path = [
    { value: '110000', label: '北京市' },
    { value: '110105', label: '朝阳区' },
  ];
  it('matches a name at any level or the code of the chosen area', () => {
    expect(matchesArea('朝阳', path)).toBe(true);
    expect(matchesArea('北京', path)).toBe(true);
    expect(matchesArea('110105', path)).toBe(true);
    expect(matchesArea('1101', path)).toBe(true);
    expect(matchesArea('2201', path)).toBe(false);
    expect(matchesArea('上海', path)).toBe(false);
  });
});
