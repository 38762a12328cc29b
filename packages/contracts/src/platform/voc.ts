import { isVocSpecies, VOC_GROUP_KEYS } from '@lantian/domain';
import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { areaCode } from '../reference';
import { mnCode, onlineState } from './devices';
import { pageOf, pageQuery } from './paging';

/**
 * VOC and ozone analysis (spec §7 `/air/relation/bigdata/*`; parameter names of §3 "VOC: vocIds,
 * trafficIds, factorType, unitType"; defaults of §"Timings": ug for sequences, ppb for
 * concentrations, factor type TVOC13). Every call reads the hourly species of one VOC station of
 * the operator's area; the arithmetic is packages/domain/src/voc.
 */

const SPECIES_LIST = /^[A-Za-z0-9]{1,12}(,[A-Za-z0-9]{1,12}){0,59}$/;

/** A comma list of species codes of the catalogue (`a25002,a25003`). */
const speciesCodes = (what: string) =>
  z
    .string()
    .trim()
    .regex(SPECIES_LIST, `${what} 应为以逗号分隔的物种编码（最多 60 个）`)
    .superRefine((text, ctx) => {
      const unknown = text.split(',').filter((code) => !isVocSpecies(code));
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `${what} 含未知的物种编码：${unknown.join('、')}` });
    });

export const VOC_FACTOR_TYPES = ['TVOC13', ...VOC_GROUP_KEYS] as const;
export const vocFactorType = z
  .enum(VOC_FACTOR_TYPES, { message: `factorType 应为 ${VOC_FACTOR_TYPES.join('、')} 之一` })
  .describe(
    '合计口径：TVOC13 为站点全部已测物种之和（默认）；alkane、alkene、alkyne、aromatic、ovoc、halocarbon 为该类物种之和',
  );
export const vocUnitType = z.enum(['ug', 'ppb'], { message: 'unitType 应为 ug 或 ppb' });

const base = {
  deviceCode: mnCode.describe('VOC 站（V01 设备）的 MN'),
  startTime: chinaDateTime.optional().describe('默认结束时间前 24 小时（日变化默认 7 天）'),
  endTime: chinaDateTime.optional().describe('默认现在；时间范围最多 31 天'),
  vocIds: speciesCodes('vocIds').optional().describe('物种编码，逗号分隔；不填为站点上报的全部物种'),
  factorType: vocFactorType.default('TVOC13'),
};

export const vocStationsQuery = pageQuery.extend({
  areaCode: areaCode.optional().describe('只列该地区的站点（须在本人所辖区域内）'),
});
export const vocStationRow = z.object({
  deviceId: z.string(),
  deviceCode: z.string(),
  name: z.string(),
  siteName: z.string().nullable(),
  areaCode: z.string(),
  areaName: z.string(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  online: onlineState,
  lastSeen: chinaDateTime.nullable(),
  species: z.array(z.string()).describe('站点登记的、目录内的物种编码'),
  hasNox: z.boolean().describe('同时上报 NO 与 NO2'),
  hasO3: z.boolean(),
  isDemo: z.boolean(),
});
export const vocStationsResponse = envelope(pageOf(vocStationRow));

export const vocSpeciesRow = z.object({
  code: z.string().describe('HJ 212-2017 编码，标准未列的为平台自编码 v1xxxx'),
  name: z.string(),
  nameEn: z.string(),
  cas: z.string(),
  group: z.enum(VOC_GROUP_KEYS),
  groupName: z.string(),
  mw: z.number().describe('摩尔质量，g/mol'),
  carbons: z.number().int(),
  mir: z.number().describe('最大增量反应活性 MIR，g O3/g VOC（Carter 2010，SAPRC-07）'),
  kOH: z.number().describe('298 K 时与 OH 的反应速率常数，10⁻¹² cm³/(molecule·s)（Atkinson & Arey 2003）'),
  pams: z.boolean(),
  traffic: z.boolean().describe('默认的机动车示踪物种（trafficIds 的默认值）'),
});
export const vocSpeciesResponse = envelope(
  z.object({
    list: z.array(vocSpeciesRow),
    total: z.number().int(),
    reference: z.string().describe('浓度换算的参比状态'),
    molarVolume: z.number().describe('参比状态下的摩尔体积，L/mol'),
  }),
);

// --- sequence ---------------------------------------------------------------------------------------

export const vocSequenceQuery = z.object({
  ...base,
  unitType: vocUnitType.default('ug').describe('ug 为 μg/m³（序列默认），ppb 为体积混合比'),
});
const seriesLine = z.object({
  code: z.string(),
  name: z.string(),
  values: z.array(z.number().nullable()).describe('与 times 一一对应；缺测为 null'),
});
export const vocSequenceResponse = envelope(
  z.object({
    deviceCode: z.string(),
    deviceName: z.string(),
    startTime: chinaDateTime,
    endTime: chinaDateTime,
    unitType: vocUnitType,
    unit: z.string(),
    factorType: vocFactorType,
    times: z.array(chinaDateTime).describe('小时末（北京时间），只含有效小时'),
    total: seriesLine.describe('factorType 口径的合计（只计该小时有值的物种）'),
    series: z.array(seriesLine),
  }),
);

// --- composition and key species --------------------------------------------------------------------

export const vocConcentrationQuery = z.object({
  ...base,
  unitType: vocUnitType.default('ppb').describe('ppb（浓度默认）或 ug'),
});
const groupShare = z.object({
  group: z.enum(VOC_GROUP_KEYS),
  name: z.string(),
  value: z.number().describe('时段平均浓度，unitType'),
  share: z.number().nullable().describe('占 TVOC 的比例（0–1）'),
  ofp: z.number().describe('臭氧生成潜势，μg/m³'),
  ofpShare: z.number().nullable(),
  loh: z.number().describe('OH 反应活性，s⁻¹'),
  lohShare: z.number().nullable(),
  species: z.number().int().describe('参与计算的物种数'),
});
const totals = z.object({
  value: z.number().describe('TVOC（factorType 口径）时段平均浓度，unitType'),
  ppbc: z.number(),
  ofp: z.number(),
  loh: z.number(),
  species: z.number().int(),
});
export const vocCompositionResponse = envelope(
  z.object({
    deviceCode: z.string(),
    startTime: chinaDateTime,
    endTime: chinaDateTime,
    unitType: vocUnitType,
    unit: z.string(),
    hours: z.number().int().describe('有数据的小时数'),
    total: totals,
    groups: z.array(groupShare),
  }),
);

export const vocKeySpeciesQuery = vocConcentrationQuery.extend({
  top: z.coerce.number().int('top 应为整数').min(1, 'top 至少为 1').max(60, 'top 最多 60').default(10),
});
const rankRow = z.object({
  rank: z.number().int(),
  code: z.string(),
  name: z.string(),
  group: z.enum(VOC_GROUP_KEYS),
  groupName: z.string(),
  value: z.number(),
  share: z.number().nullable().describe('占该指标合计的比例（0–1）'),
});
export const vocKeySpeciesResponse = envelope(
  z.object({
    deviceCode: z.string(),
    startTime: chinaDateTime,
    endTime: chinaDateTime,
    unitType: vocUnitType,
    unit: z.string(),
    hours: z.number().int(),
    total: totals,
    byConcentration: z.array(rankRow).describe('按时段平均浓度（unitType）'),
    byOfp: z.array(rankRow).describe('按臭氧生成潜势 OFP = [VOC] × MIR，μg/m³'),
    byLoh: z.array(rankRow).describe('按 OH 反应活性 L_OH = k_OH × [VOC]，s⁻¹'),
  }),
);

// --- diurnal ---------------------------------------------------------------------------------------

export const vocDiurnalQuery = vocConcentrationQuery.extend({
  trafficIds: speciesCodes('trafficIds')
    .optional()
    .describe('机动车示踪物种，逗号分隔；默认乙烯、乙炔、异戊烷、正戊烷、苯、甲苯'),
});
export const vocDiurnalResponse = envelope(
  z.object({
    deviceCode: z.string(),
    startTime: chinaDateTime,
    endTime: chinaDateTime,
    unitType: vocUnitType,
    unit: z.string(),
    days: z.number().int().describe('参与平均的有效小时数折合的天数（小时数 ÷ 24，四舍五入，至少 1）'),
    hours: z.array(z.number().int()).describe('0–23：小时末的钟点（1 为 00–01 时的均值，0 为 23–24 时）'),
    trafficIds: z.array(z.string()),
    total: seriesLine.describe('factorType 口径合计的各钟点平均'),
    traffic: seriesLine.describe('机动车示踪物种之和的各钟点平均'),
    o3: seriesLine.describe('O3，ppb'),
    nox: seriesLine.describe('NOx（NO + NO2），ppb'),
    series: z.array(seriesLine),
  }),
);

// --- ratios and sensitivity --------------------------------------------------------------------------

const ratioLine = z.object({
  name: z.string(),
  values: z.array(z.number().nullable()),
  mean: z.number().nullable(),
  hint: z.string().nullable().describe('仅供参考的解读'),
});
export const vocRatiosResponse = envelope(
  z.object({
    deviceCode: z.string(),
    startTime: chinaDateTime,
    endTime: chinaDateTime,
    times: z.array(chinaDateTime),
    tolueneBenzene: ratioLine.describe('甲苯/苯（ppb/ppb）：来源指示'),
    xyleneEthylbenzene: ratioLine.describe('(间+对)二甲苯/乙苯（ppb/ppb）：气团老化程度指示'),
    note: z.string(),
  }),
);

export const O3_REGIME_CODES = ['voc', 'transition', 'nox'] as const;
export const vocSensitivityResponse = envelope(
  z.object({
    deviceCode: z.string(),
    startTime: chinaDateTime,
    endTime: chinaDateTime,
    factorType: vocFactorType,
    times: z.array(chinaDateTime),
    o3: z.array(z.number().nullable()).describe('O3，ppb'),
    nox: z.array(z.number().nullable()).describe('NOx，ppb'),
    voc: z.array(z.number().nullable()).describe('VOCs，ppbC'),
    vocNox: z.array(z.number().nullable()).describe('VOCs/NOx，ppbC/ppb'),
    meanRatio: z.number().nullable().describe('全部小时 VOCs/NOx 的平均'),
    morningRatio: z.number().nullable().describe('早间（06–09 时）VOCs/NOx 的平均，判断敏感性的常用口径'),
    regime: z.enum(O3_REGIME_CODES).nullable().describe('按早间比值（无早间数据时按全部小时）'),
    regimeName: z.string().nullable(),
    thresholds: z.object({ vocLimited: z.number(), noxLimited: z.number() }),
    o3Max: z.number().nullable().describe('时段内 O3 最大小时值，ppb'),
    o3MaxTime: chinaDateTime.nullable(),
    note: z.string(),
  }),
);
