import { describe, expect, it } from 'vitest';
import { deviceSaveBody } from './devices';

const body = (factors: unknown[]) => ({
  mn: 'LT110105A0001',
  name: '朝阳微站 1 号',
  type: 'A01',
  siteId: '1',
  password: '123456',
  factors,
});

describe('deviceSaveBody', () => {
  it('takes factors with no limit, one limit, or an upper limit above the lower one', () => {
    const parsed = deviceSaveBody.parse(
      body([{ code: 'a34004' }, { code: 'a34002', upper: 150 }, { code: 'a01001', lower: -40, upper: 60 }]),
    );
    expect(parsed.factors).toEqual([
      { code: 'a34004', upper: null, lower: null },
      { code: 'a34002', upper: 150, lower: null },
      { code: 'a01001', upper: 60, lower: -40 },
    ]);
  });

  it('refuses an upper limit not above the lower one, naming the factor’s upper field', () => {
    const result = deviceSaveBody.safeParse(body([{ code: 'a34004' }, { code: 'a34002', lower: 100, upper: 100 }]));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['factors', 1, 'upper'], message: '上限须大于下限' }),
    ]);
  });

  it('refuses the same factor twice', () => {
    const result = deviceSaveBody.safeParse(body([{ code: 'a34004' }, { code: 'a34004' }]));
    expect(result.error?.issues[0]?.message).toBe('监测因子不能重复');
  });
});
