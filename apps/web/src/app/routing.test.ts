import { describe, expect, it } from 'vitest';
import { activePage, cityAnalysisPath, citySegment, isPagePath, pagePath, sectionOf } from './routing';

describe('routing rules (spec §2)', () => {
  it('takes the active page from the first segment only when the path has more than two segments', () => {
    expect(activePage('/site/beijing')).toBe('site');
    expect(activePage('/weather/')).toBe('weather');
    expect(activePage('/site')).toBe('city');
    expect(activePage('/')).toBe('city');
    expect(activePage('/other/beijing')).toBe('city');
  });

  it('reads the city parameter as the last segment, decoded', () => {
    expect(citySegment('/city/beijing')).toBe('beijing');
    expect(citySegment('/site/1001A')).toBe('1001A');
    expect(citySegment('/city/')).toBeUndefined();
    expect(citySegment('/city/%E5%8C%97%E4%BA%AC')).toBe('北京');
  });

  it('knows the three page prefixes', () => {
    expect(isPagePath('/city/x')).toBe(true);
    expect(isPagePath('/weather')).toBe(true);
    expect(isPagePath('/cityy/x')).toBe(false);
    expect(isPagePath('/')).toBe(false);
  });

  it('builds /{page}/{segment} with the query string kept', () => {
    expect(pagePath('weather', 'shanghai', '?a=1')).toBe('/weather/shanghai?a=1');
    expect(pagePath('site', 'D110000-01')).toBe('/site/D110000-01');
  });

  it('tells the sections beside the pages by their prefix, whole segments only', () => {
    expect(sectionOf('/analysis/city/beijing')?.key).toBe('cityAnalysis');
    expect(sectionOf('/analysis/rank')?.key).toBe('rankAnalysis');
    expect(sectionOf('/news/article/12')?.key).toBe('news');
    expect(sectionOf('/newsroom')).toBeUndefined();
    expect(sectionOf('/city/beijing')).toBeUndefined();
    expect(cityAnalysisPath('shanghai', '?year=2024')).toBe('/analysis/city/shanghai?year=2024');
  });
});
