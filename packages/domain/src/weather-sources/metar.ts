/**
 * A small METAR / SPECI reader (WMO FM 15 / ICAO Annex 3) for the groups a weather map shows:
 * station, time, wind, visibility, present weather, temperature, dew point and QNH. Cloud groups,
 * trends and remarks are skipped. A report cut short (airports send `METAR ZJHK 141300Z 05003MPS
 * 5000 ` when the rest is missing) keeps what it has; the missing parts are null.
 */

export interface MetarReport {
  kind: 'METAR' | 'SPECI';
  station: string;
  /** Day of month and time (UTC) as the report gives them: the month comes from the bulletin. */
  day: number;
  hour: number;
  minute: number;
  /** Degrees from north; null for calm or variable. */
  windDirection: number | null;
  /** m/s (KT converted). */
  windSpeed: number | null;
  gust: number | null;
  /** Metres; 10000 for 9999 and CAVOK. */
  visibility: number | null;
  /** Present-weather groups as sent ('-TSRA', 'BR'). */
  weather: string[];
  /** °C */
  temperature: number | null;
  dewPoint: number | null;
  /** hPa (Q group, or A group in inches of mercury converted). */
  pressure: number | null;
}

export class MetarFormatError extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}：${problem}`);
    this.name = 'MetarFormatError';
  }
}

const KNOT = 0.514444;

const WIND = /^(\d{3}|VRB)(\d{2,3})(?:G(\d{2,3}))?(MPS|KT)$/;
const TEMPS = /^(M?\d{2})\/(M?\d{2})?$/;
const WEATHER =
  /^(\+|-|VC)?(MI|PR|BC|DR|BL|SH|TS|FZ)?((?:DZ|RA|SN|SG|IC|PL|GR|GS|UP|BR|FG|FU|VA|DU|SA|HZ|PO|SQ|FC|SS|DS)*)$/;

const tempOf = (text: string) => (text.startsWith('M') ? -Number(text.slice(1)) : Number(text));

/** Parses one report (with or without the METAR/SPECI word and the closing '='). */
export function parseMetar(report: string): MetarReport {
  const tokens = report.trim().replace(/=$/, '').split(/\s+/).filter(Boolean);
  let kind: MetarReport['kind'] = 'METAR';
  if (tokens[0] === 'METAR' || tokens[0] === 'SPECI') kind = tokens.shift() as MetarReport['kind'];
  if (tokens[0] === 'COR') tokens.shift();
  const station = tokens.shift() ?? '';
  if (!/^[A-Z]{4}$/.test(station)) throw new MetarFormatError('站号', `应为 4 位 ICAO 代码：${station || '（空）'}`);
  const stamp = tokens.shift() ?? '';
  const time = /^(\d{2})(\d{2})(\d{2})Z$/.exec(stamp);
  if (!time) throw new MetarFormatError('观测时间', `应为 DDHHMMZ：${stamp || '（空）'}`);
  const day = Number(time[1]);
  const hour = Number(time[2]);
  const minute = Number(time[3]);
  if (day < 1 || day > 31 || hour > 23 || minute > 59) throw new MetarFormatError('观测时间', `无效：${stamp}`);
  const out: MetarReport = {
    kind,
    station,
    day,
    hour,
    minute,
    windDirection: null,
    windSpeed: null,
    gust: null,
    visibility: null,
    weather: [],
    temperature: null,
    dewPoint: null,
    pressure: null,
  };
  for (const token of tokens) {
    if (token === 'RMK' || token === 'NOSIG' || token === 'TEMPO' || token === 'BECMG') break;
    if (token === 'AUTO' || token === 'NIL') continue;
    const wind = WIND.exec(token);
    if (wind) {
      const unit = wind[4] === 'KT' ? KNOT : 1;
      out.windDirection = wind[1] === 'VRB' ? null : Number(wind[1]);
      out.windSpeed = Math.round(Number(wind[2]) * unit * 10) / 10;
      out.gust = wind[3] ? Math.round(Number(wind[3]) * unit * 10) / 10 : null;
      if (out.windDirection !== null && out.windDirection > 360)
        throw new MetarFormatError('风向', `超出范围：${token}`);
      continue;
    }
    if (/^\d{3}V\d{3}$/.test(token)) continue;
    if (token === 'CAVOK') {
      out.visibility = 10_000;
      continue;
    }
    if (/^\d{4}$/.test(token) && out.visibility === null) {
      out.visibility = token === '9999' ? 10_000 : Number(token);
      continue;
    }
    const temps = TEMPS.exec(token);
    if (temps) {
      out.temperature = tempOf(temps[1] ?? '');
      out.dewPoint = temps[2] ? tempOf(temps[2]) : null;
      continue;
    }
    const q = /^Q(\d{4})$/.exec(token);
    if (q) {
      out.pressure = Number(q[1]);
      continue;
    }
    const a = /^A(\d{4})$/.exec(token);
    if (a && out.pressure === null) {
      out.pressure = Math.round(Number(a[1]) * 0.338639) / 10;
      continue;
    }
    if (/^(FEW|SCT|BKN|OVC|VV)/.test(token) || token === 'NSC' || token === 'SKC' || token === 'CLR' || token === 'NCD')
      continue;
    const weather = WEATHER.exec(token);
    if (weather && (weather[2] || weather[3])) out.weather.push(token);
  }
  return out;
}

/** Relative humidity (%) from temperature and dew point (Magnus formula, Alduchov and Eskridge 1996 constants). */
export function relativeHumidity(temperature: number, dewPoint: number): number {
  const e = (t: number) => Math.exp((17.625 * t) / (243.04 + t));
  return Math.round(Math.min(100, (100 * e(dewPoint)) / e(temperature)));
}

const PHENOMENA: Readonly<Record<string, string>> = {
  DZ: '毛毛雨',
  RA: '雨',
  SN: '雪',
  SG: '米雪',
  IC: '冰针',
  PL: '冰粒',
  GR: '冰雹',
  GS: '霰',
  UP: '未知降水',
  BR: '轻雾',
  FG: '雾',
  FU: '烟',
  VA: '火山灰',
  DU: '浮尘',
  SA: '扬沙',
  HZ: '霾',
  PO: '尘卷风',
  SQ: '飑',
  FC: '漏斗云',
  SS: '沙暴',
  DS: '尘暴',
};

const DESCRIPTORS: Readonly<Record<string, string>> = {
  MI: '浅',
  PR: '部分',
  BC: '散片',
  DR: '低吹',
  BL: '高吹',
  SH: '阵',
  TS: '雷',
  FZ: '冻',
};

/** A present-weather group in Chinese: '-SHRA' 小阵雨, 'TSRA' 雷阵雨, '+SN' 大雪, 'BR' 轻雾, 'TS' 雷暴. */
export function weatherText(group: string): string {
  const m = WEATHER.exec(group);
  if (!m) return group;
  const [, intensity, descriptor, rest = ''] = m;
  const phenomena = (rest.match(/.{2}/g) ?? []).map((p) => PHENOMENA[p] ?? p).join('');
  let text: string;
  if (descriptor === 'TS') text = phenomena === '' ? '雷暴' : `雷阵${phenomena}`;
  else text = `${descriptor ? (DESCRIPTORS[descriptor] ?? '') : ''}${phenomena}`;
  if (intensity === '-') return `小${text}`;
  if (intensity === '+') return `大${text}`;
  if (intensity === 'VC') return `附近${text}`;
  return text;
}
