import { parseChinaDateTime } from '@lantian/domain';

/**
 * LTLIDAR-CSV 1: the open text format of one lidar scan (docs/LIDAR.md), what `/lidar/downloadData`
 * writes and `/lidar/import` (and `lantian lidar import`) read. UTF-8, comma-separated:
 *
 *   # LTLIDAR-CSV 1
 *   # device=<MN>            the lidar, as registered (its HJ 212 MN)
 *   # type=HS | IF           horizontal or fixed-direction scan
 *   # time=YYYY-MM-DD HH:mm:ss   China time of the scan
 *   # elevation=<deg>  # azimuthStart=<deg>  # azimuthStep=<deg>
 *   # bins=<n>  # binMeters=<m>  # firstRange=<m>
 *   azimuth,quantity,values...        (a header line, ignored)
 *   <azimuth>,ext,<bins values in 1/km; empty: no data>
 *   <azimuth>,depol,<bins values, ratio>   (optional; 0.04 when absent)
 *
 * Rows are in azimuth order from azimuthStart by azimuthStep. Anything malformed is reported with
 * its line and nothing is stored.
 */

export class LidarFileError extends Error {
  constructor(
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(line === null ? reason : `第 ${line} 行：${reason}`);
    this.name = 'LidarFileError';
  }
}

export interface LidarFileScan {
  device: string;
  kind: 'HS' | 'IF';
  t: number;
  elevation: number;
  azimuthStart: number;
  azimuthStep: number;
  azimuthCount: number;
  bins: number;
  binMeters: number;
  firstRange: number;
  extinction: Float32Array;
  depol: Float32Array;
}

const MAX_BINS = 4000;
const MAX_AZIMUTHS = 3600;

function number(text: string, line: number, what: string, min: number, max: number): number {
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v))
    throw new LidarFileError(line, `${what}不是数字：${text.slice(0, 20)}`);
  if (v < min || v > max) throw new LidarFileError(line, `${what}应在 ${min}–${max} 之间：${text.slice(0, 20)}`);
  return v;
}

export function readLidarCsv(text: string): LidarFileScan {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!/^#\s*LTLIDAR-CSV\s+1\s*$/.test(lines[0] ?? ''))
    throw new LidarFileError(1, '不是 LTLIDAR-CSV 1 文件（第一行应为 # LTLIDAR-CSV 1）');
  const meta = new Map<string, { value: string; line: number }>();
  let i = 1;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const m = /^#\s*([A-Za-z]+)\s*=\s*(.*)$/.exec(line);
    if (m === null) break;
    meta.set(m[1] ?? '', { value: (m[2] ?? '').trim(), line: i + 1 });
  }
  const need = (key: string) => {
    const found = meta.get(key);
    if (found === undefined) throw new LidarFileError(null, `缺少 # ${key}=`);
    return found;
  };
  const device = need('device');
  if (!/^[A-Za-z0-9]{1,24}$/.test(device.value))
    throw new LidarFileError(device.line, 'device 应为设备 MN（1–24 位字母或数字）');
  const type = need('type');
  if (type.value !== 'HS' && type.value !== 'IF') throw new LidarFileError(type.line, 'type 应为 HS 或 IF');
  const time = need('time');
  let t: number;
  try {
    t = parseChinaDateTime(time.value);
  } catch {
    throw new LidarFileError(time.line, 'time 应为 YYYY-MM-DD HH:mm:ss');
  }
  const num = (key: string, min: number, max: number) => {
    const m = need(key);
    return number(m.value, m.line, key, min, max);
  };
  const elevation = num('elevation', -10, 90);
  const azimuthStart = num('azimuthStart', 0, 360);
  const azimuthStep = num('azimuthStep', 0.01, 360);
  const bins = num('bins', 1, MAX_BINS);
  if (!Number.isInteger(bins)) throw new LidarFileError(need('bins').line, 'bins 应为整数');
  const binMeters = num('binMeters', 0.1, 1000);
  const firstRange = num('firstRange', 0, 10_000);
  if (/^azimuth/.test(lines[i] ?? '')) i++;
  const ext: number[][] = [];
  const dep = new Map<number, number[]>();
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    const cells = line.split(',');
    const lineNo = i + 1;
    if (cells.length !== bins + 2) throw new LidarFileError(lineNo, `应有 ${bins + 2} 列，实有 ${cells.length} 列`);
    const azimuth = number(cells[0] ?? '', lineNo, '方位角', 0, 360);
    const quantity = cells[1];
    const values = cells
      .slice(2)
      // An empty value is "no data" (the return was lost in noise).
      .map((c) =>
        c.trim() === ''
          ? Number.NaN
          : number(c, lineNo, quantity === 'ext' ? '消光系数' : '退偏振比', 0, quantity === 'ext' ? 65 : 1.2),
      );
    if (quantity === 'ext') {
      const expected = azimuthStart + ext.length * azimuthStep;
      if (Math.abs(azimuth - expected) > 1e-6 && Math.abs(azimuth - expected + 360) > 1e-6)
        throw new LidarFileError(lineNo, `方位角应为 ${expected}`);
      ext.push(values);
    } else if (quantity === 'depol') {
      dep.set(ext.length - 1, values);
    } else {
      throw new LidarFileError(lineNo, `未知的量 ${String(quantity).slice(0, 20)}（应为 ext 或 depol）`);
    }
    if (ext.length > MAX_AZIMUTHS) throw new LidarFileError(lineNo, `至多 ${MAX_AZIMUTHS} 条射线`);
  }
  if (ext.length === 0) throw new LidarFileError(null, '没有数据行');
  const extinction = new Float32Array(ext.length * bins);
  const depol = new Float32Array(ext.length * bins).fill(0.04);
  ext.forEach((row, k) => {
    extinction.set(row, k * bins);
    const d = dep.get(k);
    if (d !== undefined) depol.set(d, k * bins);
  });
  return {
    device: device.value,
    kind: type.value,
    t,
    elevation,
    azimuthStart,
    azimuthStep,
    azimuthCount: ext.length,
    bins,
    binMeters,
    firstRange,
    extinction,
    depol,
  };
}
