/**
 * The CP body of data commands: `DataTime=20160801085857;a34004-Rtd=35.2,a34004-Flag=N;…` —
 * groups separated by `;`, items inside a group by `,`, every item `key=value`, and per-factor keys
 * written `<factor>-<field>` (`a34004-Rtd`, `w01018-Avg`, `a34004-ZsRtd`, …).
 */

import { isPrintableAscii } from './ascii';
import { formatDataTime, parseDataTime } from './datetime';

/**
 * Data flags (数据标记) of HJ 212-2017. Only `N` marks a value fit for averaging; see
 * {@link isValidFlag}.
 */
export const DATA_FLAGS = {
  N: '正常',
  F: '停运',
  M: '维护',
  S: '手工输入的设定值',
  D: '故障',
  C: '校准',
  T: '超测上限',
  B: '通讯异常',
} as const;

export type DataFlag = keyof typeof DATA_FLAGS;

export function isDataFlag(text: string): text is DataFlag {
  return Object.hasOwn(DATA_FLAGS, text);
}

/** Whether a value with this flag may enter averages: `N`, or no flag at all. */
export function isValidFlag(flag: DataFlag | undefined): boolean {
  return flag === undefined || flag === 'N';
}

/** One factor (污染物/监测因子) of a data packet. Empty texts on the wire are left out, never read as 0. */
export interface Hj212FactorValue {
  /** Factor code, e.g. a34004 (PM2.5), w01018 (COD). */
  factor: string;
  rtd?: number;
  avg?: number;
  min?: number;
  max?: number;
  cou?: number;
  flag?: DataFlag;
  /** Other per-factor fields as written (`SampleTime`, `ZsRtd`, `ZsAvg`, `EFlag`, `RT`, …). */
  extra: Record<string, string>;
}

export interface Hj212DataCp {
  /** `DataTime` as epoch seconds (the text is China Standard Time). */
  dataTime: number;
  /** Factors in order of first appearance. */
  values: Hj212FactorValue[];
  /** Other top-level keys (`RtdInterval`, `PolId`, …). */
  extra: Record<string, string>;
}

export interface CpFailure {
  ok: false;
  reason: 'malformed_cp';
  /** Chinese, names what is wrong. */
  message: string;
}

export interface CpPair {
  key: string;
  value: string;
}

const malformed = (message: string): CpFailure => ({ ok: false, reason: 'malformed_cp', message });

/** The numeric per-factor fields and the property each lands in. */
const NUMERIC_FIELDS = { Rtd: 'rtd', Avg: 'avg', Min: 'min', Max: 'max', Cou: 'cou' } as const;
type NumericField = keyof typeof NUMERIC_FIELDS;
const isNumericField = (field: string): field is NumericField => Object.hasOwn(NUMERIC_FIELDS, field);
const NUMERIC_ORDER = ['Rtd', 'Avg', 'Min', 'Max', 'Cou'] as const;

/** Plain decimal, optionally with an exponent. No hex, no `NaN`/`Infinity`, no blanks. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A finite decimal number, or null. `Number()` alone would take '', ' ', '0x1F' and 'Infinity'. */
export function parseHj212Number(text: string): number | null {
  if (!DECIMAL.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/**
 * A number as plain decimal text, never in exponent form (1e-7 → 0.0000001), keeping every digit
 * JavaScript's shortest round-trip form has, so parsing it gives the very same number back.
 */
export function formatHj212Number(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`HJ 212 values must be finite numbers, got ${n}`);
  const text = String(n);
  const e = text.indexOf('e');
  if (e < 0) return text;
  let mantissa = text.slice(0, e);
  const exponent = Number(text.slice(e + 1));
  const negative = mantissa.startsWith('-');
  if (negative) mantissa = mantissa.slice(1);
  const dot = mantissa.indexOf('.');
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const pointAt = (dot < 0 ? mantissa.length : dot) + exponent;
  let plain: string;
  if (pointAt <= 0) plain = `0.${'0'.repeat(-pointAt)}${digits}`;
  else if (pointAt >= digits.length) plain = digits + '0'.repeat(pointAt - digits.length);
  else plain = `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  return negative ? `-${plain}` : plain;
}

/** A record without a prototype, so that wire keys such as `__proto__` stay plain keys. */
function emptyRecord(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

/**
 * Splits any CP body into its `key=value` items, in order. Empty items (a stray `;` or `,`) are
 * skipped; an item without `=`, an empty key, or a key/value with characters outside printable ASCII
 * (or a second `=`, or `&`) is refused.
 */
export function parseCpPairs(cp: string): { ok: true; pairs: CpPair[] } | CpFailure {
  if (!isPrintableAscii(cp)) return malformed('CP 数据区含不可打印字符或非 ASCII 字符');
  if (cp.includes('&')) return malformed('CP 数据区内含 &');
  const pairs: CpPair[] = [];
  for (const group of cp.split(';')) {
    for (const item of group.split(',')) {
      if (item === '') continue;
      const eq = item.indexOf('=');
      if (eq < 0) return malformed(`CP 项 "${item}" 缺少 "="`);
      const key = item.slice(0, eq);
      const value = item.slice(eq + 1);
      if (key === '' || key.includes(' ')) return malformed(`CP 项 "${item}" 的名称为空或含空格`);
      if (value.includes('=')) return malformed(`CP 项 "${item}" 含多个 "="`);
      pairs.push({ key, value });
    }
  }
  return { ok: true, pairs };
}

/**
 * Parses the CP body of a data upload (2011 real-time, 2051 minute, 2061 hour, 2031 day,
 * 2041 run time …). `DataTime` is required and must be a real China time. Numbers must be finite
 * decimals; an empty value means "not reported" and is left out. A flag letter outside
 * {@link DATA_FLAGS} is refused. A key repeated with the same value is tolerated (the parts of a
 * reassembled split packet each repeat `DataTime`); repeated with another value, it is refused.
 */
export function parseDataCp(cp: string): { ok: true; data: Hj212DataCp } | CpFailure {
  const split = parseCpPairs(cp);
  if (!split.ok) return split;
  const seen = new Map<string, string>();
  const factors = new Map<string, Hj212FactorValue>();
  const extra = emptyRecord();
  let dataTime: number | undefined;

  for (const { key, value } of split.pairs) {
    const before = seen.get(key);
    if (before !== undefined) {
      if (before === value) continue;
      return malformed(`CP 项 ${key} 重复且取值不同（"${before}" 与 "${value}"）`);
    }
    seen.set(key, value);

    if (key === 'DataTime') {
      const t = parseDataTime(value);
      if (t === null) return malformed(`DataTime "${value}" 不是有效的 yyyyMMddHHmmss 时间`);
      dataTime = t;
      continue;
    }
    const dash = key.lastIndexOf('-');
    if (dash < 0) {
      extra[key] = value;
      continue;
    }
    const factor = key.slice(0, dash);
    const field = key.slice(dash + 1);
    if (factor === '' || field === '') return malformed(`CP 项名称 "${key}" 应为 因子编码-字段`);
    let entry = factors.get(factor);
    if (entry === undefined) {
      entry = { factor, extra: emptyRecord() };
      factors.set(factor, entry);
    }
    if (isNumericField(field)) {
      if (value === '') continue;
      const n = parseHj212Number(value);
      if (n === null) return malformed(`${key} 的值 "${value}" 不是有限的十进制数`);
      entry[NUMERIC_FIELDS[field]] = n;
    } else if (field === 'Flag') {
      if (value === '') continue;
      if (!isDataFlag(value)) return malformed(`${key} 的数据标记 "${value}" 未定义（应为 N/F/M/S/D/C/T/B）`);
      entry.flag = value;
    } else {
      entry.extra[field] = value;
    }
  }
  if (dataTime === undefined) return malformed('缺少 DataTime');
  return { ok: true, data: { dataTime, values: [...factors.values()], extra } };
}

/** One factor to write; see {@link buildDataCp}. */
export interface Hj212FactorInput {
  factor: string;
  rtd?: number;
  avg?: number;
  min?: number;
  max?: number;
  cou?: number;
  flag?: DataFlag;
  /** More per-factor fields (`SampleTime`, `ZsRtd`, …); names must not contain `-`. */
  extra?: Readonly<Record<string, string>>;
}

export interface Hj212DataCpInput {
  /** Epoch seconds; written as China time, fractions floored. */
  dataTime: number;
  values: readonly Hj212FactorInput[];
  /** Top-level items written after DataTime; names must not contain `-`. */
  extra?: Readonly<Record<string, string>>;
}

const SEPARATORS = /[;,=&]/;

function checkName(name: string, what: string, allowDash: boolean): void {
  if (name === '' || !/^[!-~]+$/.test(name) || SEPARATORS.test(name) || (!allowDash && name.includes('-'))) {
    throw new RangeError(`invalid HJ 212 ${what} name ${JSON.stringify(name)}`);
  }
}

function checkText(value: string, what: string): void {
  if (!isPrintableAscii(value) || SEPARATORS.test(value)) {
    throw new RangeError(`invalid HJ 212 ${what} value ${JSON.stringify(value)}`);
  }
}

/**
 * Writes a data CP body: `DataTime=…;<extra…>;<factor group>;…`, each factor group holding
 * Rtd, Avg, Min, Max, Cou, Flag, then its extras. Bad input (a non-finite number, a separator in a
 * name, a factor with nothing to write, a repeated factor) is a programming error: RangeError.
 */
export function buildDataCp(input: Hj212DataCpInput): string {
  const groups: string[] = [`DataTime=${formatDataTime(input.dataTime)}`];
  for (const [key, value] of Object.entries(input.extra ?? {})) {
    checkName(key, 'CP item', false);
    if (key === 'DataTime') throw new RangeError('DataTime is written from input.dataTime');
    checkText(value, `CP item ${key}`);
    groups.push(`${key}=${value}`);
  }
  const factors = new Set<string>();
  for (const v of input.values) {
    checkName(v.factor, 'factor', true);
    if (factors.has(v.factor)) throw new RangeError(`factor ${v.factor} appears twice`);
    factors.add(v.factor);
    const items: string[] = [];
    for (const field of NUMERIC_ORDER) {
      const n = v[NUMERIC_FIELDS[field]];
      if (n !== undefined) items.push(`${v.factor}-${field}=${formatHj212Number(n)}`);
    }
    if (v.flag !== undefined) {
      if (!isDataFlag(v.flag)) throw new RangeError(`unknown data flag ${JSON.stringify(v.flag)}`);
      items.push(`${v.factor}-Flag=${v.flag}`);
    }
    for (const [field, value] of Object.entries(v.extra ?? {})) {
      checkName(field, 'factor field', false);
      if (isNumericField(field) || field === 'Flag') {
        throw new RangeError(`${field} of ${v.factor} belongs in its own property, not in extra`);
      }
      checkText(value, `${v.factor}-${field}`);
      items.push(`${v.factor}-${field}=${value}`);
    }
    if (items.length === 0) throw new RangeError(`factor ${v.factor} has nothing to write`);
    groups.push(items.join(','));
  }
  return groups.join(';');
}
