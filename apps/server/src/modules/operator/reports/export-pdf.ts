import type { ReportDocument } from './document';
import { fontBytes, reportFonts } from './fonts';

/**
 * A report as a PDF (pdfkit), with the report font embedded (subset to the characters used), so the
 * file reads the same on any machine, and its text can be selected and searched.
 */

const MARGIN = 56;

export async function reportPdf(doc: ReportDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const fonts = reportFonts();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: doc.title, Creator: '蓝天', Producer: '蓝天' },
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', () => resolve());
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', fontBytes(fonts.regular));
  pdf.registerFont('bold', fontBytes(fonts.bold));
  const width = pdf.page.width - MARGIN * 2;

  pdf.font('bold').fontSize(22).text(doc.title, { align: 'center' });
  pdf.moveDown(0.5);
  pdf.font('regular').fontSize(13).text(doc.subtitle, { align: 'center' });
  pdf.moveDown(0.5);
  pdf.fontSize(10).fillColor('#595959');
  for (const [label, value] of doc.attributes) pdf.text(`${label}：${value}`, { align: 'center' });
  pdf.fillColor('#1f2329').moveDown(1);

  const heading = (text: string, size: number) => {
    ensureSpace(size * 3);
    pdf.font('bold').fontSize(size).text(text, MARGIN, pdf.y, { width });
    pdf.moveDown(0.3);
  };
  const ensureSpace = (height: number) => {
    if (pdf.y + height > pdf.page.height - MARGIN) pdf.addPage();
  };

  for (const block of doc.blocks) {
    switch (block.kind) {
      case 'heading':
        heading(block.text, 15);
        break;
      case 'paragraph':
        pdf.font('regular').fontSize(11);
        for (const line of block.text.split(/\r?\n/)) {
          pdf.text(line, MARGIN, pdf.y, { width, indent: 22, lineGap: 4 });
        }
        pdf.moveDown(0.5);
        break;
      case 'table': {
        if (block.title !== '') heading(block.title, 12);
        drawTable(block.columns, block.rows);
        pdf.moveDown(0.8);
        break;
      }
      case 'image': {
        const scale = Math.min(1, width / block.width);
        const w = block.width * scale;
        const h = block.height * scale;
        // The heading goes with its picture: both on the next page when they do not fit together.
        ensureSpace(h + 8 + (block.title === '' ? 0 : 36));
        if (block.title !== '') heading(block.title, 12);
        pdf.image(block.png, MARGIN + (width - w) / 2, pdf.y, { width: w, height: h });
        pdf.y += h + 8;
        pdf.x = MARGIN;
        break;
      }
    }
  }
  if (doc.substance.trim() !== '') {
    heading('综述', 15);
    pdf.font('regular').fontSize(11);
    for (const line of doc.substance.split(/\r?\n/)) pdf.text(line, MARGIN, pdf.y, { width, indent: 22, lineGap: 4 });
  }

  const pages = pdf.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    pdf.switchToPage(pages.start + i);
    // The footer lies in the bottom margin: without this pdfkit would start a new page for it.
    pdf.page.margins.bottom = 0;
    pdf
      .font('regular')
      .fontSize(9)
      .fillColor('#8c8c8c')
      .text(`第 ${i + 1} 页 / 共 ${pages.count} 页`, MARGIN, pdf.page.height - MARGIN + 16, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  pdf.end();
  await done;
  return Buffer.concat(chunks);

  function drawTable(columns: string[], rows: string[][]) {
    const colWidth = width / Math.max(1, columns.length);
    const padding = 4;
    const rowHeight = (cells: string[], font: string) => {
      pdf.font(font).fontSize(10);
      return Math.max(...cells.map((c) => pdf.heightOfString(c, { width: colWidth - padding * 2 }))) + padding * 2;
    };
    const drawRow = (cells: string[], header: boolean) => {
      const font = header ? 'bold' : 'regular';
      const h = rowHeight(cells, font);
      if (pdf.y + h > pdf.page.height - MARGIN) pdf.addPage();
      const y = pdf.y;
      if (header) pdf.rect(MARGIN, y, width, h).fill('#e8eef7');
      pdf.fillColor('#1f2329').font(font).fontSize(10);
      cells.forEach((c, i) => {
        pdf.text(c, MARGIN + i * colWidth + padding, y + padding, { width: colWidth - padding * 2 });
      });
      pdf.strokeColor('#999999').lineWidth(0.5);
      for (let i = 0; i <= cells.length; i++) {
        pdf
          .moveTo(MARGIN + i * colWidth, y)
          .lineTo(MARGIN + i * colWidth, y + h)
          .stroke();
      }
      pdf
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + width, y)
        .stroke();
      pdf
        .moveTo(MARGIN, y + h)
        .lineTo(MARGIN + width, y + h)
        .stroke();
      pdf.y = y + h;
      pdf.x = MARGIN;
    };
    drawRow(columns, true);
    for (const row of rows) drawRow(row, false);
  }
}
