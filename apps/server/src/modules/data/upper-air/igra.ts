/**
 * IGRA v2 sounding data files (NOAA NCEI, "IGRA v2.2 Format Description: Sounding Data"): per
 * ascent a header line and NUMLEV data lines, both in fixed columns.
 *
 * Header: # | ID 2–12 | YEAR 14–17 | MONTH 19–20 | DAY 22–23 | HOUR 25–26 (99 = missing) |
 * RELTIME 28–31 (HHMM, 9999 = missing) | NUMLEV 33–36 | P_SRC 38–45 | NP_SRC 47–54 | LAT 56–62 and
 * LON 64–71 (× 10 000).
 * Data: LVLTYP1 1 | LVLTYP2 2 | ETIME 4–8 | PRESS 10–15 (Pa) | PFLAG 16 | GPH 17–21 (m) | ZFLAG 22 |
 * TEMP 23–27 (0.1 °C) | TFLAG 28 | RH 29–33 (0.1 %) | DPDP 35–39 (0.1 °C) | WDIR 41–45 (°) |
 * WSPD 47–51 (0.1 m/s). -9999 is missing, -8888 removed by quality assurance.
 *
 * Columns, not whitespace: neighbouring fields run into each other ("93200B-9999").
 */

export interface IgraLevel {
  pressure: number;
  height: number | null;
  temperature: number | null;
  dewpoint: number | null;
  windDirection: number | null;
  windSpeed: number | null;
}

export interface IgraSounding {
  igraId: string;
  /** Nominal time, epoch seconds UTC. */
  time: number;
  releaseTime: number | null;
  latitude: number;
  longitude: number;
  levels: IgraLevel[];
  /** Levels without a pressure (height-only wind levels): not kept, counted. */
  skipped: number;
}

export class IgraFileError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`第 ${line} 行：${reason}`);
  }
}

/** 1-based inclusive columns, as the format description numbers them. */
const col = (line: string, first: number, last: number) => line.slice(first - 1, last);

function integer(line: string, n: number, first: number, last: number, field: string): number {
  const text = col(line, first, last).trim();
  if (!/^-?\d+$/.test(text)) throw new IgraFileError(n, `${field}（第 ${first}–${last} 列）应为整数，实为「${text}」`);
  return Number(text);
}

const value = (raw: number, scale: number) => (raw === -9999 || raw === -8888 ? null : raw / scale);

function header(line: string, n: number) {
  if (line.length < 71) throw new IgraFileError(n, `头记录应至少 71 个字符，实为 ${line.length}`);
  const igraId = col(line, 2, 12).trim();
  if (!/^[A-Z]{2}[A-Z0-9]{9}$/.test(igraId))
    throw new IgraFileError(n, `站号（第 2–12 列）不是 IGRA 站号：「${igraId}」`);
  const year = integer(line, n, 14, 17, 'YEAR');
  const month = integer(line, n, 19, 20, 'MONTH');
  const day = integer(line, n, 22, 23, 'DAY');
  const hour = integer(line, n, 25, 26, 'HOUR');
  const reltime = integer(line, n, 28, 31, 'RELTIME');
  const numlev = integer(line, n, 33, 36, 'NUMLEV');
  const lat = integer(line, n, 56, 62, 'LAT') / 10_000;
  const lon = integer(line, n, 64, 71, 'LON') / 10_000;
  if (month < 1 || month > 12 || day < 1 || day > 31) throw new IgraFileError(n, `日期 ${year}-${month}-${day} 无效`);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new IgraFileError(n, `经纬度 ${lon}, ${lat} 超出范围`);
  const relHour = Math.floor(reltime / 100);
  const relMinute = reltime % 100;
  const releaseKnown = reltime !== 9999 && relHour < 24 && relMinute < 60 && relMinute !== 99;
  const nominalHour = hour === 99 ? (releaseKnown ? relHour : null) : hour;
  if (nominalHour === null || nominalHour > 23) throw new IgraFileError(n, `观测时次 HOUR=${hour} 无效且无施放时间`);
  const time = Date.UTC(year, month - 1, day, nominalHour) / 1000;
  const releaseTime = releaseKnown ? Date.UTC(year, month - 1, day, relHour, relMinute) / 1000 : null;
  // A release before midnight for a 00 UTC ascent belongs to the previous day.
  const release = releaseTime !== null && releaseTime - time > 12 * 3600 ? releaseTime - 86_400 : releaseTime;
  return { igraId, time, releaseTime: release, latitude: lat, longitude: lon, numlev };
}

function level(line: string, n: number): IgraLevel | null {
  if (line.length < 51) throw new IgraFileError(n, `数据记录应至少 51 个字符，实为 ${line.length}`);
  const type1 = col(line, 1, 1);
  if (!/[123]/.test(type1)) throw new IgraFileError(n, `LVLTYP1（第 1 列）应为 1、2 或 3，实为「${type1}」`);
  const press = integer(line, n, 10, 15, 'PRESS');
  const gph = integer(line, n, 17, 21, 'GPH');
  const temp = integer(line, n, 23, 27, 'TEMP');
  const rh = integer(line, n, 29, 33, 'RH');
  const dpdp = integer(line, n, 35, 39, 'DPDP');
  const wdir = integer(line, n, 41, 45, 'WDIR');
  const wspd = integer(line, n, 47, 51, 'WSPD');
  void rh;
  if (press === -9999 || press === -8888) return null;
  if (press < 100 || press > 110_000) throw new IgraFileError(n, `气压 PRESS=${press} Pa 超出范围`);
  const t = value(temp, 10);
  const depression = value(dpdp, 10);
  if (t !== null && (t < -100 || t > 60)) throw new IgraFileError(n, `温度 TEMP=${temp} 超出范围`);
  return {
    pressure: press / 100,
    height: value(gph, 1),
    temperature: t,
    dewpoint: t !== null && depression !== null ? Math.round((t - depression) * 10) / 10 : null,
    windDirection: value(wdir, 1),
    windSpeed: value(wspd, 10),
  };
}

/** Every ascent of a file; any malformed line fails the whole file with its line number. */
export function readIgra(text: string): IgraSounding[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
  const soundings: IgraSounding[] = [];
  let i = 0;
  while (i < lines.length) {
    const n = i + 1;
    const line = lines[i] as string;
    if (!line.startsWith('#')) throw new IgraFileError(n, '应为以 # 开头的头记录');
    const head = header(line, n);
    const levels: IgraLevel[] = [];
    let skipped = 0;
    for (let k = 1; k <= head.numlev; k++) {
      const data = lines[i + k];
      if (data === undefined || data.startsWith('#'))
        throw new IgraFileError(i + k + 1, `头记录（第 ${n} 行）声明 ${head.numlev} 层，实际只有 ${k - 1} 层`);
      const parsed = level(data, i + k + 1);
      if (parsed) levels.push(parsed);
      else skipped++;
    }
    const { numlev: _, ...rest } = head;
    soundings.push({ ...rest, levels, skipped });
    i += head.numlev + 1;
  }
  if (soundings.length === 0) throw new IgraFileError(1, '文件为空');
  return soundings;
}

/** Writes ascents in the same columns (the demo's soundings go through the importer like a real file). */
export function writeIgra(soundings: readonly Omit<IgraSounding, 'skipped'>[]): string {
  const pad = (v: number | string, w: number) => String(v).padStart(w, ' ');
  const out: string[] = [];
  for (const s of soundings) {
    const d = new Date(s.time * 1000);
    const rel =
      s.releaseTime === null
        ? 9999
        : (() => {
            const r = new Date(s.releaseTime * 1000);
            return r.getUTCHours() * 100 + r.getUTCMinutes();
          })();
    out.push(
      `#${s.igraId.padEnd(11)} ${d.getUTCFullYear()} ${pad(d.getUTCMonth() + 1, 2).replace(' ', '0')} ${pad(d.getUTCDate(), 2).replace(' ', '0')} ${pad(d.getUTCHours(), 2).replace(' ', '0')} ${pad(rel, 4).replace(/ /g, '0')} ${pad(s.levels.length, 4)} ${'lantian'.padEnd(8)} ${'demo'.padEnd(8)} ${pad(Math.round(s.latitude * 10_000), 7)} ${pad(Math.round(s.longitude * 10_000), 8)}`,
    );
    s.levels.forEach((l, k) => {
      const m = (x: number | null, scale: number) => (x === null ? -9999 : Math.round(x * scale));
      const dpdp = l.temperature !== null && l.dewpoint !== null ? m(l.temperature - l.dewpoint, 10) : -9999;
      out.push(
        `${k === 0 ? '21' : '10'} ${pad(-9999, 5)} ${pad(Math.round(l.pressure * 100), 6)} ${pad(m(l.height, 1), 5)} ${pad(m(l.temperature, 10), 5)} ${pad(-9999, 5)} ${pad(dpdp, 5)} ${pad(m(l.windDirection, 1), 5)} ${pad(m(l.windSpeed, 10), 5)}`,
      );
    });
  }
  return `${out.join('\n')}\n`;
}
