import { existsSync } from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { CJK_FONT_FAMILY, cjkFontFiles, registerCanvasCjkFont } from './cjk-fonts';

describe('the packaged Chinese font', () => {
  it('is found in node_modules and registered with the canvas once', () => {
    const files = cjkFontFiles();
    expect(files).not.toBeNull();
    expect(existsSync(files?.regular ?? '')).toBe(true);
    expect(registerCanvasCjkFont()).toBe(true);
    expect(registerCanvasCjkFont()).toBe(true);
    expect(GlobalFonts.has(CJK_FONT_FAMILY)).toBe(true);
  });

  it('draws Chinese with real glyphs: two different characters differ (missing glyphs are the same box)', () => {
    registerCanvasCjkFont();
    const draw = (text: string) => {
      const canvas = createCanvas(40, 40);
      const ctx = canvas.getContext('2d');
      ctx.font = `32px '${CJK_FONT_FAMILY}'`;
      ctx.fillText(text, 2, 32);
      return Buffer.from(ctx.getImageData(0, 0, 40, 40).data);
    };
    expect(draw('蓝').equals(draw('天'))).toBe(false);
  });
});
