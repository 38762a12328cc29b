import type { FieldErrors } from '../../shared/form/zod-form';

/**
 * The 运维 tab's forms: devices picked in a multi-select and a time range become the spec's
 * `deviceidsStr` and `startTime`/`endTime`; issues about those go back on the picker and the range.
 */

export interface OpsFormFields {
  deviceIds?: string[];
  operationStatus?: string;
  validStatus?: string;
  factor?: string | null;
  /** Start and end as the server writes times (the component formats the picker's value). */
  range?: [string, string];
  note?: string;
  reason?: string;
}

const common = (fields: OpsFormFields) => ({
  deviceidsStr: (fields.deviceIds ?? []).join(','),
  factor: fields.factor ?? null,
  startTime: fields.range?.[0] ?? '',
  endTime: fields.range?.[1] ?? '',
});

/** 新增运维记录: POST /ops/optOperationStatus/saveData. */
export function operationBody(fields: OpsFormFields): Record<string, unknown> {
  return {
    ...common(fields),
    operationStatus: fields.operationStatus,
    validStatus: fields.validStatus ?? 'valid',
    note: fields.note ?? '',
  };
}

/** 标记无效数据: POST /ops/optOperationStatus/inValidData. */
export function invalidBody(fields: OpsFormFields): Record<string, unknown> {
  return { ...common(fields), reason: fields.reason ?? '' };
}

/** The body's fields named as the form's. */
export function opsFieldErrors(errors: FieldErrors): FieldErrors {
  const out = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const e of errors) {
    const first = e.name[0];
    const name =
      first === 'deviceidsStr' ? 'deviceIds' : first === 'startTime' || first === 'endTime' ? 'range' : first;
    if (name === undefined) continue;
    const key = String(name);
    const entry = out.get(key) ?? { name: [name], errors: [] };
    for (const message of e.errors) if (!entry.errors.includes(message)) entry.errors.push(message);
    out.set(key, entry);
  }
  return [...out.values()];
}

/** What is wrong with a time range, or undefined. */
export function rangeProblem(range: [string, string] | undefined): string | undefined {
  if (range === undefined) return '请选择时间段';
  return range[0] < range[1] ? undefined : '结束时间应晚于开始时间';
}

/** A rate (0–1) as a percentage with one decimal: 0.7534 → 75.3. */
export const percent = (rate: number | null): number | null =>
  rate === null || !Number.isFinite(rate) ? null : Math.round(rate * 1000) / 10;
