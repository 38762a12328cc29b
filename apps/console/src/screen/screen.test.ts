import { describe, expect, it } from 'vitest';
import { fitScale, screenTokenOf } from './screen.api';

describe('the screen address', () => {
  it('reads the token of /platform/screen/<token> only', () => {
    const token = 'a'.repeat(43);
    expect(screenTokenOf(`/platform/screen/${token}`)).toBe(token);
    expect(screenTokenOf(`/platform/screen/${token}/`)).toBe(token);
    expect(screenTokenOf('/platform/screen/short')).toBeUndefined();
    expect(screenTokenOf(`/platform/dashboards/${token}`)).toBeUndefined();
  });

  it('fits the drawing into the window', () => {
    expect(fitScale({ width: 1920, height: 1080 }, { width: 960, height: 1080 })).toBe(0.5);
    expect(fitScale({ width: 1920, height: 1080 }, { width: 3840, height: 2160 })).toBe(2);
  });
});
