import type { DeviceRow, DictItem } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import {
  adoptFields,
  deviceFieldErrors,
  deviceFields,
  isNoiseType,
  saveBody,
  serverIssues,
  updateBody,
} from './device-form';
import { deviceSaveBody, deviceUpdateBody } from './devices.api';

const item = (value: string, extra: Record<string, string> = {}): DictItem => ({
  value,
  label: value,
  sort: 0,
  enabled: true,
  extra,
});

const FIELDS = {
  mn: 'LT2025030100000000000001',
  name: '朝阳微站 1 号',
  type: 'A01',
  siteId: '3',
  password: 'abc12345',
  installDate: '2025-03-01',
  status: 'active',
  factorCodes: ['a34004', 'a34002'],
  limits: { a34004: { upper: 75, lower: null } },
  intervalSeconds: 60,
  noiseZone: '2',
} as const;

describe('the device body', () => {
  it('builds factors with their limits and the config, and passes the contract', () => {
    const body = saveBody({ ...FIELDS, factorCodes: [...FIELDS.factorCodes] }, false);
    expect(body.factors).toEqual([
      { code: 'a34004', upper: 75, lower: null },
      { code: 'a34002', upper: null, lower: null },
    ]);
    expect(body.config).toEqual({ intervalSeconds: 60, noiseZone: null });
    expect(deviceSaveBody.safeParse(body).success).toBe(true);
  });

  it('keeps the acoustic zone for noise devices only', () => {
    expect(saveBody({ ...FIELDS, factorCodes: ['LA'] }, true).config).toEqual({ intervalSeconds: 60, noiseZone: '2' });
  });

  it('updates without the MN, and without a password unless one was typed', () => {
    const body = updateBody('9', { ...FIELDS, factorCodes: ['a34004'], password: '' }, false);
    expect(body).not.toHaveProperty('mn');
    expect(body).not.toHaveProperty('password');
    expect(body.deviceId).toBe('9');
    expect(deviceUpdateBody.safeParse(body).success).toBe(true);
    expect(updateBody('9', { ...FIELDS, factorCodes: ['a34004'] }, false).password).toBe('abc12345');
  });
});

describe('deviceFields', () => {
  it('reads a device back into the form', () => {
    const row = {
      mn: 'M1',
      name: 'n',
      type: 'N01',
      siteId: '2',
      installDate: null,
      status: 'retired',
      factors: [{ code: 'LA', upper: 70, lower: null, name: 'LA', unit: 'dB(A)' }],
      config: { intervalSeconds: null, noiseZone: '4a' },
    } as unknown as DeviceRow;
    expect(deviceFields(row)).toMatchObject({
      factorCodes: ['LA'],
      limits: { LA: { upper: 70, lower: null } },
      noiseZone: '4a',
      status: 'active',
      password: '',
    });
  });
});

describe('errors on the form’s fields', () => {
  it('puts factor and config issues on the fields the form has', () => {
    const errors = deviceFieldErrors(
      [
        { path: ['factors', 1, 'upper'], message: '应为数字' },
        { path: ['factors'], message: '至少选择一个监测因子' },
        { path: ['config', 'intervalSeconds'], message: '上报间隔至少 10 秒' },
        { path: ['config', 'noiseZone'], message: '无效' },
        { path: ['mn'], message: 'MN 应为 1–24 位字母或数字' },
        { path: [], message: '整体' },
      ],
      ['a34004', 'a34002'],
    );
    expect(errors).toEqual([
      { name: ['limits', 'a34002', 'upper'], errors: ['应为数字'] },
      { name: ['factorCodes'], errors: ['至少选择一个监测因子'] },
      { name: ['intervalSeconds'], errors: ['上报间隔至少 10 秒'] },
      { name: ['noiseZone'], errors: ['无效'] },
      { name: ['mn'], errors: ['MN 应为 1–24 位字母或数字'] },
    ]);
  });

  it('reads the server’s field issues, dotted paths and all', () => {
    const error = new ApiError('参数错误', 40001, 400, {
      issues: [
        { field: 'factors.0.upper', message: '上限应大于下限' },
        { field: 'mn', message: 'MN 已登记' },
      ],
    });
    expect(serverIssues(error)).toEqual([
      { path: ['factors', 0, 'upper'], message: '上限应大于下限' },
      { path: ['mn'], message: 'MN 已登记' },
    ]);
    expect(serverIssues(new ApiError('没有权限', 40300, 403))).toBeUndefined();
  });
});

describe('收编 and types', () => {
  it('pre-fills the MN and the known factors, and names the unknown ones', () => {
    const adopted = adoptFields(
      {
        mn: 'X1',
        firstSeen: '2025-03-01 00:00:00',
        lastSeen: '2025-03-01 01:00:00',
        packets: 12,
        lastIp: '10.0.0.2',
        lastCn: '2011',
        st: '22',
        factors: ['a34004', 'zz999'],
      },
      [item('a34004')],
    );
    expect(adopted.fields).toMatchObject({ mn: 'X1', factorCodes: ['a34004'] });
    expect(adopted.unknownFactors).toEqual(['zz999']);
  });

  it('knows noise devices by the dictionary’s platform', () => {
    const types = [item('N01', { platform: 'noise' }), item('A01', { platform: 'air' })];
    expect(isNoiseType(types, 'N01')).toBe(true);
    expect(isNoiseType(types, 'A01')).toBe(false);
    expect(isNoiseType(types, undefined)).toBe(false);
  });
});
