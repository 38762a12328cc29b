import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api';
import { getGridCounts, importErrorsOf } from './grids.api';

const answer = (status: number, body: unknown) =>
  vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

afterEach(() => vi.unstubAllGlobals());

describe('the grid calls', () => {
  it('reads the per-feature problems of a refused import', () => {
    const refused = new ApiError('导入失败', 40000, 400, {
      errors: [{ index: 1, name: null, message: '缺少名称' }, { index: 'x' }],
    });
    expect(importErrorsOf(refused)).toEqual([{ index: 1, name: null, message: '缺少名称' }]);
    expect(importErrorsOf(new ApiError('x', 1, 400))).toEqual([]);
    expect(importErrorsOf(new Error('x'))).toEqual([]);
  });

  it('colours plainly (null) when the server has no event counts, and asks by county or by grid', async () => {
    const missing = answer(404, { code: 404, msg: '未找到', data: null });
    vi.stubGlobal('fetch', missing);
    await expect(getGridCounts('110105')).resolves.toBeNull();
    expect(String(missing.mock.calls[0]?.[0])).toContain('areaCode=110105');

    const counts = answer(200, { code: 0, msg: 'ok', data: [{ gridCode: '110105001001', gridName: 'a', count: 2 }] });
    vi.stubGlobal('fetch', counts);
    await expect(getGridCounts('110105001')).resolves.toEqual([{ gridCode: '110105001001', gridName: 'a', count: 2 }]);
    expect(String(counts.mock.calls[0]?.[0])).toContain('parentCode=110105001');

    vi.stubGlobal('fetch', answer(500, { code: 500, msg: '服务器错误', data: null }));
    await expect(getGridCounts('110105')).rejects.toThrow('服务器错误');
  });
});
