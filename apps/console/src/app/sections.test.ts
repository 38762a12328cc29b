import { describe, expect, it } from 'vitest';
import { SECTION_GROUPS, SECTIONS } from './sections';

/** The rules a new line in the section list must keep; a mistake there would break the menu or a route. */
describe('the section list', () => {
  it('has unique keys, paths and labels', () => {
    for (const field of ['key', 'path', 'label'] as const) {
      const values = SECTIONS.map((s) => s[field]);
      expect(new Set(values).size, field).toBe(values.length);
    }
  });

  it('gives every section a one-segment path, a known group, a permission and either a loader or planned', () => {
    const groups = new Set<string>(SECTION_GROUPS.map((g) => g.key));
    for (const s of SECTIONS) {
      expect(s.path, s.key).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(groups.has(s.group), s.key).toBe(true);
      expect(s.permission, s.key).toMatch(/^[a-z][a-z-]*:[a-z]+$/);
      expect(typeof s.load === 'function' || s.planned === true, s.key).toBe(true);
    }
  });
});
