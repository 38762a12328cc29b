import { describe, expect, it } from 'vitest';
import { analysableCities, coversCity, percent } from './scope';

describe('coversCity', () => {
  it('lets the country, a province and the city itself analyse a city, not a district', () => {
    expect(coversCity('100000', '110000')).toBe(true);
    expect(coversCity('440000', '440300')).toBe(true);
    expect(coversCity('440300', '440300')).toBe(true);
    expect(coversCity('110000', '110000')).toBe(true);
    expect(coversCity('110105', '110000')).toBe(false);
    expect(coversCity('440000', '450100')).toBe(false);
  });

  it('lists only the analysable cities of the station tree', () => {
    const tree = [
      { cityCode: '110000', cityName: '北京市', stations: [] },
      { cityCode: '120000', cityName: '天津市', stations: [] },
    ];
    expect(analysableCities('110000', tree)).toEqual([{ value: '110000', label: '北京市' }]);
    expect(analysableCities('110105', tree)).toEqual([]);
  });
});

describe('percent', () => {
  it('shows a share with one decimal and a dash for none', () => {
    expect(percent(0.8123)).toBe('81.2%');
    expect(percent(null)).toBe('—');
  });
});
