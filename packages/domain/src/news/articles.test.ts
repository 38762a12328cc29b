import { describe, expect, it } from 'vitest';
import { chinaMonthOf, excerptOf, isArticleVisible, statusAfter, textOfHtml } from './articles';

const NOW = 1_780_000_000;

describe('isArticleVisible', () => {
  it('shows published articles and scheduled ones once their time has come, never drafts', () => {
    expect(isArticleVisible({ status: 'published', publishAt: NOW - 1 }, NOW)).toBe(true);
    expect(isArticleVisible({ status: 'scheduled', publishAt: NOW + 60 }, NOW)).toBe(false);
    expect(isArticleVisible({ status: 'scheduled', publishAt: NOW }, NOW)).toBe(true);
    expect(isArticleVisible({ status: 'draft', publishAt: NOW - 100 }, NOW)).toBe(false);
    expect(isArticleVisible({ status: 'published', publishAt: null }, NOW)).toBe(false);
  });
});

describe('statusAfter', () => {
  it('publishes now without a time, schedules a future time, keeps the time when unpublished', () => {
    expect(statusAfter('publish', null, NOW)).toEqual({ status: 'published', publishAt: NOW });
    expect(statusAfter('publish', NOW + 3600, NOW)).toEqual({ status: 'scheduled', publishAt: NOW + 3600 });
    expect(statusAfter('publish', NOW - 3600, NOW)).toEqual({ status: 'published', publishAt: NOW - 3600 });
    expect(statusAfter('unpublish', NOW - 5, NOW)).toEqual({ status: 'draft', publishAt: NOW - 5 });
  });
});

describe('excerpts', () => {
  it('reads the text of the HTML, decoding entities and folding space', () => {
    expect(textOfHtml('<h2>标题</h2><p>PM<sub>2.5</sub> &lt; 35&nbsp;μg/m³</p><p>下一段</p>')).toBe(
      '标题 PM2.5 < 35 μg/m³ 下一段',
    );
  });
  it('cuts long text to the limit with an ellipsis, never splitting a character', () => {
    const text = `<p>${'😀'.repeat(10)}</p>`;
    expect(excerptOf(text, 5)).toBe('😀😀😀😀…');
    expect(excerptOf('<p>短</p>', 5)).toBe('短');
  });
});

describe('chinaMonthOf', () => {
  it('buckets by China time: 2026-01-31 20:00 UTC is already February in Beijing', () => {
    expect(chinaMonthOf(Date.UTC(2026, 0, 31, 20) / 1000)).toBe('2026-02');
    expect(chinaMonthOf(Date.UTC(2026, 0, 31, 15) / 1000)).toBe('2026-01');
  });
});
