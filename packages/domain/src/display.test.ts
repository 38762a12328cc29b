import { describe, expect, it } from 'vitest';
import {
  formatAqi,
  formatCo,
  formatCoordinates,
  formatFollowTime,
  formatIndexValue,
  MISSING_TEXT,
  truncateFollowName,
} from './display';
import { chinaTime } from './time';

describe('display rules', () => {
  it('shows the AQI rounded', () => {
    expect(formatAqi(54)).toBe('54');
    expect(formatAqi(54.5)).toBe('55');
    expect(formatAqi(54.49)).toBe('54');
    expect(formatAqi(null)).toBe(MISSING_TEXT);
    expect(formatAqi(Number.NaN)).toBe(MISSING_TEXT);
  });

  it('shows CO with two decimals', () => {
    expect(formatCo(0.7)).toBe('0.70');
    expect(formatCo(2)).toBe('2.00');
    expect(formatCo(1.005)).toBe('1.01');
    expect(formatCo(undefined)).toBe(MISSING_TEXT);
    expect(formatIndexValue('co', 1.2)).toBe('1.20');
    expect(formatIndexValue('pm2_5', 37.6)).toBe('38');
  });

  it('cuts follow-card names longer than 8 characters to 7 + "..." + the last', () => {
    expect(truncateFollowName('北京市')).toBe('北京市');
    expect(truncateFollowName('阿坝藏族羌族自治州')).toBe('阿坝藏族羌族自...州');
    expect(truncateFollowName('克孜勒苏柯尔克孜')).toBe('克孜勒苏柯尔克孜');
    expect(truncateFollowName('克孜勒苏柯尔克孜自治州')).toBe('克孜勒苏柯尔克...州');
    expect(truncateFollowName('𠀀𠀁𠀂𠀃𠀄𠀅𠀆𠀇𠀈')).toBe('𠀀𠀁𠀂𠀃𠀄𠀅𠀆...𠀈');
  });

  it("formats follow-card times as 'MM-DD HH:00' in China time, whatever the machine's zone", () => {
    expect(formatFollowTime(chinaTime(2018, 2, 20, 7))).toBe('02-20 07:00');
    expect(formatFollowTime(chinaTime(2018, 2, 20, 7, 59, 59))).toBe('02-20 07:00');
    expect(formatFollowTime(Date.UTC(2018, 11, 31, 16) / 1000)).toBe('01-01 00:00');
    expect(formatFollowTime(null)).toBe(MISSING_TEXT);
  });

  it("formats search-result positions as '经度: x, 纬度: y' with two decimals", () => {
    expect(formatCoordinates(116.366, 39.8673)).toBe('经度: 116.37, 纬度: 39.87');
    expect(formatCoordinates(116, 40)).toBe('经度: 116.00, 纬度: 40.00');
    expect(formatCoordinates(87.6175, 43.825)).toBe('经度: 87.62, 纬度: 43.83');
  });
});
