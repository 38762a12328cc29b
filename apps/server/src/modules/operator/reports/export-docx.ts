import type { ReportDocument } from './document';

/**
 * A report as a Word file (docx, the `docx` library). East Asian text is set in 微软雅黑 with 宋体
 * as Word's own fallback: Word renders with the reader's installed fonts, which every Chinese
 * Windows and WPS has; the PDF is the export that carries its font inside.
 */

const EAST_ASIA = '微软雅黑';
const LATIN = 'Arial';
/** Usable width of an A4 page with 2.5 cm margins, in pixels at 96 dpi (what ImageRun measures in). */
const PAGE_WIDTH_PX = 604;

export async function reportDocx(doc: ReportDocument): Promise<Buffer> {
  const {
    AlignmentType,
    BorderStyle,
    Document,
    HeadingLevel,
    ImageRun,
    Packer,
    Paragraph,
    Table,
    TableCell,
    TableRow,
    TextRun,
    WidthType,
  } = await import('docx');
  const font = { ascii: LATIN, hAnsi: LATIN, eastAsia: EAST_ASIA };
  const text = (value: string, bold = false, size?: number) =>
    new TextRun({ text: value, bold, font, ...(size === undefined ? {} : { size }) });
  const border = { style: BorderStyle.SINGLE, size: 4, color: '999999' };
  const borders = { top: border, bottom: border, left: border, right: border };
  const cell = (value: string, header: boolean) =>
    new TableCell({
      borders,
      shading: header ? { fill: 'E8EEF7' } : undefined,
      children: [new Paragraph({ children: [text(value, header, 20)] })],
    });

  const children: Array<InstanceType<typeof Paragraph> | InstanceType<typeof Table>> = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      children: [text(doc.title, true, 36)],
    }),
    new Paragraph({ alignment: AlignmentType.CENTER, children: [text(doc.subtitle, false, 24)] }),
    ...doc.attributes.map(
      ([label, value]) =>
        new Paragraph({ alignment: AlignmentType.CENTER, children: [text(`${label}：${value}`, false, 20)] }),
    ),
  ];
  for (const block of doc.blocks) {
    switch (block.kind) {
      case 'heading':
        children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [text(block.text, true, 28)] }));
        break;
      case 'paragraph':
        for (const line of block.text.split(/\r?\n/)) {
          children.push(
            new Paragraph({ spacing: { after: 120 }, indent: { firstLine: 480 }, children: [text(line, false, 24)] }),
          );
        }
        break;
      case 'table':
        if (block.title !== '')
          children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [text(block.title, true, 24)] }));
        children.push(
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [
              new TableRow({ tableHeader: true, children: block.columns.map((c) => cell(c, true)) }),
              ...block.rows.map((row) => new TableRow({ children: row.map((c) => cell(c, false)) })),
            ],
          }),
        );
        break;
      case 'image': {
        if (block.title !== '')
          children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [text(block.title, true, 24)] }));
        const scale = Math.min(1, PAGE_WIDTH_PX / block.width);
        children.push(
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: [
              new ImageRun({
                type: 'png',
                data: block.png,
                transformation: { width: Math.round(block.width * scale), height: Math.round(block.height * scale) },
              }),
            ],
          }),
        );
        break;
      }
    }
  }
  if (doc.substance.trim() !== '') {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [text('综述', true, 28)] }));
    for (const line of doc.substance.split(/\r?\n/)) {
      children.push(new Paragraph({ indent: { firstLine: 480 }, children: [text(line, false, 24)] }));
    }
  }
  const document = new Document({
    title: doc.title,
    creator: '蓝天',
    styles: { default: { document: { run: { font } } } },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}
