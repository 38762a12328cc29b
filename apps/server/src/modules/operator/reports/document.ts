/**
 * A generated report laid out for export: what the Word and the PDF writers both print, in order.
 * Images are PNG bytes (charts and AQI calendars rendered at generation, uploads re-encoded).
 */

export type ReportBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; title: string; columns: string[]; rows: string[][] }
  | { kind: 'image'; title: string; png: Buffer; width: number; height: number };

export interface ReportDocument {
  title: string;
  /** Area and period, under the title. */
  subtitle: string;
  /** The report's base attributes (dictionary report_base_attribute) and when it was made. */
  attributes: Array<[string, string]>;
  blocks: ReportBlock[];
  /** The operator's own summary (综述), printed last when there is one. */
  substance: string;
}

/** File names people see: the title, without characters file systems refuse. */
export function fileNameOf(title: string, extension: 'docx' | 'pdf'): string {
  const safe = title.replace(/[\\/:*?"<>|\r\n\t]/g, '_').slice(0, 80) || 'report';
  return `${safe}.${extension}`;
}
