import type { DictItemRow, DictTypeRow } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { extraOf, extraRows, filterItems, filterTypes, nextSort, selectedTypeCode, starterRows } from './dictionary';

const type = (code: string, name: string, description = ''): DictTypeRow => ({
  code,
  name,
  description,
  builtin: false,
  itemCount: 0,
});
const item = (value: string, label: string, extra: Record<string, string> = {}, enabled = true, sort = 10) =>
  ({ value, label, sort, enabled, extra, builtin: false }) satisfies DictItemRow;

const TYPES = [
  type('deviceType', '设备类型', '监测设备的种类'),
  type('factor', '监测因子'),
  type('alarmLevel', '告警等级'),
];

describe('selectedTypeCode', () => {
  it('keeps the type named in the address when it exists', () => {
    expect(selectedTypeCode(TYPES, 'factor')).toBe('factor');
  });

  it('falls back to the first type for a missing or unknown one, and to none for an empty list', () => {
    expect(selectedTypeCode(TYPES, null)).toBe('deviceType');
    expect(selectedTypeCode(TYPES, 'gone')).toBe('deviceType');
    expect(selectedTypeCode([], 'factor')).toBeUndefined();
  });
});

describe('filterTypes', () => {
  it('finds types by code in any case, by name and by description', () => {
    expect(filterTypes(TYPES, 'DEVICE').map((t) => t.code)).toEqual(['deviceType']);
    expect(filterTypes(TYPES, '因子').map((t) => t.code)).toEqual(['factor']);
    expect(filterTypes(TYPES, '种类').map((t) => t.code)).toEqual(['deviceType']);
    expect(filterTypes(TYPES, '  ')).toHaveLength(3);
  });
});

describe('filterItems', () => {
  const items = [item('pm25', 'PM2.5', { unit: 'μg/m³' }), item('co', '一氧化碳', { unit: 'mg/m³' }, false)];

  it('searches codes, labels and extra values', () => {
    expect(filterItems(items, 'mg/m', 'all').map((i) => i.value)).toEqual(['co']);
    expect(filterItems(items, 'pm2', 'all').map((i) => i.value)).toEqual(['pm25']);
  });

  it('keeps only the chosen state', () => {
    expect(filterItems(items, '', 'enabled').map((i) => i.value)).toEqual(['pm25']);
    expect(filterItems(items, '', 'disabled').map((i) => i.value)).toEqual(['co']);
  });
});

describe('extra attributes', () => {
  it('turns rows into the object and back', () => {
    const extra = { unit: 'μg/m³', color: '#00e400' };
    const rows = extraRows(extra);
    expect(rows).toEqual([
      { key: 'unit', value: 'μg/m³' },
      { key: 'color', value: '#00e400' },
    ]);
    expect(extraOf(rows)).toEqual({ ok: true, extra });
  });

  it('drops blank rows and trims names', () => {
    expect(extraOf([{ key: ' unit ', value: 'ppm' }, { key: '', value: ' ' }, undefined, {}])).toEqual({
      ok: true,
      extra: { unit: 'ppm' },
    });
  });

  it('refuses a value without a name and a name given twice', () => {
    expect(extraOf([{ key: '', value: 'ppm' }])).toEqual({ ok: false, message: '附加属性名不能为空' });
    expect(
      extraOf([
        { key: 'unit', value: 'a' },
        { key: 'unit', value: 'b' },
      ]),
    ).toEqual({
      ok: false,
      message: '附加属性名 unit 重复',
    });
  });

  it('starts items of types with a required attribute with its row', () => {
    expect(starterRows('alarmLevel')).toEqual([{ key: 'color', value: '' }]);
    expect(starterRows('goverSite')).toEqual([{ key: 'url', value: '' }]);
    expect(starterRows('factor')).toEqual([]);
  });
});

describe('nextSort', () => {
  it('goes after the last item on the next multiple of 10, within 9999', () => {
    expect(nextSort([])).toBe(10);
    expect(nextSort([item('a', 'A', {}, true, 10), item('b', 'B', {}, true, 30)])).toBe(40);
    expect(nextSort([item('a', 'A', {}, true, 35)])).toBe(40);
    expect(nextSort([item('a', 'A', {}, true, 9995)])).toBe(9999);
  });
});
