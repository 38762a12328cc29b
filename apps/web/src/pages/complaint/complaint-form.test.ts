import { COMPLAINT_NO } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ComplaintValues,
  checkComplaint,
  checkProgressQuery,
  complaintTitle,
  districtOptions,
  normalizeNo,
  positionOf,
  submitParams,
  TRACKING_NO,
} from './complaint-form';

const good: ComplaintValues = {
  type: 'dust',
  content: '工地夜间施工，扬尘很大',
  address: '北辰东路 8 号',
  contactName: '',
  phone: '',
  code: 'a1B2',
  areaCode: '110105',
  position: null,
};

describe('checkComplaint', () => {
  it('passes a complete form', () => {
    expect(checkComplaint(good)).toEqual({});
    expect(checkComplaint({ ...good, address: '', position: { longitude: 116.4, latitude: 39.9 } })).toEqual({});
  });

  it('says what is missing or wrong', () => {
    expect(
      checkComplaint({ ...good, type: '', content: ' ', address: '', code: '12', phone: '123', areaCode: '' }),
    ).toEqual({
      type: '请选择投诉类型',
      content: '请填写投诉内容',
      areaCode: '请选择所在区县',
      address: '请填写地址，或使用当前位置',
      phone: '请输入正确的手机号',
      code: '请输入 4 位图形验证码',
    });
    expect(checkComplaint({ ...good, content: '太吵' }).content).toContain('至少 5 个字');
    expect(checkComplaint({ ...good, contactName: '张'.repeat(33) }).contactName).toBeDefined();
  });
});

describe('submitParams', () => {
  it('makes the title from the type and the content, and sends the position only when given', () => {
    expect(submitParams({ ...good, phone: ' 13800138000 ' }, 'u-1')).toEqual({
      type: 'dust',
      title: '扬尘：工地夜间施工，扬尘很大',
      content: '工地夜间施工，扬尘很大',
      address: '北辰东路 8 号',
      areaCode: '110105',
      contactName: '',
      phone: '13800138000',
      longitude: '',
      latitude: '',
      uuid: 'u-1',
      code: 'a1B2',
    });
    const withPosition = submitParams({ ...good, position: { longitude: 116.4, latitude: 39.9 } }, 'u');
    expect([withPosition.longitude, withPosition.latitude]).toEqual(['116.4', '39.9']);
  });

  it('keeps titles short', () => {
    const title = complaintTitle('noise', `${'很吵'.repeat(40)}\n第二行`);
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title.startsWith('噪声扰民：')).toBe(true);
    expect(title.endsWith('…')).toBe(true);
    expect(complaintTitle('unknown', '')).toBe('投诉投诉');
  });
});

describe('positionOf', () => {
  it('rounds and refuses fixes outside China', () => {
    expect(positionOf({ longitude: 116.123_456, latitude: 39.987_654 })).toEqual({
      longitude: 116.123_46,
      latitude: 39.987_65,
    });
    expect(positionOf({ longitude: 2.35, latitude: 48.85 })).toBeUndefined();
  });
});

describe('checkProgressQuery', () => {
  it('reads tracking numbers as the contract writes them', () => {
    expect(TRACKING_NO.source).toBe(COMPLAINT_NO.source);
  });

  it('takes a tracking number as people type it', () => {
    expect(normalizeNo(' ts 20250501 00012 ')).toBe('TS2025050100012');
    expect(checkProgressQuery('ts2025050100012', '1234')).toEqual({});
    expect(checkProgressQuery('TS2025050100012', '')).toEqual({});
    expect(checkProgressQuery('12345', '12a4')).toEqual({
      no: '请输入正确的投诉编号（TS 开头）',
      phoneTail: '请输入手机号后 4 位',
    });
  });
});

describe('districtOptions', () => {
  const entries = [
    { areaCode: '110100', areaName: '北京', areaType: 3, regionCode: '110000' },
    { areaCode: '110105', areaName: '朝阳区', areaType: 2, regionCode: '110100' },
    { areaCode: '130100', areaName: '石家庄', areaType: 3, regionCode: '130000' },
    { areaCode: '130102', areaName: '长安区', areaType: 2, regionCode: '130100' },
    { areaCode: '441900', areaName: '东莞', areaType: 3, regionCode: '440000' },
  ];

  it('offers districts and cities without districts, the current city first', () => {
    expect(districtOptions(entries, '130100')).toEqual([
      { value: '130102', label: '长安区（石家庄）' },
      { value: '110105', label: '朝阳区（北京）' },
      { value: '441900', label: '东莞' },
    ]);
    expect(districtOptions(entries, '110105')[0]?.value).toBe('110105');
    expect(districtOptions(entries, undefined).map((o) => o.value)).toEqual(['110105', '130102', '441900']);
  });
});
