import type { KonvaNode } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { boundTexts, mergeValues, shownAttrs } from './bound-values';

const value: KonvaNode = {
  className: 'Text',
  attrs: {
    id: 'pm25',
    name: 'PM2.5',
    x: 0,
    y: 0,
    fill: '#00e400',
    binding: {
      deviceId: '7',
      factor: 'a34004',
      decimals: 1,
      prefix: '',
      unit: 'μg/m³',
      thresholds: [{ min: 75, color: '#ff0000' }],
    },
  },
};
const lamp: KonvaNode = {
  className: 'Circle',
  attrs: {
    id: 'lamp',
    x: 0,
    y: 0,
    fill: '#888888',
    binding: {
      deviceId: '7',
      factor: 'a34004',
      decimals: 0,
      prefix: '',
      unit: '',
      thresholds: [
        { min: 0, color: '#00e400' },
        { min: 75, color: '#ff0000' },
      ],
    },
  },
};

describe('bound values', () => {
  it('print the newest value with its unit and colour it by threshold', () => {
    let values = mergeValues(new Map(), [
      { deviceId: '7', factor: 'a34004', value: 41.25, time: '2026-11-25 11:01:00' },
    ]);
    expect(shownAttrs(value, values)).toEqual({ text: '41.3 μg/m³', fill: '#00e400' });
    expect(shownAttrs(lamp, values)).toEqual({ fill: '#00e400' });
    values = mergeValues(values, [{ deviceId: '7', factor: 'a34004', value: 88.2, time: '2026-11-25 11:02:00' }]);
    expect(shownAttrs(value, values)).toEqual({ text: '88.2 μg/m³', fill: '#ff0000' });
    expect(boundTexts([{ children: [value, lamp] }], values)).toEqual([
      { id: 'pm25', label: 'PM2.5', text: '88.2 μg/m³' },
      { id: 'lamp', label: 'a34004', text: '88' },
    ]);
  });

  it('show -- and the shape’s own colour before any value', () => {
    expect(shownAttrs(value, new Map())).toEqual({ text: '-- μg/m³', fill: '#00e400' });
    expect(shownAttrs(lamp, new Map())).toEqual({ fill: '#888888' });
  });
});
