/**
 * A minimal writer of NetCDF classic (CDF-1) files, for the demo's forecast: the demo grid is
 * written as a real file and read back through the same importer as a downloaded one, so the
 * importer is exercised on every demo cycle. Fixed dimensions only (no record dimension), big-endian
 * as the format requires (Unidata "NetCDF Classic Format Specification").
 */

export type NcValue =
  | { type: 'char'; value: string }
  | { type: 'double'; value: number[] }
  | { type: 'float'; value: number[] };

export interface NcVariable {
  name: string;
  /** Indices into the dimension list. */
  dimensions: number[];
  attributes: Record<string, NcValue>;
  type: 'float' | 'double';
  data: ArrayLike<number>;
}

export interface NcFile {
  dimensions: { name: string; size: number }[];
  attributes: Record<string, NcValue>;
  variables: NcVariable[];
}

const NC_DIMENSION = 0x0a;
const NC_VARIABLE = 0x0b;
const NC_ATTRIBUTE = 0x0c;
const TYPE_CODE = { char: 2, float: 5, double: 6 } as const;
const TYPE_SIZE = { char: 1, float: 4, double: 8 } as const;

const pad4 = (n: number) => (4 - (n % 4)) % 4;

class Out {
  private readonly chunks: Buffer[] = [];
  length = 0;
  private push(b: Buffer) {
    this.chunks.push(b);
    this.length += b.length;
  }
  int(n: number) {
    const b = Buffer.alloc(4);
    b.writeInt32BE(n);
    this.push(b);
  }
  bytes(b: Buffer) {
    this.push(b);
    if (pad4(b.length) > 0) this.push(Buffer.alloc(pad4(b.length)));
  }
  name(s: string) {
    const b = Buffer.from(s, 'utf8');
    this.int(b.length);
    this.bytes(b);
  }
  values(type: 'float' | 'double', values: ArrayLike<number>) {
    const size = TYPE_SIZE[type];
    const b = Buffer.alloc(values.length * size);
    for (let i = 0; i < values.length; i++) {
      if (type === 'float') b.writeFloatBE(values[i] as number, i * 4);
      else b.writeDoubleBE(values[i] as number, i * 8);
    }
    this.bytes(b);
  }
  attributes(attrs: Record<string, NcValue>) {
    const entries = Object.entries(attrs);
    if (entries.length === 0) {
      this.int(0);
      this.int(0);
      return;
    }
    this.int(NC_ATTRIBUTE);
    this.int(entries.length);
    for (const [name, v] of entries) {
      this.name(name);
      this.int(TYPE_CODE[v.type]);
      if (v.type === 'char') {
        const b = Buffer.from(v.value, 'utf8');
        this.int(b.length);
        this.bytes(b);
      } else {
        this.int(v.value.length);
        this.values(v.type, v.value);
      }
    }
  }
  concat() {
    return Buffer.concat(this.chunks);
  }
}

export function writeNetcdf(file: NcFile): Buffer {
  const vsize = (v: NcVariable) => {
    const n = v.dimensions.reduce((p, d) => p * (file.dimensions[d]?.size ?? 0), 1) * TYPE_SIZE[v.type];
    return n + pad4(n);
  };
  const header = (begins: number[]) => {
    const out = new Out();
    out.bytes(Buffer.from([0x43, 0x44, 0x46, 0x01]));
    out.int(0);
    out.int(NC_DIMENSION);
    out.int(file.dimensions.length);
    for (const d of file.dimensions) {
      out.name(d.name);
      out.int(d.size);
    }
    out.attributes(file.attributes);
    out.int(NC_VARIABLE);
    out.int(file.variables.length);
    file.variables.forEach((v, i) => {
      out.name(v.name);
      out.int(v.dimensions.length);
      for (const d of v.dimensions) out.int(d);
      out.attributes(v.attributes);
      out.int(TYPE_CODE[v.type]);
      out.int(vsize(v));
      out.int(begins[i] ?? 0);
    });
    return out;
  };
  // The header's length does not depend on the offsets' values: measure it once, then write it.
  const headerLength = header(file.variables.map(() => 0)).length;
  const begins: number[] = [];
  let offset = headerLength;
  for (const v of file.variables) {
    begins.push(offset);
    offset += vsize(v);
  }
  const out = header(begins);
  for (const v of file.variables) out.values(v.type, v.data);
  return out.concat();
}
