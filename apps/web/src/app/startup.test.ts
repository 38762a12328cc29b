import { describe, expect, it } from 'vitest';
import { isBlockedKey } from './anti-debug';
import { deviceClass } from './startup';

describe('device class (spec §2)', () => {
  it('classes phones and tablets as phone, desktops as pc', () => {
    expect(deviceClass('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('phone');
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36')).toBe('phone');
    expect(deviceClass('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36')).toBe('pc');
    expect(deviceClass('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15')).toBe('pc');
  });
});

describe('anti-debugging keys (spec §4)', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) =>
    isBlockedKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });

  it('blocks F12, Ctrl+S, Ctrl+U and Ctrl+Shift+I only', () => {
    expect(key('F12')).toBe(true);
    expect(key('s', { ctrlKey: true })).toBe(true);
    expect(key('U', { ctrlKey: true })).toBe(true);
    expect(key('I', { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(key('i', { ctrlKey: true })).toBe(false);
    expect(key('s')).toBe(false);
    expect(key('c', { ctrlKey: true })).toBe(false);
  });
});
