import { describe, expect, it } from 'vitest';
import { fillPlaceholders, placeholdersIn, unknownPlaceholders } from './placeholders';

describe('placeholders', () => {
  const text = '{{area}}{{period}}优良天数 {{ goodDays }} 天，优良率 {{goodRate}}，{{area}}。';

  it('lists the names once each, spaces inside the braces allowed', () => {
    expect(placeholdersIn(text)).toEqual(['area', 'period', 'goodDays', 'goodRate']);
    expect(unknownPlaceholders('{{aqiMean}} {{aqiMaen}}', new Set(['aqiMean']))).toEqual(['aqiMaen']);
  });

  it('fills them, a missing value reading —', () => {
    expect(fillPlaceholders(text, { area: '北京市', period: '2024年5月', goodDays: '25', goodRate: null })).toBe(
      '北京市2024年5月优良天数 25 天，优良率 —，北京市。',
    );
  });

  it('leaves text that only looks like a placeholder alone', () => {
    expect(fillPlaceholders('{{1x}} { {a}} {{}}', { a: 'A' })).toBe('{{1x}} { {a}} {{}}');
  });
});
