import { ALARM_KINDS, type AlarmKindCode } from '@lantian/contracts';
import { formatSeconds } from '../../shared/time';

/**
 * The alarm rules' logic: which fields each kind of rule uses (the form shows those only and sends
 * the others as null, so a rule switched from 超限 to 恒值 does not keep a stale threshold), the body
 * from the form, and a rule's condition in words for the list.
 */

export type RuleNumberField = 'threshold' | 'durationSeconds' | 'windowSeconds' | 'count' | 'low' | 'high';

export const KIND_FIELDS: Readonly<Record<AlarmKindCode, readonly RuleNumberField[]>> = {
  over_limit: ['threshold', 'durationSeconds'],
  rate_of_change: ['threshold', 'windowSeconds'],
  constant: ['count'],
  out_of_range: ['low', 'high'],
  offline: [],
  fume_over: ['threshold', 'windowSeconds'],
  purifier_off: ['threshold', 'durationSeconds'],
};

export const KIND_OPTIONS = Object.entries(ALARM_KINDS).map(([value, label]) => ({ value, label }));

/** What each kind watches, for the form's help line. */
export const KIND_HELP: Readonly<Record<AlarmKindCode, string>> = {
  over_limit: '数值超过限值（可要求持续一段时间）即告警；限值不填时不能保存。',
  rate_of_change: '在时间窗内数值变化幅度超过设定值即告警（疑似突变、干扰）。',
  constant: '连续若干个数值完全相同即告警（疑似传感器卡死）。',
  out_of_range: '数值低于下限或高于上限（含负值）即告警（超出仪器量程）。',
  offline: '设备超过离线判定时间未上报数据即告警；不针对某个因子。',
  fume_over:
    '油烟浓度在时间窗（默认 10 分钟）内的均值超过排放限值即告警（GB 18483-2001 为 2.0 mg/m³，北京 DB11/1488-2018 为 1.0 mg/m³）。',
  purifier_off: '风机运行、净化器电流低于阈值（净化器未开启）持续达到设定时长即告警。',
};

/** Whether a kind is about one factor's values (all but 离线). */
export const needsFactor = (kind: AlarmKindCode): boolean => kind !== 'offline';

export interface RuleFormFields {
  name?: string;
  kind?: AlarmKindCode;
  deviceType?: string | null;
  deviceId?: string | null;
  factor?: string | null;
  level?: number;
  threshold?: number | null;
  low?: number | null;
  high?: number | null;
  durationSeconds?: number | null;
  windowSeconds?: number | null;
  count?: number | null;
  enabled?: boolean;
}

const orNull = <T>(value: T | null | undefined): T | null => (value === undefined || value === '' ? null : value);

/** The save/update body from the form: fields the kind does not use are null. */
export function ruleBody(fields: RuleFormFields): Record<string, unknown> {
  const kind = fields.kind;
  const used = kind === undefined ? [] : KIND_FIELDS[kind];
  const number = (field: RuleNumberField) => (used.includes(field) ? orNull(fields[field]) : null);
  return {
    name: fields.name ?? '',
    kind,
    deviceType: orNull(fields.deviceType),
    deviceId: orNull(fields.deviceId),
    factor: kind !== undefined && needsFactor(kind) ? orNull(fields.factor) : null,
    level: fields.level,
    threshold: number('threshold'),
    low: number('low'),
    high: number('high'),
    durationSeconds: number('durationSeconds'),
    windowSeconds: number('windowSeconds'),
    count: number('count'),
    enabled: fields.enabled ?? true,
  };
}

export interface RuleCondition {
  kind: AlarmKindCode;
  threshold: number | null;
  low: number | null;
  high: number | null;
  durationSeconds: number | null;
  windowSeconds: number | null;
  count: number | null;
}

/** A rule's condition in words, with the factor's unit: 「超过 75 μg/m³，持续 5 分钟」. */
export function ruleCondition(rule: RuleCondition, unit = ''): string {
  const withUnit = (n: number) => (unit === '' ? String(n) : `${n} ${unit}`);
  switch (rule.kind) {
    case 'over_limit': {
      if (rule.threshold === null) return '—';
      const lasting = rule.durationSeconds ? `，持续 ${formatSeconds(rule.durationSeconds)}` : '';
      return `超过 ${withUnit(rule.threshold)}${lasting}`;
    }
    case 'rate_of_change':
      if (rule.threshold === null) return '—';
      return `${rule.windowSeconds ? `${formatSeconds(rule.windowSeconds)}内` : ''}变化超过 ${withUnit(rule.threshold)}`;
    case 'constant':
      return rule.count === null ? '—' : `连续 ${rule.count} 个值不变`;
    case 'out_of_range': {
      const parts = [
        rule.low === null ? '' : `低于 ${withUnit(rule.low)}`,
        rule.high === null ? '' : `高于 ${withUnit(rule.high)}`,
      ].filter((p) => p !== '');
      return parts.length === 0 ? '—' : parts.join(' 或 ');
    }
    case 'offline':
      return '超过离线判定时间未上报';
    case 'fume_over':
      if (rule.threshold === null) return '—';
      return `${formatSeconds(rule.windowSeconds ?? 600)}均值超过 ${withUnit(rule.threshold)}`;
    case 'purifier_off':
      if (rule.threshold === null) return '—';
      return `风机运行、净化器电流低于 ${rule.threshold} A${rule.durationSeconds ? `，持续 ${formatSeconds(rule.durationSeconds)}` : ''}`;
  }
}
