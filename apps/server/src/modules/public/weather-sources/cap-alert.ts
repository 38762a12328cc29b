import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';

/**
 * CAP 1.2 (OASIS Common Alerting Protocol), the format of the national early-warning feed
 * (国家预警信息发布中心). One message is one `<alert>`; its first `<info>` carries the warning.
 * The feed's conventions read here: `eventCode` with the national type code (11B03 暴雨 …) and
 * severity Minor/Moderate/Severe/Extreme for the blue/yellow/orange/red levels.
 */

export const CAP_NAMESPACE = 'urn:oasis:names:tc:emergency:cap:1.2';

export type WarningLevel = 'blue' | 'yellow' | 'orange' | 'red';

const LEVEL_OF_SEVERITY: Readonly<Record<string, WarningLevel>> = {
  Minor: 'blue',
  Moderate: 'yellow',
  Severe: 'orange',
  Extreme: 'red',
};

/** The level named in a Chinese headline wins over the severity (a feed may send Unknown severity). */
const LEVEL_IN_HEADLINE: readonly [RegExp, WarningLevel][] = [
  [/红色/, 'red'],
  [/橙色/, 'orange'],
  [/黄色/, 'yellow'],
  [/蓝色/, 'blue'],
];

export interface CapWarning {
  id: string;
  sender: string;
  sent: number;
  msgType: 'Alert' | 'Update' | 'Cancel';
  /** Identifiers this message updates or cancels (CAP `references`: sender,identifier,sent triples). */
  references: string[];
  typeCode: string;
  event: string;
  level: WarningLevel;
  headline: string;
  description: string;
  instruction: string | null;
  areaDesc: string;
  areaCode: string | null;
  effective: number;
  expires: number | null;
}

export class CapFormatError extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}：${problem}`);
    this.name = 'CapFormatError';
  }
}

const text = z.union([z.string(), z.number()]).transform(String);
const keyValue = z.object({ valueName: text, value: text });
const cap = z.object({
  alert: z.object({
    identifier: text,
    sender: text,
    sent: text,
    status: z.enum(['Actual', 'Exercise', 'System', 'Test', 'Draft']),
    msgType: z.enum(['Alert', 'Update', 'Cancel', 'Ack', 'Error']),
    scope: z.enum(['Public', 'Restricted', 'Private']),
    references: text.optional(),
    info: z
      .array(
        z.object({
          event: text,
          urgency: text,
          severity: z.enum(['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown']),
          certainty: text,
          eventCode: z.array(keyValue).optional(),
          effective: text.optional(),
          expires: text.optional(),
          headline: text.optional(),
          description: text.optional(),
          instruction: text.optional(),
          area: z.array(z.object({ areaDesc: text, geocode: z.array(keyValue).optional() })).min(1, '至少一个 area'),
        }),
      )
      .min(1, '至少一个 info'),
  }),
});

/** CAP dateTime: 2023-07-28T09:05:00+08:00 (an explicit offset is required). */
function timeOf(value: string, field: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/.test(value)) {
    throw new CapFormatError(field, `时间应为 YYYY-MM-DDThh:mm:ss+08:00：${value}`);
  }
  const t = Date.parse(value);
  if (!Number.isFinite(t)) throw new CapFormatError(field, `无效时间：${value}`);
  return t / 1000;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['info', 'area', 'eventCode', 'geocode', 'parameter', 'resource'].includes(name),
});

/** Parses one CAP 1.2 message. Throws CapFormatError naming the element (or the XML line) at fault. */
export function parseCap(xml: string): CapWarning {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new CapFormatError('XML', '不接受 DOCTYPE / ENTITY 声明');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new CapFormatError(`XML 第 ${valid.err.line} 行`, valid.err.msg);
  // The parser drops namespace declarations (removeNSPrefix): the root's is checked on the text.
  if (!/<(?:[\w-]+:)?alert\b[^>]*\bxmlns(?::[\w-]+)?=["']urn:oasis:names:tc:emergency:cap:1\.2["']/.test(xml)) {
    throw new CapFormatError('alert', `根元素应为 CAP 1.2 的 alert（命名空间 ${CAP_NAMESPACE}）`);
  }
  const parsed = cap.safeParse(parser.parse(xml));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).filter((p) => typeof p === 'string' && p !== 'alert').join('.');
    throw new CapFormatError(path || 'alert', issue?.message ?? '不是 CAP 1.2 消息');
  }
  const alert = parsed.data.alert;
  if (alert.msgType === 'Ack' || alert.msgType === 'Error')
    throw new CapFormatError('msgType', `不处理 ${alert.msgType} 消息`);
  const [info] = alert.info;
  if (!info) throw new CapFormatError('info', '缺少 info');
  const sent = timeOf(alert.sent, 'sent');
  const code = info.eventCode?.find((c) => c.valueName.includes('预警')) ?? info.eventCode?.[0];
  if (!code || !/^11B\d{2}$/.test(code.value))
    throw new CapFormatError('eventCode', '缺少国家预警类型代码（如 11B03）');
  const headline = info.headline ?? info.event;
  const level = LEVEL_IN_HEADLINE.find(([re]) => re.test(headline))?.[1] ?? LEVEL_OF_SEVERITY[info.severity];
  if (!level) throw new CapFormatError('severity', `无法确定预警级别（severity=${info.severity}）`);
  const [area] = info.area;
  const geocode = area?.geocode?.find((g) => /^\d{6}$/.test(g.value));
  return {
    id: alert.identifier,
    sender: alert.sender,
    sent,
    msgType: alert.msgType,
    references: (alert.references ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((triple) => triple.split(',')[1] ?? '')
      .filter(Boolean),
    typeCode: code.value,
    event: info.event,
    level,
    headline,
    description: info.description ?? '',
    instruction: info.instruction ?? null,
    areaDesc: area?.areaDesc ?? '',
    areaCode: geocode?.value ?? null,
    effective: info.effective ? timeOf(info.effective, 'effective') : sent,
    expires: info.expires ? timeOf(info.expires, 'expires') : null,
  };
}
