import { describe, expect, it } from 'vitest';
import { shortName } from './short-name';

describe('shortName', () => {
  it.each([
    ['北京市', '北京'],
    ['河北省', '河北'],
    ['内蒙古自治区', '内蒙古'],
    ['广西壮族自治区', '广西'],
    ['新疆维吾尔自治区', '新疆'],
    ['香港特别行政区', '香港'],
    ['延边朝鲜族自治州', '延边'],
    ['巴音郭楞蒙古自治州', '巴音郭楞'],
    ['克孜勒苏柯尔克孜自治州', '克孜勒苏'],
    ['大兴安岭地区', '大兴安岭'],
    ['锡林郭勒盟', '锡林郭勒'],
    ['积石山保安族东乡族撒拉族自治县', '积石山'],
    ['龙胜各族自治县', '龙胜'],
    ['三都水族自治县', '三都'],
    ['鄂温克族自治旗', '鄂温克'],
    ['鄂伦春自治旗', '鄂伦春'],
    ['管城回族区', '管城'],
    ['梅里斯达斡尔族区', '梅里斯'],
    ['浦东新区', '浦东'],
    ['神农架林区', '神农架'],
    ['六枝特区', '六枝'],
    ['都江堰市', '都江堰'],
  ])('%s → %s', (name, expected) => {
    expect(shortName(name)).toBe(expected);
  });

  it.each([
    ['赵县', 'one character is not a name'],
    ['城区', 'one character is not a name'],
    ['井陉矿区', '矿区 belongs to the name'],
    ['镶黄旗', 'a banner keeps 旗'],
    ['科尔沁左翼中旗', 'a banner keeps 旗'],
  ])('keeps %s whole (%s)', (name) => {
    expect(shortName(name)).toBe(name);
  });

  it('falls back to a shorter suffix instead of leaving one character', () => {
    expect(shortName('清新区')).toBe('清新');
    expect(shortName('万柏林区')).toBe('万柏林');
    expect(shortName('金林区')).toBe('金林');
  });
});
