import { describe, expect, it } from 'vitest';
import { fitArea } from './fit-area';

describe('fitArea', () => {
  it('narrows to the shared city or province, within the operator’s area', () => {
    expect(fitArea(['110105', '110108'], '100000')).toBe('110000');
    expect(fitArea(['130102', '130104'], '100000')).toBe('130100');
    expect(fitArea(['110105', '120101'], '100000')).toBe('100000');
    expect(fitArea(['130102', '130203'], '100000')).toBe('130000');
    expect(fitArea(['110105'], '110105')).toBe('110105');
    expect(fitArea([], '110000')).toBe('110000');
  });
});
