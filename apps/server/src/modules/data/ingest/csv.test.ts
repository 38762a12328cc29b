import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileError } from '../../../testing/fixtures/release-files';
import { parseCsvHeader, parseCsvRecords } from './csv';

const lines = (input: string) => parseCsvRecords(input).map((r) => [r.line, r.fields]);

describe('CSV reader', () => {
  it('keeps several primary pollutants in one quoted field, and empty fields', () => {
    expect(lines('aqi,primarypollutant,pm10,o3\n120,"颗粒物(PM10),臭氧1小时",,-;\n')).toEqual([
      [1, ['aqi', 'primarypollutant', 'pm10', 'o3']],
      [2, ['120', '颗粒物(PM10),臭氧1小时', '', '-;']],
    ]);
  });

  it('drops a BOM, so the first column keeps its name', () => {
    expect(parseCsvRecords('\uFEFFtimepoint,aqi\n2018-02-20 07:00:00,54')[0]?.fields).toEqual(['timepoint', 'aqi']);
  });

  it('ends records at CRLF, LF and CR, mixed in one file, leaving no \\r in a field', () => {
    expect(lines('a,b\nc,d\r\ne,f\rg,h\r\n')).toEqual([
      [1, ['a', 'b']],
      [2, ['c', 'd']],
      [3, ['e', 'f']],
      [4, ['g', 'h']],
    ]);
  });

  it('skips blank and whitespace-only lines but counts them', () => {
    expect(lines('a,b\r\n\r\n  \r\nc,d\r\n\r\n')).toEqual([
      [1, ['a', 'b']],
      [4, ['c', 'd']],
    ]);
  });

  it('gives the line a record starts on after line breaks inside quoted fields, CRLF counted once', () => {
    expect(lines('a,b\r\n"x\r\ny\r\nz",1\r\nc,"p\nq"\r\nlast,2\r\n')).toEqual([
      [1, ['a', 'b']],
      [2, ['x\r\ny\r\nz', '1']],
      [5, ['c', 'p\nq']],
      [7, ['last', '2']],
    ]);
  });

  it('allows spaces around a quoted field and keeps those inside it', () => {
    expect(lines('a, "b,c" ," d "')).toEqual([[1, ['a', 'b,c', ' d ']]]);
  });

  it('keeps a short or long line for the form reader to reject', () => {
    expect(lines('a,b,c\n1,2\n1,2,3,4')).toEqual([
      [1, ['a', 'b', 'c']],
      [2, ['1', '2']],
      [3, ['1', '2', '3', '4']],
    ]);
  });

  it('reports an unterminated quote on the line where it opened, not at the end of the file', () => {
    const err = fileError(() => parseCsvRecords('a,b\r\n"x\r\ny",1\r\nc,d\r\ne,"never closed\r\nf,g\r\nh,i\r\n'));
    expect(err.line).toBe(5);
    expect(err.message).toMatch(/^第 5 行 \/ line 5: .*unterminated quoted field/);
    // Its record starts a line earlier; the quote that never closes is on line 3.
    expect(fileError(() => parseCsvRecords('a,b\n"x\ny","never closed\nc,d\n')).line).toBe(3);
  });

  it.each([
    ['a,b\n1,2\n3,x"y\n', 3, 'a quote inside an unquoted field'],
    ['a,b\n1,"2"x\n', 2, 'characters after a closing quote'],
    ['"a\nb",c\nd,e"\n', 3, 'a quote inside an unquoted field'],
    // The line of the stray character, not the line its record starts on.
    ['a,b\n"x\r\ny"z,1\n', 3, 'characters after a closing quote'],
    ['a,b\n"x\ny",1 "2"\n', 3, 'a quote inside an unquoted field'],
  ])('refuses malformed quoting in %j, naming line %i', (input, line, problem) => {
    const err = fileError(() => parseCsvRecords(input));
    expect(err.line).toBe(line);
    expect(err.message).toContain(problem);
  });

  it('reads back any records written as CSV, with the lines they start on, whatever the line ends', () => {
    // Fields of the characters that matter to CSV; written quoted when they must be, or when asked.
    const field = fc.stringMatching(/^[a-z ,"\r\n中]{0,6}$/);
    const record = fc.array(field, { minLength: 2, maxLength: 4 });
    const written = fc.record({
      records: fc.array(fc.record({ fields: record, quoteAll: fc.boolean() }), { minLength: 1, maxLength: 6 }),
      ends: fc.array(fc.constantFrom('\n', '\r\n', '\r'), { minLength: 6, maxLength: 6 }),
      bom: fc.boolean(),
    });
    fc.assert(
      fc.property(written, ({ records, ends, bom }) => {
        let text = bom ? '\uFEFF' : '';
        let line = 1;
        const expected: [number, string[]][] = [];
        records.forEach(({ fields, quoteAll }, i) => {
          const quote = (f: string) => (quoteAll || /[",\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f);
          text += fields.map(quote).join(',') + (ends[i] ?? '\n');
          expected.push([line, fields]);
          line += 1 + (fields.join(',').match(/\r\n|\r|\n/g)?.length ?? 0);
        });
        expect(lines(text)).toEqual(expected);
      }),
    );
  });

  it('reads only the first record for the header, whatever follows', () => {
    expect(parseCsvHeader('\uFEFF"监测点编码","监测点名称",城市\r\n1001A,"broken')).toEqual([
      '监测点编码',
      '监测点名称',
      '城市',
    ]);
    expect(parseCsvHeader('')).toEqual([]);
    expect(fileError(() => parseCsvHeader('date,ho"ur,type\n')).line).toBe(1);
  });
});
