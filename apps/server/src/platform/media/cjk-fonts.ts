import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

/**
 * The Chinese font every image the server draws uses: Noto Sans SC (Source Han Sans, OFL) from the npm
 * package @embedpdf/fonts-sc, so that a fresh `npm install` draws Chinese text without any system font
 * (without one, canvas text comes out as empty boxes). Reports embed the same files in their PDFs.
 */

export const CJK_FONT_FAMILY = 'Noto Sans Hans';

export interface CjkFontFiles {
  regular: string;
  bold: string;
}

let found: CjkFontFiles | null | undefined;

/** The font files, or null when the package is missing (a broken install). */
export function cjkFontFiles(): CjkFontFiles | null {
  if (found !== undefined) return found;
  try {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');
    const files = {
      regular: path.join(dir, 'NotoSansHans-Regular.otf'),
      bold: path.join(dir, 'NotoSansHans-Bold.otf'),
    };
    found = existsSync(files.regular) && existsSync(files.bold) ? files : null;
  } catch {
    found = null;
  }
  return found;
}

let registered = false;

/**
 * Registers the font with @napi-rs/canvas (once per process) under CJK_FONT_FAMILY; answers whether it
 * is there. Callers put the family first in their CSS font lists and keep system fonts after it.
 */
export function registerCanvasCjkFont(): boolean {
  if (registered) return true;
  const files = cjkFontFiles();
  if (files === null) return false;
  GlobalFonts.registerFromPath(files.regular, CJK_FONT_FAMILY);
  GlobalFonts.registerFromPath(files.bold, CJK_FONT_FAMILY);
  registered = true;
  return true;
}
