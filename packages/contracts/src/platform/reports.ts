import { unknownPlaceholders } from '@lantian/domain';
import { z } from 'zod';
import { envelope } from '../envelope';
import { areaCode } from '../reference';
import { chinaDate } from '../weather';
import { pageOf, pageQuery } from './paging';

/**
 * The report centre (issue 21; spec §3 Report template: id, name, type, projectId, content, category;
 * Report record: id, timepoint, type, templateId, content, substance, imageInfo; Report: summary (JSON
 * text), area.name, businessType, type; §7 "Platform: reports"). A template is a list of elements —
 * rich text with placeholders, tables and charts bound to data queries, images — that a generation
 * fills for one area and one period into a record; records export to Word and PDF. Schedules
 * (`/report/*`) generate records by themselves.
 */

export const reportId = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,11}$/, '不是有效的编号')
  .describe('编号');
const idValue = z.union([z.number().int().positive().max(999_999_999_999), reportId]).transform(String);

/** What a template is for: the period its reports cover (spec §9 dictionary report_type). */
export const REPORT_TYPES = { day: '日报', week: '周报', month: '月报', episode: '重污染过程报告' } as const;
export const reportType = z.enum(['day', 'week', 'month', 'episode'], '报告类型应为 day、week、month 或 episode');
export type ReportType = z.infer<typeof reportType>;

// --- Elements ----------------------------------------------------------------------------------

/** The data a table or chart is bound to, computed for the report's area and period. */
export const REPORT_QUERIES = {
  airSummary: {
    name: '空气质量综合统计',
    detail: '六项污染物浓度、综合指数、平均 AQI、优良天数与优良率（与公众接口同源）',
  },
  levelDays: { name: '各级别天数', detail: '优、良、轻度、中度、重度、严重污染各多少天' },
  dailyAqi: { name: '逐日 AQI', detail: '每天的 AQI、级别与首要污染物' },
  cityRank: {
    name: '城市排名',
    detail: '综合指数在全国城市中的排名（月报为当月，与排名接口同源），及最好、最差的 5 个城市',
  },
  alarmLevels: { name: '设备告警统计', detail: '期间内本区域监测设备告警按级别计数' },
} as const;
export type ReportQuery = keyof typeof REPORT_QUERIES;
export const reportQuery = z.enum(Object.keys(REPORT_QUERIES) as [ReportQuery, ...ReportQuery[]], '不是已知的数据查询');

/** Which queries draw which charts (a ranking is a table only). */
export const CHARTABLE_QUERIES: Record<ReportQuery, readonly ('bar' | 'line' | 'pie')[]> = {
  airSummary: ['bar'],
  levelDays: ['pie', 'bar'],
  dailyAqi: ['line', 'bar'],
  cityRank: [],
  alarmLevels: ['bar', 'pie'],
};

/** The placeholders rich text may use, with what they read. */
export const REPORT_PLACEHOLDERS = {
  area: '区域名称',
  period: '报告期（如 2024年5月）',
  title: '报告标题',
  aqiMean: '平均 AQI',
  days: '有效监测天数',
  goodDays: '优良天数',
  goodRate: '优良率（%）',
  heavyDays: '重度及以上污染天数',
  pm2_5: 'PM2.5 平均浓度（μg/m³）',
  pm10: 'PM10 平均浓度（μg/m³）',
  so2: 'SO2 平均浓度（μg/m³）',
  no2: 'NO2 平均浓度（μg/m³）',
  co: 'CO 第 95 百分位浓度（mg/m³）',
  o3_8h: 'O3 日最大 8 小时第 90 百分位浓度（μg/m³）',
  compositeIndex: '综合指数',
  rank: '综合指数全国排名',
  rankTotal: '参与排名的城市数',
  alarmTotal: '设备告警总数',
  generatedAt: '生成时间',
} as const;
export type ReportPlaceholder = keyof typeof REPORT_PLACEHOLDERS;
const KNOWN_PLACEHOLDERS: ReadonlySet<string> = new Set(Object.keys(REPORT_PLACEHOLDERS));

export const MAX_TEMPLATE_ELEMENTS = 60;
const elementId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, '元素编号只能包含字母、数字、_ 和 -')
  .describe('元素编号（模板内唯一）');
const elementTitle = z.string().trim().max(60, '标题不能超过 60 字').default('');

export const textElement = z.object({
  kind: z.literal('text'),
  id: elementId,
  title: elementTitle,
  style: z.enum(['heading', 'paragraph'], '样式应为 heading 或 paragraph').default('paragraph'),
  text: z
    .string()
    .max(5000, '文字不能超过 5000 字')
    .superRefine((text, ctx) => {
      const unknown = unknownPlaceholders(text, KNOWN_PLACEHOLDERS);
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `未知的占位符：${unknown.map((n) => `{{${n}}}`).join('、')}` });
    })
    .describe('文字，可含占位符 {{名称}}（见元素列表）'),
});
export const tableElement = z.object({
  kind: z.literal('table'),
  id: elementId,
  title: elementTitle,
  query: reportQuery,
});
export const chartElement = z
  .object({
    kind: z.literal('chart'),
    id: elementId,
    title: elementTitle,
    query: reportQuery,
    chart: z.enum(['bar', 'line', 'pie'], '图表类型应为 bar、line 或 pie'),
  })
  .refine((e) => CHARTABLE_QUERIES[e.query].includes(e.chart), {
    message: '该数据不能画成这种图表',
    path: ['chart'],
  });
export const imageElement = z
  .object({
    kind: z.literal('image'),
    id: elementId,
    title: elementTitle,
    source: z.enum(['aqiImage', 'upload'], '图片来源应为 aqiImage 或 upload'),
    imageId: reportId.optional().describe('source=upload 时：上传的图片编号'),
  })
  .refine((e) => e.source === 'aqiImage' || e.imageId !== undefined, {
    message: '请上传图片',
    path: ['imageId'],
  });

export const reportElement = z.discriminatedUnion('kind', [textElement, tableElement, chartElement, imageElement]);
export type ReportElement = z.output<typeof reportElement>;
export type ReportElementInput = z.input<typeof reportElement>;

export const templateContent = z
  .array(reportElement, '模板内容应为元素数组')
  .max(MAX_TEMPLATE_ELEMENTS, `一个模板最多 ${MAX_TEMPLATE_ELEMENTS} 个元素`)
  .refine((elements) => new Set(elements.map((e) => e.id)).size === elements.length, '元素编号不能重复');

/** Templates' content travels as a JSON array, or as JSON text (form posts). */
const contentValue = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, templateContent);

// --- Templates ---------------------------------------------------------------------------------

const name = z.string().trim().min(1, '请填写名称').max(60, '名称不能超过 60 字');
const category = z.string().trim().max(30, '分类不能超过 30 字').default('空气质量');

export const templateSaveBody = z.object({
  name,
  type: reportType,
  category,
  content: contentValue.default([]),
});
export const templateUpdateBody = templateSaveBody.partial().extend({ id: idValue });
export const templateIdBody = z.object({ id: idValue });
export const templateIdQuery = z.object({ id: reportId });
export const templateListQuery = pageQuery.extend({
  name: z.string().trim().max(60).optional().describe('名称关键字'),
  type: reportType.optional(),
  category: z.string().trim().max(30).optional(),
});
export const controlAddBody = z.object({
  templateId: idValue,
  element: reportElement,
});

export const templateRow = z.object({
  id: z.string(),
  name: z.string(),
  type: reportType,
  typeName: z.string(),
  category: z.string(),
  projectId: z.string().describe('所属项目：创建人所在组织'),
  areaCode: z.string(),
  elementCount: z.number().int(),
  createdBy: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable().describe('进入回收站的时间；未删除为 null'),
});
export type TemplateRow = z.infer<typeof templateRow>;
export const templateDetail = templateRow.extend({ content: z.array(reportElement) });
export type TemplateDetail = z.infer<typeof templateDetail>;

export const templateListResponse = envelope(pageOf(templateRow));
export const templateDetailResponse = envelope(templateDetail);
export const templateTreeNode = z.object({
  key: z.string(),
  title: z.string(),
  templateId: z.string().nullable(),
  children: z.array(
    z.object({ key: z.string(), title: z.string(), templateId: z.string().nullable(), type: reportType.nullable() }),
  ),
});
export const templateTreeResponse = envelope(z.array(templateTreeNode));

export const elementCatalogResponse = envelope(
  z.object({
    kinds: z.array(z.object({ kind: z.string(), name: z.string(), detail: z.string() })),
    queries: z.array(z.object({ key: reportQuery, name: z.string(), detail: z.string(), charts: z.array(z.string()) })),
    placeholders: z.array(z.object({ key: z.string(), name: z.string() })),
  }),
);

export const projectInfoResponse = envelope(
  z.object({
    projectId: z.string(),
    name: z.string().describe('编制单位（运营人员所在组织）'),
    areaCode: z.string(),
    areaName: z.string(),
    templates: z.number().int(),
    records: z.number().int(),
    schedules: z.number().int(),
  }),
);

// --- Records -----------------------------------------------------------------------------------

/** The period of a generation: a month 'YYYY-MM', a day 'YYYY-MM-DD', or a range of days. */
export const recordSaveBody = z
  .object({
    templateId: idValue,
    areaCode: areaCode.describe('报告区域（6 位区划代码，须在本人辖区内）'),
    timepoint: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}(-\d{2})?$/, 'timepoint 应为 YYYY-MM（月报）或 YYYY-MM-DD（日报、周报的第一天）')
      .describe('报告期：月报 YYYY-MM；日报 YYYY-MM-DD；周报为该周的周一 YYYY-MM-DD'),
    endDate: chinaDate.optional().describe('重污染过程报告：最后一天 YYYY-MM-DD（timepoint 为第一天）'),
    title: z.string().trim().max(80, '标题不能超过 80 字').optional(),
  })
  .describe('按模板为一个区域、一个报告期生成报告');
export const recordUpdateBody = z.object({
  id: idValue,
  title: z.string().trim().min(1, '标题不能为空').max(80, '标题不能超过 80 字').optional(),
  substance: z.string().max(5000, '综述不能超过 5000 字').optional().describe('综述（人工撰写的结论与建议）'),
});
export const recordIdBody = z.object({ id: idValue });
export const recordIdQuery = z.object({ id: reportId });
export const recordListQuery = pageQuery.extend({
  templateId: reportId.optional(),
  type: reportType.optional(),
  areaCode: areaCode.optional(),
  startDate: chinaDate.optional().describe('报告期开始不早于此日'),
  endDate: chinaDate.optional().describe('报告期开始不晚于此日'),
});
export const exportQuery = z.object({
  id: reportId,
  format: z.enum(['docx', 'pdf'], '格式应为 docx 或 pdf').default('docx'),
});
export const aqiImageQuery = z.object({
  areaCode: areaCode,
  startDate: chinaDate,
  endDate: chinaDate,
});
export const recordChartQuery = z.object({ id: reportId, element: elementId });
export const imageIdQuery = z.object({ id: reportId });

/** One rendered element of a record: its text filled, its table's rows, its chart's image. */
export const renderedElement = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    id: z.string(),
    title: z.string(),
    style: z.enum(['heading', 'paragraph']),
    text: z.string(),
  }),
  z.object({
    kind: z.literal('table'),
    id: z.string(),
    title: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
  }),
  z.object({
    kind: z.literal('chart'),
    id: z.string(),
    title: z.string(),
    image: z.string().describe('图表图片地址（PNG，服务端渲染）'),
  }),
  z.object({ kind: z.literal('image'), id: z.string(), title: z.string(), image: z.string() }),
]);
export type RenderedElement = z.infer<typeof renderedElement>;

/** The numbers of a record, as computed at generation: what the placeholders and tables read. */
export const reportNumbers = z.object({
  areaCode: z.string(),
  areaName: z.string(),
  period: z.object({ kind: reportType, startDate: z.string(), endDate: z.string(), label: z.string() }),
  air: z.object({
    pm2_5: z.number().nullable(),
    pm10: z.number().nullable(),
    so2: z.number().nullable(),
    no2: z.number().nullable(),
    co: z.number().nullable(),
    o3_8h: z.number().nullable(),
    compositeIndex: z.number().nullable(),
    aqiMean: z.number().nullable(),
    days: z.number().int(),
    goodDays: z.number().int(),
    goodRate: z.number().nullable(),
    levelDays: z.array(z.object({ level: z.number().int(), levelName: z.string(), days: z.number().int() })),
    source: z.string().nullable(),
  }),
  daily: z.array(
    z.object({
      date: z.string(),
      aqi: z.number().nullable(),
      level: z.number().int(),
      levelName: z.string(),
      primaryPollutant: z.array(z.string()),
    }),
  ),
  rank: z
    .object({
      rank: z.number().int().nullable(),
      total: z.number().int(),
      best: z.array(
        z.object({ rank: z.number().int().nullable(), cityName: z.string(), compositeIndex: z.number().nullable() }),
      ),
      worst: z.array(
        z.object({ rank: z.number().int().nullable(), cityName: z.string(), compositeIndex: z.number().nullable() }),
      ),
    })
    .nullable()
    .describe('仅城市的月报有全国排名'),
  alarms: z.array(z.object({ level: z.number().int(), name: z.string(), count: z.number().int() })),
});
export type ReportNumbers = z.infer<typeof reportNumbers>;

export const recordRow = z.object({
  id: z.string(),
  title: z.string(),
  type: reportType,
  typeName: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  timepoint: z.string().describe('报告期第一天 YYYY-MM-DD'),
  endDate: z.string(),
  periodLabel: z.string(),
  origin: z.enum(['manual', 'schedule']).describe('manual：人工生成；schedule：定时生成'),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type RecordRow = z.infer<typeof recordRow>;
export const recordDetail = recordRow.extend({
  content: z.array(renderedElement),
  substance: z.string(),
  imageInfo: z.array(z.object({ elementId: z.string(), url: z.string() })),
  numbers: reportNumbers,
});
export type RecordDetail = z.infer<typeof recordDetail>;
export const recordListResponse = envelope(pageOf(recordRow));
export const recordDetailResponse = envelope(recordDetail);
export const recordInfoResponse = envelope(
  recordRow.extend({
    elementCount: z.number().int(),
    exports: z.array(z.object({ format: z.string(), url: z.string() })),
  }),
);
export const reportNumbersResponse = envelope(reportNumbers);

export const REPORT_IMAGE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  longSide: 2000,
  types: ['image/jpeg', 'image/png', 'image/webp'],
  text: '支持 JPG、PNG、WebP，不超过 10 MB',
} as const;
export const imageUploadFields = z.object({
  id: reportId.optional().describe('uploadPhotoById：图片所属模板的编号（可选）'),
});
export const imageUploadResponse = envelope(
  z.object({ imageId: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() }),
);

// --- Schedules (/report/*) ---------------------------------------------------------------------

/** A schedule's settings, sent as JSON text in `summary` (spec §3 "summary (sent as JSON text)"). */
export const scheduleSummary = z
  .object({
    templateId: idValue,
    hour: z.number().int().min(0, '小时应为 0–23').max(23, '小时应为 0–23').default(8),
    weekday: z.number().int().min(1, '星期应为 1–7').max(7, '星期应为 1–7').optional(),
    dayOfMonth: z.number().int().min(1, '日期应为 1–28').max(28, '日期应为 1–28（每个月都有）').optional(),
    minDays: z.number().int().min(1).max(10).default(2).describe('重污染过程：至少连续几天重度及以上污染'),
    enabled: z.boolean().default(true),
  })
  .describe('定时设置');
export type ScheduleSummary = z.output<typeof scheduleSummary>;

const summaryText = z.preprocess((value, ctx) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'summary 应为 JSON 文本' });
    return z.NEVER;
  }
}, scheduleSummary);

/** `area.name` as a form field or `{ area: { name } }` in JSON: an area's name or its code. */
const areaNameValue = z.string().trim().min(1, '请选择区域').max(40, '区域名称过长');
const liftArea = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (record['area.name'] === undefined) return value;
  const { 'area.name': flat, ...rest } = record;
  return { ...rest, area: { name: flat } };
};

const scheduleFields = {
  name: name.describe('名称'),
  type: z.enum(['day', 'week', 'month', 'episode'], 'type 应为 day、week、month 或 episode').describe('频率'),
  businessType: z
    .enum(['autoMonitor'], 'businessType 应为 autoMonitor')
    .default('autoMonitor')
    .describe('业务类型：autoMonitor 空气自动监测报告'),
  area: z.object({ name: areaNameValue.describe('区域名称或 6 位区划代码') }, '请选择区域'),
  summary: summaryText,
};
export const scheduleAddBody = z.preprocess(liftArea, z.object(scheduleFields));
export const scheduleUpdateBody = z.preprocess(liftArea, z.object({ ...scheduleFields, id: idValue }));
export const scheduleAddOrUpdateBody = z.preprocess(liftArea, z.object({ ...scheduleFields, id: idValue.optional() }));
export const scheduleIdBody = z.object({ id: idValue });
export const autoMonitorQuery = z.object({
  pageNo: pageQuery.shape.pageNum,
  pageSize: pageQuery.shape.pageSize,
  beginDate: chinaDate.optional().describe('生成时间不早于此日'),
  endDate: chinaDate.optional().describe('生成时间不晚于此日'),
});
export const scheduleListQuery = pageQuery.extend({
  type: reportType.optional(),
});

export const scheduleRow = z.object({
  id: z.string(),
  name: z.string(),
  type: reportType,
  typeName: z.string(),
  businessType: z.string(),
  area: z.object({ code: z.string(), name: z.string() }),
  summary: z.string().describe('定时设置的 JSON 文本'),
  settings: z.object({
    templateId: z.string(),
    hour: z.number().int(),
    weekday: z.number().int().optional(),
    dayOfMonth: z.number().int().optional(),
    minDays: z.number().int(),
    enabled: z.boolean(),
  }),
  templateName: z.string(),
  enabled: z.boolean(),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastRecordId: z.string().nullable(),
  lastError: z.string().nullable(),
  createdBy: z.string(),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;
export const scheduleRowResponse = envelope(scheduleRow);
export const scheduleListResponse = envelope(pageOf(scheduleRow));
export const autoMonitorResponse = envelope(pageOf(recordRow));
