import { describe, expect, it } from 'vitest';
import { menuGroups, sectionAt } from './section-menu';

const GROUPS = [
  { key: 'a', label: '甲' },
  { key: 'b', label: '乙' },
  { key: 'c', label: '丙' },
];
const SECTIONS = [
  { key: 'x', path: 'x', group: 'c' },
  { key: 'y', path: 'y', group: 'a' },
  { key: 'z', path: 'z-z', group: 'c' },
];

describe('menuGroups', () => {
  it('follows the group order, keeps the list order inside a group, and drops empty groups', () => {
    expect(menuGroups(GROUPS, SECTIONS).map((g) => [g.group.key, g.sections.map((s) => s.key)])).toEqual([
      ['a', ['y']],
      ['c', ['x', 'z']],
    ]);
  });
});

describe('sectionAt', () => {
  it('finds the section by the first segment of the address', () => {
    expect(sectionAt(SECTIONS, '/z-z')?.key).toBe('z');
    expect(sectionAt(SECTIONS, '/x/detail/1')?.key).toBe('x');
  });

  it('finds none at the console’s root or at an unknown address', () => {
    expect(sectionAt(SECTIONS, '/')).toBeUndefined();
    expect(sectionAt(SECTIONS, '/xx')).toBeUndefined();
  });
});
