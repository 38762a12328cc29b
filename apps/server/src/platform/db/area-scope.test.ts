import { describe, expect, it } from 'vitest';
import { inScope, NATIONWIDE, scopePrefix } from './area-scope';

describe('area scope', () => {
  it('nests codes by prefix: country, province, city, county, municipality district', () => {
    expect(scopePrefix('100000')).toBe('');
    expect(scopePrefix('440000')).toBe('44');
    expect(scopePrefix('440300')).toBe('4403');
    expect(scopePrefix('440305')).toBe('440305');
    expect(inScope('440305', { areaCode: '440300' })).toBe(true);
    expect(inScope('440305', { areaCode: '440000' })).toBe(true);
    expect(inScope('441900', { areaCode: '440300' })).toBe(false);
    expect(inScope('110105', { areaCode: '110000' })).toBe(true);
    expect(inScope('120101', { areaCode: '110000' })).toBe(false);
    expect(inScope('310115', NATIONWIDE)).toBe(true);
    // A county covers itself only.
    expect(inScope('440306', { areaCode: '440305' })).toBe(false);
  });
});
