import { existsSync } from 'node:fs';
import path from 'node:path';
import { MENU } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { SECTION_PARTS, SECTIONS } from './sections';

/** The rules a new line in the section list must keep; a mistake there would break the menu or a route. */
describe('the section list', () => {
  it('has one line per MENU entry, in menu order, and no other', () => {
    expect(Object.keys(SECTION_PARTS).sort()).toEqual(MENU.map((m) => m.key).sort());
    expect(SECTIONS.map((s) => s.key)).toEqual(MENU.map((m) => m.key));
  });

  it('has unique keys, paths and labels, and one-segment paths', () => {
    for (const field of ['key', 'path', 'label'] as const) {
      const values = SECTIONS.map((s) => s[field]);
      expect(new Set(values).size, field).toBe(values.length);
    }
    for (const s of SECTIONS) expect(s.path, s.key).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('loads a built section from its own folder, named by its key', () => {
    const built = SECTIONS.filter((s) => s.load !== undefined);
    expect(built.length).toBeGreaterThan(0);
    for (const s of built) {
      expect(existsSync(path.join(import.meta.dirname, '../sections', s.key, 'index.tsx')), s.key).toBe(true);
      expect(s.load?.toString(), s.key).toContain(`sections/${s.key}`);
    }
  });
});
