import { readFileSync } from 'node:fs';
import { ErrorCode } from '@lantian/contracts';
import { AppError } from '../../../platform/errors';
import { cjkFontFiles } from '../../../platform/media/cjk-fonts';

/**
 * The Chinese font reports are drawn and exported with: Noto Sans SC (Source Han Sans, OFL) from the
 * npm package @embedpdf/fonts-sc, so that a fresh `npm install` renders charts and embeds the font in
 * PDFs without any system font. Missing files (a broken install) answer 503 with a message saying
 * what to do, rather than a PDF of empty boxes.
 */

export const REPORT_FONT_FAMILY = 'Noto Sans Hans';

export interface ReportFonts {
  regular: string;
  bold: string;
}

let found: ReportFonts | undefined;
const cache = new Map<string, Buffer>();

export function reportFonts(): ReportFonts {
  if (found !== undefined) return found;
  const fonts = cjkFontFiles();
  if (fonts === null) throw missing(undefined);
  found = fonts;
  return fonts;
}

/** A font file's bytes, read once per process. */
export function fontBytes(file: string): Buffer {
  let bytes = cache.get(file);
  if (bytes === undefined) {
    bytes = readFileSync(file);
    cache.set(file, bytes);
  }
  return bytes;
}

function missing(cause: unknown): AppError {
  return new AppError(
    ErrorCode.UNAVAILABLE,
    '报告字体缺失：请在服务器上重新执行 npm install（需要 @embedpdf/fonts-sc 中的中文字体）',
    {
      cause,
    },
  );
}
