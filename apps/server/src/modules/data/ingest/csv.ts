import { CnemcFileError } from './file-error';

/**
 * The one CSV reader of the module (the release's CSV form, china_sites files, station lists): RFC 4180
 * records, each with the line it starts on, and malformed quoting as a CnemcFileError naming the line.
 *
 * Our own parser, not csv-parse (house rule: a kept library unless a benchmark shows ours is needed).
 * This is the import path's hot loop: every row of every file passes through it, benchmarks must not
 * get slower, and imports are to reach 100k+ rows/s. csv-parse 6.2, tried here, made the parse step
 * ~2.8× slower and imports 6–25 % slower. Measured on the shared national hour written as CSV (1,495
 * rows; 48 such files, 71,760 rows, for the import), on a shared 2-core machine:
 *   parse step, rows per CPU-second, the three alternated in one process, best of 8 rounds:
 *     the hand-written parser before (2df559a) 260,000 · csv-parse 96,000 · this one 1,190,000
 *   `npm run bench -- import`, rows/s, best of 3–4 runs of each at the same time:
 *     before → this one: with city rows first 13,400 → 13,800, re-import 11,700 → 12,200;
 *     without city rows first 39,500 → 42,000, re-import 52,400 → 57,900
 *     (with csv-parse these were 6 %, 11 %, 18 % and 25 % below before)
 *   `npm run bench -- aqi`, CSV form, rows/s: read (decode + parse + fields) 104,000 before, 61,000
 *     csv-parse → 149,000; QC (parse + check) 88,000 before, 53,000 csv-parse → 109,000
 * It is faster than the parser before because it slices fields out of the text where that one added
 * them up a character at a time. Re-measure with those two benchmarks when changing it.
 */

export interface CsvRecord {
  /** Line where the record starts (the first line is 1). */
  line: number;
  fields: string[];
}

const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

const UNTERMINATED = '引号未闭合 / unterminated quoted field';
const QUOTE_IN_UNQUOTED = '未加引号的字段中有引号 / a quote inside an unquoted field';
const AFTER_CLOSING_QUOTE = '右引号后还有字符 / characters after a closing quote';

const isBlank = (c: number) => c === SPACE || c === TAB;

/**
 * Reads one record at a time. CRLF, LF and CR each end a record, and count as one line inside a quoted
 * field too. A quote is only allowed to open a field (after blanks) and, doubled, inside a quoted one:
 * anywhere else it means the file is not what it claims, so it fails naming the line.
 */
class CsvCursor {
  private at: number;
  /** The line `at` is on. */
  line = 1;

  constructor(private readonly text: string) {
    this.at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  get done(): boolean {
    return this.at > this.text.length;
  }

  /** The next record, blank ones included (a blank line reads as one empty field). */
  next(): string[] {
    const { text } = this;
    const end = text.length;
    const fields: string[] = [];
    for (;;) {
      let i = this.at;
      while (i < end && isBlank(text.charCodeAt(i))) i++;
      if (i < end && text.charCodeAt(i) === QUOTE) {
        fields.push(this.quoted(i + 1));
      } else {
        // The blanks skipped looking for a quote belong to the field.
        i = this.at;
        let c = text.charCodeAt(i);
        while (i < end && c !== COMMA && c !== LF && c !== CR) {
          if (c === QUOTE) throw new CnemcFileError(QUOTE_IN_UNQUOTED, this.line);
          c = text.charCodeAt(++i);
        }
        fields.push(text.slice(this.at, i));
        this.at = i;
      }
      // `at` is now on a comma, a line end or the end of the text.
      if (text.charCodeAt(this.at) !== COMMA) break;
      this.at++;
    }
    if (this.at < end) {
      this.at += text.charCodeAt(this.at) === CR && text.charCodeAt(this.at + 1) === LF ? 2 : 1;
      this.line++;
    } else {
      this.at = end + 1;
    }
    return fields;
  }

  /** The field whose opening quote is just before `from`; leaves `at` after the blanks that may follow it. */
  private quoted(from: number): string {
    const { text } = this;
    const opened = this.line;
    let value = '';
    let start = from;
    for (;;) {
      const close = text.indexOf('"', start);
      if (close === -1) throw new CnemcFileError(UNTERMINATED, opened);
      this.countLines(start, close);
      if (text.charCodeAt(close + 1) !== QUOTE) {
        value += text.slice(start, close);
        this.at = close + 1;
        break;
      }
      // A doubled quote is one quote in the value.
      value += text.slice(start, close + 1);
      start = close + 2;
    }
    let i = this.at;
    while (i < text.length && isBlank(text.charCodeAt(i))) i++;
    const c = text.charCodeAt(i);
    if (i < text.length && c !== COMMA && c !== LF && c !== CR)
      throw new CnemcFileError(AFTER_CLOSING_QUOTE, this.line);
    this.at = i;
    return value;
  }

  private countLines(from: number, to: number): void {
    const { text } = this;
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i);
      if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) this.line++;
    }
  }
}

const isBlankRecord = (fields: readonly string[]) => fields.length === 1 && fields[0]?.trim() === '';

/** Every record of a CSV text except blank and whitespace-only lines (they still count); a leading BOM is dropped. */
export function parseCsvRecords(input: string): CsvRecord[] {
  const cursor = new CsvCursor(input);
  const records: CsvRecord[] = [];
  while (!cursor.done) {
    const line = cursor.line;
    const fields = cursor.next();
    if (!isBlankRecord(fields)) records.push({ line, fields });
  }
  return records;
}

/** The first record that is not blank (the header), for telling the forms apart without reading the rest. */
export function parseCsvHeader(input: string): string[] {
  const cursor = new CsvCursor(input);
  while (!cursor.done) {
    const fields = cursor.next();
    if (!isBlankRecord(fields)) return fields;
  }
  return [];
}
