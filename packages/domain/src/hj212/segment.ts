/**
 * The data segment: `QN=…;ST=…;CN=…;PW=…;MN=…;Flag=…;[PNUM=…;PNO=…;]CP=&&…&&`.
 *
 * Header fields may come in any order (loggers differ), QN may be missing (many keepalives and
 * HJ/T 212-2005 uploads have none) and so may Flag (2005 uploads; read as 0). Everything else is
 * strict: unknown or repeated fields, bad values and a CP that is not last and closed are refused,
 * so that line noise that happens to pass the CRC is still not taken for data.
 */

import { isPrintableAscii } from './ascii';

/** Flag bit A: the sender wants an answer. */
export const FLAG_ANSWER = 0b01;
/**
 * Flag bit D: the packet is one part of a split message and carries PNUM/PNO. The standard lays the
 * byte out as `V5 V4 V3 V2 V1 V0 D A`, so D is bit 1 (value 2) and the version starts at bit 2 —
 * which is why 2017 packets read Flag=4 (no answer) or Flag=5 (answer), and split ones 6 or 7.
 */
export const FLAG_SPLIT = 0b10;
/** Version number in Flag bits V5..V0: 0 = HJ/T 212-2005, 1 = HJ 212-2017. */
export const HJ212_VERSION_2005 = 0;
export const HJ212_VERSION_2017 = 1;

/** The standard version number (V5..V0) of a Flag value. */
export function flagVersion(flag: number): number {
  return (flag >> 2) & 0b111111;
}

/** A Flag value from its parts; the version defaults to 2017. */
export function makeFlag(options: { answer: boolean; split?: boolean; version?: number }): number {
  const version = options.version ?? HJ212_VERSION_2017;
  if (!Number.isInteger(version) || version < 0 || version > 0b111111) {
    throw new RangeError(`HJ 212 version must be 0–63, got ${version}`);
  }
  return (version << 2) | (options.split === true ? FLAG_SPLIT : 0) | (options.answer ? FLAG_ANSWER : 0);
}

/** One parsed data segment. `cp` is the raw body between `CP=&&` and the final `&&`. */
export interface Hj212Packet {
  /** Request number yyyyMMddHHmmssSSS; absent on some keepalives and 2005-era uploads. */
  qn?: string;
  /** System code (22 air quality, 31 air pollution source, 91 system interaction, …). */
  st: string;
  /** Command code (2011 real-time data, 9014 data answer, …). */
  cn: string;
  pw: string;
  /** Device number (数据采集传输仪 MN). */
  mn: string;
  /** Flag byte; 0 when the packet carried none. */
  flag: number;
  /** Total number of parts, only on split packets. */
  pnum?: number;
  /** This part's number 1..pnum, only on split packets. */
  pno?: number;
  cp: string;
  /** Flag bit A. */
  needsAnswer: boolean;
  /** Flag bit D. */
  split: boolean;
}

export interface SegmentFailure {
  ok: false;
  reason: 'malformed_segment';
  /** Chinese, names what is wrong. */
  message: string;
}

export type ParseSegmentResult = { ok: true; packet: Hj212Packet } | SegmentFailure;

const malformed = (message: string): SegmentFailure => ({ ok: false, reason: 'malformed_segment', message });

const HEADER_KEYS = ['QN', 'ST', 'CN', 'PW', 'MN', 'Flag', 'PNUM', 'PNO'] as const;
type HeaderKey = (typeof HEADER_KEYS)[number];
const isHeaderKey = (key: string): key is HeaderKey => (HEADER_KEYS as readonly string[]).includes(key);

const QN_PATTERN = /^\d{17}$/;
/** Two characters: the table's 21–91, plus the standard's A0–Z9 range for extensions. */
const ST_PATTERN = /^[0-9A-Z]{2}$/;
const CN_PATTERN = /^\d{4}$/;
const FLAG_PATTERN = /^\d{1,3}$/;
const PACKET_NUMBER_PATTERN = /^\d{1,4}$/;
export const MAX_PW_LENGTH = 9;
export const MAX_MN_LENGTH = 24;

/** Printable, no space, none of the separators `; , = &`: what PW and MN may contain. */
function isPlainValue(value: string): boolean {
  return /^[!-~]*$/.test(value) && !/[;,=&]/.test(value);
}

/** Index of `CP=&&` at a field boundary, or -1. */
function findCpStart(segment: string): number {
  let from = 0;
  for (;;) {
    const at = segment.indexOf('CP=&&', from);
    if (at <= 0 || segment[at - 1] === ';') return at;
    from = at + 1;
  }
}

/** Parses a data segment (the text between the length and the CRC of a frame). */
export function parseSegment(segment: string): ParseSegmentResult {
  if (!isPrintableAscii(segment)) return malformed('数据段含不可打印字符或非 ASCII 字符');
  const cpStart = findCpStart(segment);
  if (cpStart < 0) {
    return segment.split(';').some((part) => part.startsWith('CP='))
      ? malformed('CP 数据区应以 CP=&& 开始、以 && 结束')
      : malformed('缺少 CP=&&…&& 数据区（CP 须为最后一个字段）');
  }
  const headerParts = segment.slice(0, cpStart).split(';');
  // The field before CP= ends with ';', which leaves one empty piece at the end.
  if (cpStart > 0) headerParts.pop();

  const fields = new Map<HeaderKey, string>();
  for (const part of headerParts) {
    if (part === '') return malformed('数据段含空字段（连续的 ;）');
    const eq = part.indexOf('=');
    if (eq <= 0) return malformed(`字段 "${part}" 不是 名称=值 的形式`);
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (!isHeaderKey(key)) return malformed(`未知字段 "${key}"`);
    if (fields.has(key)) return malformed(`字段 ${key} 重复`);
    fields.set(key, value);
  }
  const bodyStart = cpStart + 'CP=&&'.length;
  if (segment.length < bodyStart + 2 || !segment.endsWith('&&')) return malformed('CP 数据区未以 && 闭合');
  const cp = segment.slice(bodyStart, segment.length - 2);
  if (cp.includes('&')) return malformed('CP 数据区内含 &，或 CP 之后还有内容');

  const st = fields.get('ST');
  const cn = fields.get('CN');
  const pw = fields.get('PW');
  const mn = fields.get('MN');
  if (st === undefined) return malformed('缺少 ST（系统编码）');
  if (cn === undefined) return malformed('缺少 CN（命令编码）');
  if (mn === undefined) return malformed('缺少 MN（设备唯一标识）');
  if (pw === undefined) return malformed('缺少 PW（访问密码）');
  if (!ST_PATTERN.test(st)) return malformed(`ST "${st}" 不是 2 位系统编码`);
  if (!CN_PATTERN.test(cn)) return malformed(`CN "${cn}" 不是 4 位数字命令编码`);
  if (pw.length > MAX_PW_LENGTH || !isPlainValue(pw)) {
    return malformed(`PW 应为不超过 ${MAX_PW_LENGTH} 个可见字符（不含 ; , = &）`);
  }
  if (mn.length === 0 || mn.length > MAX_MN_LENGTH || !isPlainValue(mn)) {
    return malformed(`MN 应为 1–${MAX_MN_LENGTH} 个可见字符（不含 ; , = &）`);
  }
  const qn = fields.get('QN');
  if (qn !== undefined && !QN_PATTERN.test(qn)) return malformed(`QN "${qn}" 不是 17 位数字（yyyyMMddHHmmssSSS）`);

  const flagText = fields.get('Flag');
  let flag = 0;
  if (flagText !== undefined) {
    flag = FLAG_PATTERN.test(flagText) ? Number(flagText) : Number.NaN;
    if (!(flag <= 255)) return malformed(`Flag "${flagText}" 不是 0–255 的整数`);
  }
  const split = (flag & FLAG_SPLIT) !== 0;

  const pnumText = fields.get('PNUM');
  const pnoText = fields.get('PNO');
  let pnum: number | undefined;
  let pno: number | undefined;
  if (split) {
    if (pnumText === undefined || pnoText === undefined) return malformed('拆分包（Flag 含 D 位）缺少 PNUM 或 PNO');
    if (!PACKET_NUMBER_PATTERN.test(pnumText) || Number(pnumText) < 1) {
      return malformed(`PNUM "${pnumText}" 不是 1–9999 的整数`);
    }
    if (!PACKET_NUMBER_PATTERN.test(pnoText) || Number(pnoText) < 1) {
      return malformed(`PNO "${pnoText}" 不是 1–9999 的整数`);
    }
    pnum = Number(pnumText);
    pno = Number(pnoText);
    if (pno > pnum) return malformed(`PNO ${pno} 大于 PNUM ${pnum}`);
  } else if (pnumText !== undefined || pnoText !== undefined) {
    return malformed('PNUM/PNO 只能出现在拆分包中（Flag 未置 D 位）');
  }

  const packet: Hj212Packet = {
    ...(qn === undefined ? {} : { qn }),
    st,
    cn,
    pw,
    mn,
    flag,
    ...(pnum === undefined ? {} : { pnum }),
    ...(pno === undefined ? {} : { pno }),
    cp,
    needsAnswer: (flag & FLAG_ANSWER) !== 0,
    split,
  };
  return { ok: true, packet };
}

/** What {@link buildSegment} writes; `needsAnswer`/`split` follow from `flag`. */
export interface SegmentFields {
  qn?: string;
  st: string;
  cn: string;
  pw: string;
  mn: string;
  flag: number;
  pnum?: number;
  pno?: number;
  /** CP body, without the `&&` around it. */
  cp: string;
}

/**
 * Writes a data segment in the standard's field order. The result is run through
 * {@link parseSegment}, so we never send what we would refuse ourselves; a bad field is a
 * programming error and throws a RangeError carrying the parser's message.
 */
export function buildSegment(fields: SegmentFields): string {
  const parts: string[] = [];
  if (fields.qn !== undefined) parts.push(`QN=${fields.qn}`);
  parts.push(`ST=${fields.st}`, `CN=${fields.cn}`, `PW=${fields.pw}`, `MN=${fields.mn}`, `Flag=${fields.flag}`);
  if (fields.pnum !== undefined) parts.push(`PNUM=${fields.pnum}`);
  if (fields.pno !== undefined) parts.push(`PNO=${fields.pno}`);
  parts.push(`CP=&&${fields.cp}&&`);
  const segment = parts.join(';');
  const check = parseSegment(segment);
  if (!check.ok) throw new RangeError(`cannot build HJ 212 segment: ${check.message}`);
  return segment;
}
