import { describe, expect, it } from 'vitest';
import { changedCount, diffRows, sameJson } from './audit-diff';

describe('diffRows', () => {
  it('marks the fields an update changed, and leaves the others as they were', () => {
    const rows = diffRows(
      { name: '张三', roleIds: ['r1'], phone: null },
      { name: '张三丰', roleIds: ['r1'], phone: '13800000000' },
    );
    expect(rows).toEqual([
      { path: 'name', status: 'changed', before: '"张三"', after: '"张三丰"' },
      { path: 'roleIds', status: 'same', before: '[\n  "r1"\n]', after: '[\n  "r1"\n]' },
      { path: 'phone', status: 'changed', before: 'null', after: '"13800000000"' },
    ]);
    expect(changedCount(rows)).toBe(2);
  });

  it('opens nested objects so that only the inner field that moved is marked', () => {
    const rows = diffRows(
      { label: '一级', extra: { color: '#00e400', note: 'x' } },
      { label: '一级', extra: { color: '#ffff00', note: 'x' } },
    );
    expect(rows.map((r) => [r.path, r.status])).toEqual([
      ['label', 'same'],
      ['extra.color', 'changed'],
      ['extra.note', 'same'],
    ]);
  });

  it('lists every field as added for a creation and as removed for a deletion', () => {
    expect(diffRows(null, { code: 'x', extra: { unit: 'ppm' } })).toEqual([
      { path: 'code', status: 'added', after: '"x"' },
      { path: 'extra.unit', status: 'added', after: '"ppm"' },
    ]);
    expect(diffRows({ status: 'active' }, null)).toEqual([{ path: 'status', status: 'removed', before: '"active"' }]);
  });

  it('shows keys that appear or disappear between two objects', () => {
    expect(diffRows({ a: 1 }, { b: 2 })).toEqual([
      { path: 'a', status: 'removed', before: '1' },
      { path: 'b', status: 'added', after: '2' },
    ]);
  });

  it('keeps a field whole when it turns from an object into something else', () => {
    expect(diffRows({ extra: { unit: 'ppm' } }, { extra: 'none' })).toEqual([
      { path: 'extra', status: 'changed', before: '{\n  "unit": "ppm"\n}', after: '"none"' },
    ]);
  });

  it('treats values that are not objects as one row, and an entry without data as none', () => {
    expect(diffRows('a', 'b')).toEqual([{ path: '', status: 'changed', before: '"a"', after: '"b"' }]);
    expect(diffRows(null, null)).toEqual([]);
    expect(diffRows(undefined, null)).toEqual([]);
  });
});

describe('sameJson', () => {
  it('ignores key order but not list order', () => {
    expect(sameJson({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
