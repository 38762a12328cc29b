import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../testing/documents';
import { reportPdf } from './export-pdf';

describe('the PDF of a report', () => {
  it('numbers its pages in the footer without adding pages', async () => {
    const pdf = await reportPdf({
      title: '测试报告',
      subtitle: '北京市 · 2024年4月',
      attributes: [['编制单位', '生态环境局']],
      blocks: Array.from({ length: 40 }, (_, i) => ({
        kind: 'paragraph' as const,
        text: `第 ${i + 1} 段：空气质量总体良好。`,
      })),
      substance: '',
    });
    const text = await pdfText(pdf);
    const pages = text.split('\n');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain(`第 ${pages.length} 页 / 共 ${pages.length} 页`);
    expect(text).toContain('第 40 段');
  }, 30_000);
});
