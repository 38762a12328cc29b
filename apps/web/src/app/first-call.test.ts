import { describe, expect, it } from 'vitest';
import { firstScreenCity, pageSignalsFirstScreen } from './first-call';

describe('the first screen of an address', () => {
  it('names the city of /city/{city} and of /weather/{city}, as the pages read it', () => {
    expect(firstScreenCity('/city/beijing')).toBe('beijing');
    expect(firstScreenCity('/city/110000/')).toBe('110000');
    expect(firstScreenCity('/weather/%E5%8C%97%E4%BA%AC', 'weather')).toBe('北京');
    expect(firstScreenCity('/weather/beijing')).toBeUndefined();
    expect(firstScreenCity('/city/')).toBeUndefined();
    expect(firstScreenCity('/city/%E0%A4%A')).toBeUndefined();
  });

  it('lets the site page of a city say when its first screen is shown', () => {
    expect(pageSignalsFirstScreen('/site/beijing')).toBe(true);
    expect(pageSignalsFirstScreen('/site/')).toBe(false);
    expect(pageSignalsFirstScreen('/weather/beijing')).toBe(false);
  });
});
