import { z } from 'zod';
import { envelope } from '../envelope';
import { pageOf, pageQuery } from './paging';

/**
 * The configuration dashboard (组态, issue 21; spec §3 Config: id, code, title, konva (JSON drawing),
 * company, type, status; Static resource: type, resourceType, fileName, file; §7 "Platform:
 * configuration"). A dashboard is a Konva stage saved as Konva's own JSON (`className`, `attrs`,
 * `children`): layers of shapes, texts, images from the static-resource library, pipes, and values
 * bound to a device's factor that the screen refreshes live and colours by thresholds. A published
 * dashboard opens without a session through its token (`/api/configuration/...`), read-only, until
 * it is unpublished or its token is reset.
 */

export const configId = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,11}$/, '不是有效的编号')
  .describe('编号');
export const configIdValue = z.union([z.number().int().positive().max(999_999_999_999), configId]).transform(String);

/** Config types (`typeList`). */
export const CONFIG_TYPES = {
  screen: '综合大屏',
  process: '工艺流程',
  site: '站点监控',
  enterprise: '企业监控',
} as const;
export type ConfigType = keyof typeof CONFIG_TYPES;
export const configType = z.enum(Object.keys(CONFIG_TYPES) as [ConfigType, ...ConfigType[]], '不是已知的组态类型');

/** status: 0 draft (未发布), 1 published (已发布: its token opens it). */
export const CONFIG_STATUSES = { 0: '未发布', 1: '已发布' } as const;
const statusValue = z.coerce
  .number('状态应为 0 或 1')
  .int('状态应为 0 或 1')
  .refine((n) => n === 0 || n === 1, '状态应为 0（未发布）或 1（已发布）');

// --- The drawing (Konva JSON) ------------------------------------------------------------------

export const MAX_STAGE_SIDE = 7680;
export const MAX_NODES = 2000;
export const MAX_LAYERS = 20;
export const MAX_THRESHOLDS = 10;
/** Bytes of a drawing's JSON text. */
export const MAX_KONVA_BYTES = 2 * 1024 * 1024;

const color = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|transparent)$/, '颜色应为 #RRGGBB、rgb() 或 rgba()');
const coordinate = z.number('坐标应为数字').min(-100_000).max(100_000);
const size = z.number('尺寸应为数字').min(0).max(100_000);
const nodeId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, '图元编号只能包含字母、数字、_ 和 -');

export const threshold = z.object({
  min: z.number('阈值应为数字').min(-1e9).max(1e9),
  color,
});
export type ThresholdInput = z.infer<typeof threshold>;

/** A value bound to a device's factor. */
export const binding = z.object({
  deviceId: configId.describe('设备编号'),
  factor: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,20}$/, '不是有效的因子编码')
    .describe('因子编码（HJ 212，如 a34004）'),
  decimals: z.number().int().min(0).max(6).default(1),
  prefix: z.string().max(20).default(''),
  unit: z.string().max(20).default(''),
  thresholds: z.array(threshold).max(MAX_THRESHOLDS, `最多 ${MAX_THRESHOLDS} 个阈值`).default([]),
});
export type Binding = z.output<typeof binding>;

export const NODE_CLASSES = ['Rect', 'Circle', 'Ellipse', 'Line', 'Arrow', 'Text', 'Image'] as const;
export type NodeClass = (typeof NODE_CLASSES)[number];
export const ANIMATIONS = { none: '无', flow: '流动（管道）', blink: '闪烁', rotate: '旋转' } as const;

/** The attributes we keep of a node; anything else a client sends is dropped. */
export const nodeAttrs = z.object({
  id: nodeId,
  name: z.string().max(60).optional(),
  x: coordinate.default(0),
  y: coordinate.default(0),
  width: size.optional(),
  height: size.optional(),
  radius: size.optional(),
  radiusX: size.optional(),
  radiusY: size.optional(),
  rotation: z.number().min(-3600).max(3600).optional(),
  scaleX: z.number().min(-100).max(100).optional(),
  scaleY: z.number().min(-100).max(100).optional(),
  fill: color.optional(),
  stroke: color.optional(),
  strokeWidth: z.number().min(0).max(1000).optional(),
  opacity: z.number().min(0).max(1).optional(),
  cornerRadius: z.number().min(0).max(10_000).optional(),
  dash: z.array(z.number().min(0).max(1000)).max(8).optional(),
  points: z.array(coordinate).max(400, '折线最多 200 个点').optional(),
  pointerLength: size.optional(),
  pointerWidth: size.optional(),
  text: z.string().max(2000).optional(),
  fontSize: z.number().min(1).max(1000).optional(),
  fontFamily: z.string().max(60).optional(),
  fontStyle: z.enum(['normal', 'bold', 'italic', 'italic bold']).optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
  visible: z.boolean().optional(),
  resourceId: configId.optional().describe('Image：素材库图片编号'),
  binding: binding.optional(),
  animation: z.enum(Object.keys(ANIMATIONS) as ['none', 'flow', 'blink', 'rotate']).optional(),
});
export type NodeAttrs = z.output<typeof nodeAttrs>;

export const konvaNode = z.object({ className: z.enum(NODE_CLASSES, '不支持的图元类型'), attrs: nodeAttrs });
export type KonvaNode = z.output<typeof konvaNode>;

export const konvaLayer = z.object({
  className: z.literal('Layer'),
  attrs: z.object({
    id: nodeId,
    name: z.string().max(60).default('图层'),
    visible: z.boolean().default(true),
    locked: z.boolean().default(false),
  }),
  children: z.array(konvaNode).default([]),
});
export type KonvaLayer = z.output<typeof konvaLayer>;

export const konvaStage = z
  .object({
    className: z.literal('Stage'),
    attrs: z.object({
      width: z.number().int().min(100).max(MAX_STAGE_SIDE),
      height: z.number().int().min(100).max(MAX_STAGE_SIDE),
      background: color.default('#0b1a33'),
    }),
    children: z.array(konvaLayer).min(1, '至少一个图层').max(MAX_LAYERS, `最多 ${MAX_LAYERS} 个图层`),
  })
  .superRefine((stage, ctx) => {
    const nodes = stage.children.reduce((n, layer) => n + layer.children.length, 0);
    if (nodes > MAX_NODES) ctx.addIssue({ code: 'custom', message: `图元不能超过 ${MAX_NODES} 个` });
    const ids = new Set<string>();
    for (const layer of stage.children) {
      for (const id of [layer.attrs.id, ...layer.children.map((c) => c.attrs.id)]) {
        if (ids.has(id)) {
          ctx.addIssue({ code: 'custom', message: `图元编号重复：${id}` });
          return;
        }
        ids.add(id);
      }
    }
  });
export type KonvaStage = z.output<typeof konvaStage>;

/** A drawing as JSON text (the spec's `konva` field) or as the object itself. */
export const konvaValue = z.preprocess((value, ctx) => {
  if (typeof value !== 'string') return value;
  if (value.length > MAX_KONVA_BYTES) {
    ctx.addIssue({ code: 'custom', message: '组态图过大（不超过 2 MB）' });
    return z.NEVER;
  }
  try {
    return JSON.parse(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'konva 应为 JSON 文本' });
    return z.NEVER;
  }
}, konvaStage);

/** An empty 1920 × 1080 drawing with one layer. */
export function emptyStage(): KonvaStage {
  return {
    className: 'Stage',
    attrs: { width: 1920, height: 1080, background: '#0b1a33' },
    children: [
      { className: 'Layer', attrs: { id: 'layer-1', name: '图层 1', visible: true, locked: false }, children: [] },
    ],
  };
}

/** The device factors a drawing shows, each once ('deviceId:factor'). */
export function bindingsOf(stage: KonvaStage): Array<{ deviceId: string; factor: string }> {
  const seen = new Map<string, { deviceId: string; factor: string }>();
  for (const layer of stage.children) {
    for (const node of layer.children) {
      const b = node.attrs.binding;
      if (b !== undefined) seen.set(`${b.deviceId}:${b.factor}`, { deviceId: b.deviceId, factor: b.factor });
    }
  }
  return [...seen.values()];
}

/** The static resources a drawing uses. */
export function resourcesOf(stage: KonvaStage): string[] {
  const ids = new Set<string>();
  for (const layer of stage.children) {
    for (const node of layer.children) if (node.attrs.resourceId !== undefined) ids.add(node.attrs.resourceId);
  }
  return [...ids];
}

// --- Configs -----------------------------------------------------------------------------------

const title = z.string().trim().min(1, '请填写名称').max(60, '名称不能超过 60 字');
const code = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, '编码只能包含字母、数字、_ 和 -（最多 40 个）');
const company = z.string().trim().max(60, '单位名称不能超过 60 字');

/** Empty-valued fields are skipped (spec §5 "config-save payloads"): an empty string is "not given". */
const skipEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const configSaveBody = z.object({
  id: skipEmpty(configIdValue).describe('有则修改，无则新增'),
  code: skipEmpty(code).describe('业务编码（唯一）；不填则自动生成'),
  title,
  konva: konvaValue.optional().describe('Konva JSON（文本或对象）；新增时不填为空白画布'),
  company: skipEmpty(company),
  type: skipEmpty(configType),
});
export const configIdBody = z.object({ id: configIdValue });
export const configIdQuery = z.object({ id: configId });
export const configStatusBody = z.object({
  id: configIdValue,
  status: z
    .preprocess((v) => (v === undefined || v === '' ? 0 : v), statusValue)
    .describe('0 未发布（默认，撤销令牌）；1 发布'),
});
export const configListQuery = pageQuery.extend({
  title: z.string().trim().max(60).optional().describe('名称或编码关键字'),
  type: configType.optional(),
  company: z.string().trim().max(60).optional(),
  status: z.enum(['0', '1']).optional(),
});

export const configRow = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  company: z.string(),
  type: configType,
  typeName: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  statusName: z.string(),
  areaCode: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  nodes: z.number().int(),
  bindings: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type ConfigRow = z.infer<typeof configRow>;
export const configDetail = configRow.extend({ konva: konvaStage });
export type ConfigDetail = z.infer<typeof configDetail>;
export const configListResponse = envelope(pageOf(configRow));
export const configRowResponse = envelope(configRow);
/** A published dashboard opened by its token: the page of the one it opens. */
export const embedConfigResponse = envelope(pageOf(configDetail));
export const configDetailResponse = envelope(configDetail);
export const configTypesResponse = envelope(
  z.array(z.object({ type: configType, name: z.string(), count: z.number().int() })),
);
export const companyListResponse = envelope(z.array(z.object({ company: z.string(), count: z.number().int() })));

/** The embed link of a published dashboard. */
export const configTokenResponse = envelope(
  z.object({
    id: z.string(),
    token: z.string(),
    path: z.string().describe('嵌入地址（同源路径）：/platform/screen/<token>'),
    publishedAt: z.string(),
  }),
);

// --- Data sources and live values --------------------------------------------------------------

export const dataSourceListQuery = z.object({
  keyword: z.string().trim().max(40).optional().describe('MN、设备名称或站点名称'),
});
export const configDataSource = z.object({
  deviceId: z.string(),
  mn: z.string(),
  name: z.string(),
  siteName: z.string(),
  type: z.string(),
  online: z.boolean(),
  factors: z.array(z.object({ code: z.string(), name: z.string(), unit: z.string() })),
});
export const dataSourceListResponse = envelope(z.array(configDataSource));
export type ConfigDataSource = z.infer<typeof configDataSource>;

export const liveValue = z.object({
  deviceId: z.string(),
  factor: z.string(),
  value: z.number().nullable(),
  time: z.string().describe('数据时间（北京时间）'),
});
export type LiveValue = z.infer<typeof liveValue>;
export const liveValuesResponse = envelope(z.array(liveValue));

/** `bindings=3:a34004,3:a34002`: the values the editor shows while a drawing is being made. */
export const valuesQuery = z.object({
  bindings: z
    .string()
    .max(4000)
    .regex(
      /^(\d{1,12}:[A-Za-z0-9_]{1,20})(,\d{1,12}:[A-Za-z0-9_]{1,20})*$/,
      'bindings 应为 设备编号:因子编码，以逗号分隔',
    )
    .describe('设备编号:因子编码，以逗号分隔'),
});
export const streamQuery = z.object({
  devices: z
    .string()
    .max(2000)
    .regex(/^\d{1,12}(,\d{1,12})*$/, 'devices 应为设备编号，以逗号分隔')
    .describe('设备编号，以逗号分隔'),
});

export const embedToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{32,64}$/, '令牌无效')
  .describe('发布令牌（getToken）');
export const tokenQuery = z.object({ token: embedToken });
export const tokenResourceQuery = z.object({ token: embedToken, id: configId });

// --- Static resources --------------------------------------------------------------------------

export const RESOURCE_TYPES = { icon: '图标', device: '设备', background: '背景', other: '其他' } as const;
export type ResourceKind = keyof typeof RESOURCE_TYPES;
export const resourceKind = z.enum(
  Object.keys(RESOURCE_TYPES) as [ResourceKind, ...ResourceKind[]],
  '不是已知的素材分类',
);
/** system: shared by every operator, kept by holders of dashboard:resource; custom: the area's own. */
export const RESOURCE_SCOPES = { system: '系统素材', custom: '自定义素材' } as const;
export const resourceScope = z.enum(['system', 'custom'], 'resourceType 应为 system 或 custom');

export const RESOURCE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 16_000_000,
  longSide: 4096,
  types: ['image/png', 'image/jpeg', 'image/webp'],
  text: '支持 PNG、JPG、WebP，不超过 5 MB、1600 万像素；PNG 与 WebP 保留透明',
} as const;

export const resourceUploadFields = z.object({
  type: resourceKind.default('other'),
  resourceType: resourceScope.default('custom'),
  fileName: z.string().trim().max(80, '文件名不能超过 80 字').optional(),
});
export const resourceListQuery = pageQuery.extend({
  type: resourceKind.optional(),
  resourceType: resourceScope.optional(),
  keyword: z.string().trim().max(40).optional(),
});
export const resourceRow = z.object({
  id: z.string(),
  type: resourceKind,
  typeName: z.string(),
  resourceType: resourceScope,
  fileName: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  url: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  canDelete: z.boolean(),
});
export type ResourceRow = z.infer<typeof resourceRow>;
export const resourceListResponse = envelope(pageOf(resourceRow));
export const resourceRowResponse = envelope(resourceRow);
export const canModifyResponse = envelope(z.object({ canModify: z.boolean() }));

// --- Templates ---------------------------------------------------------------------------------

export const templateTypeSaveBody = z.object({
  id: skipEmpty(configIdValue),
  name: z.string().trim().min(1, '请填写分类名称').max(30, '分类名称不能超过 30 字'),
});
export const configTemplateSaveBody = z.object({
  typeId: configIdValue,
  name: title,
  konva: konvaValue,
});
export const configTemplateRow = z.object({
  id: z.string(),
  name: z.string(),
  nodes: z.number().int(),
  updatedAt: z.string(),
});
export const templateTypeRow = z.object({
  id: z.string(),
  name: z.string(),
  templates: z.array(configTemplateRow),
});
export const templateTypeListResponse = envelope(z.array(templateTypeRow));
export const templateTypeRowResponse = envelope(templateTypeRow.omit({ templates: true }));
export const configTemplateResponse = envelope(configTemplateRow.extend({ typeId: z.string(), konva: konvaStage }));
