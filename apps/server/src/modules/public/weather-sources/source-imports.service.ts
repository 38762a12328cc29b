import { areaByCode } from '@lantian/areas';
import { ErrorCode } from '@lantian/contracts';
import {
  BestTrackFormatError,
  MetarFormatError,
  nmcFileTime,
  parseBestTrack,
  parseMetar,
  relativeHumidity,
} from '@lantian/domain';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../../platform/errors';
import { CapFormatError, type CapWarning, parseCap } from './cap-alert';
import type { FramesRepository } from './frames.repository';
import { METAR_STATION_BY_ICAO } from './metar-stations';
import type { ObservationsRepository } from './observations.repository';
import { TYPHOON_NAMES_CN } from './typhoon-names';
import type { TyphoonsRepository } from './typhoons.repository';
import type { WarningsRepository } from './warnings.repository';
import type { ImageFramesTable, MetarObservationsTable, SourceOrigin } from './weather-sources.tables';

/** A file that does not read: 400 with the line or field at fault; nothing of the batch is stored. */
export const sourceFileInvalid = (what: string, detail: string) =>
  new AppError(ErrorCode.SOURCE_FILE_INVALID, `${what}格式错误：${detail}`);

export const FRAME_KINDS = ['radar', 'satellite', 'nowcast', 'traffic'] as const;
export type FrameKind = (typeof FRAME_KINDS)[number];

export const FRAME_LIMITS = { maxBytes: 8 * 1024 * 1024, maxFiles: 500, maxSide: 8192 } as const;

export interface FrameFile {
  name: string;
  bytes: Uint8Array;
  sourceUrl?: string;
}

export interface FrameOptions {
  kind: FrameKind;
  /** Product code; by default read from an NMC name (…_EBREF_ACHN_…). */
  product?: string;
  region?: string;
  origin?: SourceOrigin;
}

/**
 * The importers of the four sources. Each reads a whole file (or batch) before writing anything and
 * writes it in one transaction: a file with one bad line or element is refused whole, with a Chinese
 * message naming the line or field, and changes nothing.
 */
export class SourceImports {
  constructor(
    private readonly typhoons: TyphoonsRepository,
    private readonly warnings: WarningsRepository,
    private readonly observations: ObservationsRepository,
    private readonly frames: FramesRepository,
    /** Wall-clock epoch seconds (import times, the METAR month). */
    private readonly now: () => number,
  ) {}

  async typhoonFile(text: string): Promise<{ typhoons: number; points: number; names: string[] }> {
    let tracks: ReturnType<typeof parseBestTrack>;
    try {
      tracks = parseBestTrack(text);
    } catch (err) {
      if (err instanceof BestTrackFormatError) throw sourceFileInvalid('台风最佳路径文件', err.message);
      throw err;
    }
    const importedAt = this.now();
    const rows = tracks.map((track) => {
      const first = track.points[0];
      const last = track.points.at(-1);
      if (!first || !last)
        throw sourceFileInvalid('台风最佳路径文件', `${track.name || track.international} 没有路径记录`);
      const year = new Date(first.time * 1000).getUTCFullYear();
      const id = `${year}-${track.serial}`;
      const winds = track.points.map((p) => p.wind).filter((w): w is number => w !== null);
      const realCategories = track.points.map((p) => p.category).filter((c) => c !== 9);
      return {
        typhoon: {
          id,
          year,
          serial: track.serial,
          international: track.international,
          name_en: track.name,
          name_cn: TYPHOON_NAMES_CN[track.name] ?? null,
          max_category: realCategories.length > 0 ? Math.max(...realCategories) : 9,
          min_pressure: Math.min(...track.points.map((p) => p.pressure)),
          max_wind: winds.length > 0 ? Math.max(...winds) : null,
          first_time: first.time,
          last_time: last.time,
          imported_at: importedAt,
        },
        points: track.points.map((p) => ({ typhoon_id: id, ...p })),
      };
    });
    await this.typhoons.replace(rows);
    return {
      typhoons: rows.length,
      points: rows.reduce((n, r) => n + r.points.length, 0),
      names: tracks.map((t) => t.name || t.international),
    };
  }

  /** One or more CAP messages, all or none. */
  async warningMessages(
    documents: readonly { name: string; xml: string }[],
  ): Promise<{ alerts: number; cancels: number }> {
    const parsed: CapWarning[] = [];
    for (const doc of documents) {
      try {
        parsed.push(parseCap(doc.xml));
      } catch (err) {
        if (err instanceof CapFormatError) throw sourceFileInvalid(`预警消息 ${doc.name} `, err.message);
        throw err;
      }
    }
    const importedAt = this.now();
    const alerts = parsed
      .filter((w) => w.msgType !== 'Cancel')
      .map((w) => ({
        id: w.id,
        sender: w.sender,
        sent: w.sent,
        msg_type: w.msgType,
        type_code: w.typeCode,
        event: w.event,
        level: w.level,
        headline: w.headline,
        description: w.description,
        instruction: w.instruction,
        area_desc: w.areaDesc,
        area_code: w.areaCode,
        effective: w.effective,
        expires: w.expires,
        cancelled_at: null,
        imported_at: importedAt,
      }));
    const cancels = parsed.flatMap((w) =>
      w.msgType === 'Cancel' || w.msgType === 'Update' ? w.references.map((id) => ({ id, at: w.sent })) : [],
    );
    await this.warnings.save(alerts, cancels);
    return { alerts: alerts.length, cancels: cancels.length };
  }

  /**
   * A bulletin of METAR/SPECI lines. A report gives only day and time: the month is the one that
   * puts it at or before `reference` (default now) — the latest such date.
   */
  async metarBulletin(
    text: string,
    reference = this.now(),
  ): Promise<{ observations: number; unknownStations: string[] }> {
    const rows: MetarObservationsTable[] = [];
    const unknown = new Set<string>();
    const importedAt = this.now();
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    lines.forEach((raw, index) => {
      const line = raw.trim();
      if (line === '' || !/^(METAR|SPECI)\b|^[A-Z]{4} \d{6}Z/.test(line)) {
        if (line !== '' && !/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/.test(line)) {
          throw sourceFileInvalid('METAR 报文', `第 ${index + 1} 行不是 METAR/SPECI 报文：${line.slice(0, 40)}`);
        }
        return;
      }
      let report: ReturnType<typeof parseMetar>;
      try {
        report = parseMetar(line);
      } catch (err) {
        if (err instanceof MetarFormatError) throw sourceFileInvalid('METAR 报文', `第 ${index + 1} 行 ${err.message}`);
        throw err;
      }
      if (!METAR_STATION_BY_ICAO.has(report.station)) {
        unknown.add(report.station);
        return;
      }
      const time = metarTime(report.day, report.hour, report.minute, reference);
      rows.push({
        icao: report.station,
        time,
        temperature: report.temperature,
        dew_point: report.dewPoint,
        humidity:
          report.temperature !== null && report.dewPoint !== null
            ? relativeHumidity(report.temperature, report.dewPoint)
            : null,
        wind_direction: report.windDirection,
        wind_speed: report.windSpeed,
        gust: report.gust,
        visibility: report.visibility,
        pressure: report.pressure,
        weather: report.weather.join(' '),
        raw: line.slice(0, 400),
        imported_at: importedAt,
      });
    });
    if (rows.length === 0 && unknown.size === 0) throw sourceFileInvalid('METAR 报文', '文件中没有任何报文');
    // A station reported twice in one bulletin (a SPECI after the METAR): the later line wins.
    const unique = [...new Map(rows.map((r) => [`${r.icao}@${r.time}`, r])).values()];
    await this.observations.save(unique);
    return { observations: unique.length, unknownStations: [...unknown].sort() };
  }

  /** Image frames, each checked by its bytes (PNG or JPEG that decodes), all or none. */
  async imageFrames(
    files: readonly FrameFile[],
    options: FrameOptions,
  ): Promise<{ frames: number; first: number; last: number }> {
    if (files.length === 0) throw sourceFileInvalid('图像', '没有任何图像文件');
    if (files.length > FRAME_LIMITS.maxFiles) throw sourceFileInvalid('图像', `一次至多 ${FRAME_LIMITS.maxFiles} 帧`);
    const importedAt = this.now();
    const rows: ImageFramesTable[] = [];
    for (const file of files) {
      const name = file.name.split('/').pop() ?? file.name;
      if (!/^[A-Za-z0-9_.-]{1,120}$/.test(name))
        throw sourceFileInvalid('图像', `文件名只能含字母、数字、_ . -：${name}`);
      const time = nmcFileTime(name);
      if (time === undefined) throw sourceFileInvalid('图像', `${name} 的文件名中没有时间（…_YYYYMMDDHHmmss000.PNG）`);
      if (file.bytes.byteLength > FRAME_LIMITS.maxBytes) throw sourceFileInvalid('图像', `${name} 超过 8 MB`);
      let meta: Metadata;
      try {
        meta = await sharp(file.bytes).metadata();
        // metadata() reads the header only: decoding proves the rest of the file is there.
        await sharp(file.bytes).stats();
      } catch {
        throw sourceFileInvalid('图像', `${name} 不是可解码的 PNG/JPEG 图像`);
      }
      if ((meta.format !== 'png' && meta.format !== 'jpeg') || !meta.width || !meta.height) {
        throw sourceFileInvalid('图像', `${name} 不是 PNG/JPEG 图像（${meta.format ?? '未知'}）`);
      }
      if (meta.width > FRAME_LIMITS.maxSide || meta.height > FRAME_LIMITS.maxSide) {
        throw sourceFileInvalid('图像', `${name} 超过 ${FRAME_LIMITS.maxSide} 像素`);
      }
      const parts = name.split('_');
      const fromName = parts[0] === 'SEVP' && parts.length > 6;
      const trafficCity = options.kind === 'traffic' ? trafficCityOf(name) : undefined;
      rows.push({
        name,
        kind: options.kind,
        // NMC names: …_RDCP_SLDAS_EBREF_ACHN_… (radar: EBREF), …_WXBL_FY4A_ETCC_ACHN_… (satellite: fy4a_etcc).
        product: trafficCity
          ? 'traffic'
          : (options.product ??
            (fromName
              ? options.kind === 'satellite'
                ? `${parts[3]}_${parts[4]}`.toLowerCase()
                : (parts[4] ?? 'unknown')
              : 'unknown')),
        region: trafficCity ?? options.region ?? (fromName ? (parts[5] ?? 'ACHN') : 'ACHN'),
        time,
        width: meta.width,
        height: meta.height,
        format: meta.format,
        data: file.bytes,
        origin: options.origin ?? 'import',
        source_url: file.sourceUrl ?? null,
        imported_at: importedAt,
      });
    }
    await this.frames.save(rows);
    const times = rows.map((r) => r.time);
    return { frames: rows.length, first: Math.min(...times), last: Math.max(...times) };
  }
}

/**
 * A traffic image's city, from its name `TRAFFIC_<city code>_<YYYYMMDDHHmmss>.png` (UTC, as the
 * NMC names): the code must name a city (or a municipality), so a stray file cannot invent one.
 */
function trafficCityOf(name: string): string {
  const m = /^TRAFFIC_(\d{6})_\d{14}(\d{3})?\.(png|jpe?g)$/i.exec(name);
  if (!m?.[1]) throw sourceFileInvalid('交通图像', `${name} 的文件名应为 TRAFFIC_<城市区划代码>_YYYYMMDDHHmmss.png`);
  const area = areaByCode(m[1]);
  if (!area || !(area.level === 'city' || area.municipality))
    throw sourceFileInvalid('交通图像', `${name} 中的 ${m[1]} 不是城市区划代码`);
  return area.code;
}

/** The UTC time of a METAR day/hour/minute: the latest such date not later than a day past `reference`. */
export function metarTime(day: number, hour: number, minute: number, reference: number): number {
  const ref = new Date(reference * 1000);
  for (let back = 0; back < 3; back++) {
    const t = Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() - back, day, hour, minute) / 1000;
    const check = new Date(t * 1000);
    if (check.getUTCDate() === day && t <= reference + 86_400) return t;
  }
  throw sourceFileInvalid('METAR 报文', `日期 ${day} 日无法对应到最近的月份`);
}
