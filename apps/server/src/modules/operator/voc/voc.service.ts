import type {
  vocConcentrationQuery,
  vocDiurnalQuery,
  vocKeySpeciesQuery,
  vocSequenceQuery,
  vocStationsQuery,
} from '@lantian/contracts';
import {
  codeList,
  formatChinaDateTime,
  formatChinaDateTimeOrNull,
  groupTotals,
  inUnit,
  MOLAR_VOLUME_L,
  meanOf,
  noxPpb,
  O3_REGIMES,
  o3Regime,
  ppbcOf,
  rankSpecies,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
  type SpeciesMetrics,
  speciesMetrics,
  TRAFFIC_TRACERS,
  tolueneBenzeneHint,
  totalsOf,
  ugToPpb,
  VOC_COMPANIONS,
  VOC_GROUP_KEYS,
  VOC_GROUPS,
  VOC_NOX_THRESHOLDS,
  VOC_SPECIES,
  type VocGroup,
  type VocUnit,
  vocSpecies,
  xyleneEthylbenzeneHint,
} from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { notFound } from '../../../platform/errors';
import { pageAnswer, pageOf, type TimeRange } from '../../../platform/http/params';
import { areaName, type DeviceView, onlineOf, readFactors } from '../devices';
import { type DeviceCore, type HourTable, rangeOf, readHours, speciesOfFactors } from './hours';

/** Device types that can be VOC stations: VOCs analysers and automatic stations with a GC. */
export const VOC_STATION_TYPES = ['V01', 'A02'] as const;

const UNIT_TEXT: Record<VocUnit, string> = { ug: 'μg/m³', ppb: 'ppb' };
const DAY = SECONDS_PER_DAY;
const COMPANION_CODES = Object.values(VOC_COMPANIONS).map((c) => c.code);

type AnalysisQuery = {
  deviceCode: string;
  startTime?: string | undefined;
  endTime?: string | undefined;
  vocIds?: string | undefined;
  factorType: 'TVOC13' | VocGroup;
};

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};
/** Display precision: concentrations 0.001, OFP 0.01 μg/m³, L_OH 0.0001 s⁻¹, ratios 0.01. */
const r3 = (v: number | null) => (v === null ? null : round(v, 3));
const r2 = (v: number | null) => (v === null ? null : round(v, 2));

/**
 * VOC and ozone analysis (spec §7 `/air/relation/bigdata/*`): the VOC stations of an operator's area
 * and, for one station and a range, its species in ug or ppb, composition by group, key species by
 * concentration, OFP and L_OH, diurnal profiles, ratio indicators and the O3–NOx sensitivity hint.
 * Stations are the device core's V01 / A02 devices whose registered factors include species of the
 * catalogue; the scope is applied by the core's SQL, so a station outside answers 404.
 */
export class VocService {
  constructor(
    private readonly core: DeviceCore,
    private readonly now: Clock,
  ) {}

  async stations(query: z.output<typeof vocStationsQuery>, scope: AreaScope) {
    const page = pageOf(query, 20);
    const all = await this.allStations(scope, query.areaCode);
    const now = this.now();
    const list = all.slice(page.offset, page.offset + page.limit).map((d) => {
      const factors = readFactors(d.factors_json).map((f) => f.code);
      return {
        deviceId: String(d.id),
        deviceCode: d.mn,
        name: d.name,
        siteName: d.site_name,
        areaCode: d.area_code,
        areaName: areaName(d.area_code),
        lon: d.lon,
        lat: d.lat,
        online: onlineOf(d, now),
        lastSeen: formatChinaDateTimeOrNull(d.last_seen),
        species: speciesOfFactors(factors),
        hasNox: factors.includes(VOC_COMPANIONS.no.code) && factors.includes(VOC_COMPANIONS.no2.code),
        hasO3: factors.includes(VOC_COMPANIONS.o3.code),
        isDemo: d.mn.startsWith('DEMO'),
      };
    });
    return pageAnswer(page, { list, total: all.length });
  }

  species() {
    const traffic = new Set(TRAFFIC_TRACERS);
    return {
      list: VOC_SPECIES.map((s) => ({ ...s, groupName: VOC_GROUPS[s.group], traffic: traffic.has(s.code) })),
      total: VOC_SPECIES.length,
      reference: '298.15 K，101.325 kPa（GB 3095-2012 修改单的参比状态）',
      molarVolume: round(MOLAR_VOLUME_L, 4),
    };
  }

  async sequence(query: z.output<typeof vocSequenceQuery>, scope: AreaScope) {
    const { device, codes, range, table } = await this.read(query, scope, DAY);
    const unit = query.unitType;
    const value = (code: string, t: number) => {
      const ug = table.at(t).get(code);
      const species = vocSpecies(code);
      return ug === undefined || species === undefined ? null : r3(inUnit(species, ug, unit));
    };
    return {
      ...this.head(device, range),
      unitType: unit,
      unit: UNIT_TEXT[unit],
      factorType: query.factorType,
      times: table.times.map(formatChinaDateTime),
      total: {
        code: query.factorType,
        name: totalName(query.factorType),
        values: table.times.map((t) => {
          const present = codes.map((c) => value(c, t)).filter((v): v is number => v !== null);
          return present.length === 0 ? null : r3(present.reduce((a, b) => a + b, 0));
        }),
      },
      series: codes.map((code) => ({
        code,
        name: vocSpecies(code)?.name ?? code,
        values: table.times.map((t) => value(code, t)),
      })),
    };
  }

  async composition(query: z.output<typeof vocConcentrationQuery>, scope: AreaScope) {
    const { device, codes, range, table } = await this.read(query, scope, DAY);
    const metrics = meanMetrics(codes, table);
    const totals = totalsOf(metrics);
    const unit = query.unitType;
    const amount = (t: { ug: number; ppb: number }) => (unit === 'ug' ? t.ug : t.ppb);
    const groups = groupTotals(metrics);
    return {
      ...this.head(device, range),
      unitType: unit,
      unit: UNIT_TEXT[unit],
      hours: table.times.length,
      total: presentTotals(totals, unit),
      groups: VOC_GROUP_KEYS.map((g) => ({
        group: g,
        name: VOC_GROUPS[g],
        value: round(amount(groups[g]), 3),
        share: shareOf(amount(groups[g]), amount(totals)),
        ofp: round(groups[g].ofp, 2),
        ofpShare: shareOf(groups[g].ofp, totals.ofp),
        loh: round(groups[g].loh, 4),
        lohShare: shareOf(groups[g].loh, totals.loh),
        species: groups[g].species,
      })),
    };
  }

  async keySpecies(query: z.output<typeof vocKeySpeciesQuery>, scope: AreaScope) {
    const { device, codes, range, table } = await this.read(query, scope, DAY);
    const metrics = meanMetrics(codes, table);
    const unit = query.unitType;
    const rows = (by: 'concentration' | 'ofp' | 'loh', digits: number) =>
      rankSpecies(metrics, by, unit, query.top).map((r) => ({
        rank: r.rank,
        code: r.metrics.code,
        name: r.metrics.species.name,
        group: r.metrics.species.group,
        groupName: VOC_GROUPS[r.metrics.species.group],
        value: round(r.value, digits),
        share: r.share === null ? null : round(r.share, 4),
      }));
    return {
      ...this.head(device, range),
      unitType: unit,
      unit: UNIT_TEXT[unit],
      hours: table.times.length,
      total: presentTotals(totalsOf(metrics), unit),
      byConcentration: rows('concentration', 3),
      byOfp: rows('ofp', 2),
      byLoh: rows('loh', 4),
    };
  }

  async diurnal(query: z.output<typeof vocDiurnalQuery>, scope: AreaScope) {
    const traffic = query.trafficIds === undefined ? [...TRAFFIC_TRACERS] : codeList(query.trafficIds);
    const { device, codes, range, table } = await this.read(query, scope, 7 * DAY, traffic);
    const unit = query.unitType;
    const amount = (code: string, ug: number | undefined) => {
      const s = vocSpecies(code);
      return ug === undefined || s === undefined ? null : inUnit(s, ug, unit);
    };
    const sumOf = (list: readonly string[], hour: ReadonlyMap<string, number>) => {
      const present = list.map((c) => amount(c, hour.get(c))).filter((v): v is number => v !== null);
      return present.length === 0 ? null : present.reduce((a, b) => a + b, 0);
    };
    const byHour = (pick: (hour: ReadonlyMap<string, number>) => number | null) => {
      const buckets: Array<Array<number | null>> = Array.from({ length: 24 }, () => []);
      for (const t of table.times) buckets[hourOfDay(t)]?.push(pick(table.at(t)));
      return buckets.map((b) => r3(meanOf(b)));
    };
    // Days' worth of hours averaged (a 24-hour window is one day, though it spans two dates).
    const days = table.times.length === 0 ? 0 : Math.max(1, Math.round(table.times.length / 24));
    return {
      ...this.head(device, range),
      unitType: unit,
      unit: UNIT_TEXT[unit],
      days,
      hours: Array.from({ length: 24 }, (_, h) => h),
      trafficIds: traffic,
      total: { code: query.factorType, name: totalName(query.factorType), values: byHour((h) => sumOf(codes, h)) },
      traffic: { code: 'traffic', name: '机动车示踪物种', values: byHour((h) => sumOf(traffic, h)) },
      o3: { code: VOC_COMPANIONS.o3.code, name: 'O3', values: byHour((h) => companionPpb(h, 'o3')) },
      nox: {
        code: 'NOx',
        name: 'NOx',
        values: byHour((h) => noxPpb(h.get(VOC_COMPANIONS.no.code) ?? null, h.get(VOC_COMPANIONS.no2.code) ?? null)),
      },
      series: codes.map((code) => ({
        code,
        name: vocSpecies(code)?.name ?? code,
        values: byHour((h) => amount(code, h.get(code))),
      })),
    };
  }

  async ratios(query: z.output<typeof vocConcentrationQuery>, scope: AreaScope) {
    const { device, range, table } = await this.read(query, scope, DAY, [
      'a25002',
      'a25003',
      'a25004',
      'a25007',
      'a25008',
    ]);
    const ppb = (hour: ReadonlyMap<string, number>, code: string) => {
      const ug = hour.get(code);
      const s = vocSpecies(code);
      return ug === undefined || s === undefined ? null : ugToPpb(ug, s.mw);
    };
    const tb = table.times.map((t) => ratio(ppb(table.at(t), 'a25003'), ppb(table.at(t), 'a25002')));
    const xe = table.times.map((t) => {
      const h = table.at(t);
      const m = ppb(h, 'a25007');
      const p = ppb(h, 'a25008');
      return ratio(m === null || p === null ? null : m + p, ppb(h, 'a25004'));
    });
    const tbMean = meanOf(tb);
    const xeMean = meanOf(xe);
    return {
      ...this.head(device, range),
      times: table.times.map(formatChinaDateTime),
      tolueneBenzene: { name: '甲苯/苯', values: tb.map(r2), mean: r2(tbMean), hint: tolueneBenzeneHint(tbMean) },
      xyleneEthylbenzene: {
        name: '(间+对)二甲苯/乙苯',
        values: xe.map(r2),
        mean: r2(xeMean),
        hint: xyleneEthylbenzeneHint(xeMean),
      },
      note: '比值按体积混合比（ppb/ppb）计算，只作来源与气团老化程度的参考，不代替源解析。',
    };
  }

  async sensitivity(query: z.output<typeof vocConcentrationQuery>, scope: AreaScope) {
    const { device, codes, range, table } = await this.read(query, scope, DAY);
    const o3: Array<number | null> = [];
    const nox: Array<number | null> = [];
    const voc: Array<number | null> = [];
    const ratios: Array<number | null> = [];
    const morning: Array<number | null> = [];
    for (const t of table.times) {
      const h = table.at(t);
      const n = noxPpb(h.get(VOC_COMPANIONS.no.code) ?? null, h.get(VOC_COMPANIONS.no2.code) ?? null);
      let c: number | null = null;
      for (const code of codes) {
        const ug = h.get(code);
        const s = vocSpecies(code);
        if (ug !== undefined && s !== undefined) c = (c ?? 0) + ppbcOf(s, ug);
      }
      const ratioValue = ratio(c, n);
      o3.push(companionPpb(h, 'o3'));
      nox.push(n);
      voc.push(c);
      ratios.push(ratioValue);
      // Hours ending 07:00–09:00 are the 06–09 morning, before photochemistry takes over.
      const hod = hourOfDay(t);
      if (hod >= 7 && hod <= 9) morning.push(ratioValue);
    }
    const meanRatio = meanOf(ratios);
    const morningRatio = meanOf(morning);
    const regime = o3Regime(morningRatio ?? meanRatio);
    let o3Max: number | null = null;
    let o3MaxTime: string | null = null;
    o3.forEach((v, i) => {
      const t = table.times[i];
      if (v !== null && t !== undefined && (o3Max === null || v > o3Max)) {
        o3Max = v;
        o3MaxTime = formatChinaDateTime(t);
      }
    });
    return {
      ...this.head(device, range),
      factorType: query.factorType,
      times: table.times.map(formatChinaDateTime),
      o3: o3.map(r2),
      nox: nox.map(r2),
      voc: voc.map(r2),
      vocNox: ratios.map(r2),
      meanRatio: r2(meanRatio),
      morningRatio: r2(morningRatio),
      regime,
      regimeName: regime === null ? null : O3_REGIMES[regime],
      thresholds: { ...VOC_NOX_THRESHOLDS },
      o3Max: r2(o3Max),
      o3MaxTime,
      note: 'VOCs/NOx（ppbC/ppb）≤ 4 为 VOCs 控制区、≥ 15 为 NOx 控制区、其间为协同控制区（NRC 1991；Seinfeld & Pandis）；以早间 06–09 时为准，仅为经验指示，不代替模型或观测的敏感性诊断。',
    };
  }

  // --- reading --------------------------------------------------------------------------------------

  private head(device: DeviceView, range: TimeRange) {
    return {
      deviceCode: device.mn,
      deviceName: device.name,
      startTime: formatChinaDateTime(range.from),
      endTime: formatChinaDateTime(range.to),
    };
  }

  /**
   * The station, the species considered — `vocIds` (else the station's registered species) within
   * the factorType's group — the range and the hours of those species, the extra species asked and
   * NO, NO2, O3.
   */
  private async read(query: AnalysisQuery, scope: AreaScope, defaultSeconds: number, extra: readonly string[] = []) {
    const device = await this.station(query.deviceCode, scope);
    const range = rangeOf(query, this.now, defaultSeconds);
    const asked =
      query.vocIds === undefined
        ? speciesOfFactors(readFactors(device.factors_json).map((f) => f.code))
        : codeList(query.vocIds);
    const codes = asked.filter((code) => query.factorType === 'TVOC13' || vocSpecies(code)?.group === query.factorType);
    const table = await readHours(this.core, device.id, [...new Set([...codes, ...extra, ...COMPANION_CODES])], range);
    return { device, codes, range, table };
  }

  private async allStations(scope: AreaScope, areaCode?: string) {
    const lists = await Promise.all(VOC_STATION_TYPES.map((type) => this.core.registry.all({ type, areaCode }, scope)));
    return lists
      .flat()
      .filter(
        (d) => d.status !== 'retired' && speciesOfFactors(readFactors(d.factors_json).map((f) => f.code)).length > 0,
      )
      .sort((a, b) => a.mn.localeCompare(b.mn));
  }

  private async station(mn: string, scope: AreaScope): Promise<DeviceView> {
    const device = (await this.allStations(scope)).find((d) => d.mn === mn);
    if (device === undefined) throw notFound('未找到该 VOC 站');
    return device;
  }
}

/** The hour of the day (China time) of an hour labelled by its end: 1 for 00–01, 0 for 23–24. */
function hourOfDay(t: number): number {
  return Math.floor(((((t + 8 * 3600) % DAY) + DAY) % DAY) / SECONDS_PER_HOUR);
}

function totalName(factorType: 'TVOC13' | VocGroup): string {
  return factorType === 'TVOC13' ? 'TVOC' : VOC_GROUPS[factorType];
}

function ratio(a: number | null, b: number | null): number | null {
  return a === null || b === null || b <= 0 ? null : a / b;
}

function shareOf(part: number, total: number): number | null {
  return total > 0 ? round(part / total, 4) : null;
}

function companionPpb(hour: ReadonlyMap<string, number>, which: 'o3'): number | null {
  const c = VOC_COMPANIONS[which];
  const ug = hour.get(c.code);
  return ug === undefined ? null : ugToPpb(ug, c.mw);
}

/** The metrics of each species' mean over the hours it has a value (a species never measured is left out). */
function meanMetrics(codes: readonly string[], table: HourTable): SpeciesMetrics[] {
  return speciesMetrics(
    codes.flatMap((code) => {
      const mean = meanOf(table.times.map((t) => table.at(t).get(code) ?? null));
      return mean === null ? [] : [{ code, ug: mean }];
    }),
  );
}

function presentTotals(totals: ReturnType<typeof totalsOf>, unit: VocUnit) {
  return {
    value: round(unit === 'ug' ? totals.ug : totals.ppb, 3),
    ppbc: round(totals.ppbc, 3),
    ofp: round(totals.ofp, 2),
    loh: round(totals.loh, 4),
    species: totals.species,
  };
}
