/**
 * The CMA tropical cyclone best-track text format (中国气象局热带气旋资料中心 CH<YYYY>BST.txt):
 * one header line per cyclone, `66666 AAAA BBB CCC DDDD E F NAME YYYYMMDD`, followed by BBB rows
 * `YYYYMMDDHH I LAT LONG PRES WND [OWD]` — time in UTC, I the intensity category (0–6, 9),
 * LAT/LONG in tenths of a degree, PRES the central pressure in hPa, WND the 2-minute mean maximum
 * wind in m/s. Parsing is strict: a file with one bad line is refused as a whole, naming the line.
 */

export interface BestTrackPoint {
  /** Epoch seconds (the file's times are UTC). */
  time: number;
  /** The file's category code: 0 weaker than TD or unknown, 1–6 TD … SuperTY, 9 extratropical. */
  category: number;
  lat: number;
  lon: number;
  /** hPa */
  pressure: number;
  /** m/s, 2-minute mean; null when the file gives 0 with category 0 (unknown). */
  wind: number | null;
}

export interface BestTrack {
  /** International number YYNN ('2305'); '0000' for a cyclone without one. */
  international: string;
  /** The serial number of the year including depressions (CCC). */
  serial: number;
  /** China's number (DDDD). */
  chinaNumber: string;
  /** E: 0 dissipated, 1 moved out of the responsibility area, 2 merged, 3 quasi-stationary. */
  ending: number;
  /** English name as the file spells it ('DOKSURI'), or '' for an unnamed one ('(nameless)'). */
  name: string;
  points: BestTrackPoint[];
}

export class BestTrackFormatError extends Error {
  constructor(
    readonly line: number,
    readonly field: string,
    problem: string,
  ) {
    super(`第 ${line} 行 ${field}：${problem}`);
    this.name = 'BestTrackFormatError';
  }
}

/** GB/T 19201-2006 《热带气旋等级》 names of the file's category codes. */
export const TROPICAL_CYCLONE_CATEGORIES: Readonly<Record<number, { code: string; name: string }>> = {
  0: { code: 'LO', name: '弱于热带低压' },
  1: { code: 'TD', name: '热带低压' },
  2: { code: 'TS', name: '热带风暴' },
  3: { code: 'STS', name: '强热带风暴' },
  4: { code: 'TY', name: '台风' },
  5: { code: 'STY', name: '强台风' },
  6: { code: 'SuperTY', name: '超强台风' },
  9: { code: 'ET', name: '变性温带气旋' },
};

/**
 * The GB/T 19201-2006 grade of a 2-minute mean maximum wind (m/s): 10.8–17.1 热带低压, 17.2–24.4
 * 热带风暴, 24.5–32.6 强热带风暴, 32.7–41.4 台风, 41.5–50.9 强台风, ≥ 51.0 超强台风.
 */
export function categoryOfWind(wind: number): number {
  if (wind >= 51.0) return 6;
  if (wind >= 41.5) return 5;
  if (wind >= 32.7) return 4;
  if (wind >= 24.5) return 3;
  if (wind >= 17.2) return 2;
  if (wind >= 10.8) return 1;
  return 0;
}

const HEADER = /^66666\s+(\d{4})\s+(\d{1,3})\s+(\d{1,4})\s+(\d{4})\s+(\d)\s+(\d)\s+(.*?)\s+(\d{8})?\s*$/;
const ROW = /^(\d{10})\s+(\d)\s+(\d{1,3})\s+(\d{1,4})\s+(\d{3,4})\s+(\d{1,3})(\s+\d{1,3})?\s*$/;

function utcOf(stamp: string, line: number): number {
  const year = Number(stamp.slice(0, 4));
  const month = Number(stamp.slice(4, 6));
  const day = Number(stamp.slice(6, 8));
  const hour = Number(stamp.slice(8, 10));
  const t = Date.UTC(year, month - 1, day, hour);
  const back = new Date(t);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23) {
    throw new BestTrackFormatError(line, '时间', `不是有效的 YYYYMMDDHH：${stamp}`);
  }
  return t / 1000;
}

/** Parses a whole file (one or more cyclones). Throws BestTrackFormatError naming the first bad line. */
export function parseBestTrack(text: string): BestTrack[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const tracks: BestTrack[] = [];
  let current: BestTrack | undefined;
  let expected = 0;
  let headerLine = 0;
  const closeCurrent = (lineNo: number) => {
    if (current && current.points.length !== expected) {
      throw new BestTrackFormatError(
        headerLine,
        '记录数',
        `头行声明 ${expected} 条路径记录，实际 ${current.points.length} 条（至第 ${lineNo} 行）`,
      );
    }
  };
  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.trim();
    if (line === '') return;
    if (line.startsWith('66666')) {
      closeCurrent(lineNo);
      const m = HEADER.exec(line);
      if (!m) throw new BestTrackFormatError(lineNo, '头行', '应为 66666 AAAA BBB CCC DDDD E F 名称 日期');
      const [, international = '', count = '', serial = '', china = '', ending = '', , name = ''] = m;
      const cleaned = name.trim();
      current = {
        international,
        serial: Number(serial),
        chinaNumber: china,
        ending: Number(ending),
        name: cleaned === '(nameless)' ? '' : cleaned,
        points: [],
      };
      expected = Number(count);
      headerLine = lineNo;
      tracks.push(current);
      return;
    }
    if (!current) throw new BestTrackFormatError(lineNo, '头行', '路径记录之前缺少 66666 头行');
    const m = ROW.exec(line);
    if (!m) throw new BestTrackFormatError(lineNo, '路径记录', '应为 YYYYMMDDHH 强度 纬度 经度 气压 风速');
    const [, stamp = '', cat = '', lat = '', lon = '', pres = '', wnd = ''] = m;
    const category = Number(cat);
    if (!(category in TROPICAL_CYCLONE_CATEGORIES)) {
      throw new BestTrackFormatError(lineNo, '强度', `未知的强度标记 ${cat}（应为 0–6 或 9）`);
    }
    const latitude = Number(lat) / 10;
    const longitude = Number(lon) / 10;
    if (latitude > 70) throw new BestTrackFormatError(lineNo, '纬度', `超出范围：${latitude}`);
    if (longitude < 90 || longitude > 200) throw new BestTrackFormatError(lineNo, '经度', `超出范围：${longitude}`);
    const pressure = Number(pres);
    if (pressure < 850 || pressure > 1050) throw new BestTrackFormatError(lineNo, '气压', `超出范围：${pressure} hPa`);
    const wind = Number(wnd);
    const time = utcOf(stamp, lineNo);
    const previous = current.points.at(-1);
    if (previous && time <= previous.time) throw new BestTrackFormatError(lineNo, '时间', '路径记录的时间应逐行递增');
    current.points.push({
      time,
      category,
      lat: latitude,
      lon: longitude,
      pressure,
      wind: wind === 0 && category === 0 ? null : wind,
    });
  });
  closeCurrent(lines.length);
  if (tracks.length === 0) throw new BestTrackFormatError(1, '文件', '没有任何 66666 头行：不是 CMA 最佳路径文件');
  return tracks;
}
