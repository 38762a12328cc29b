import type { DeviceRow, DictItem } from '@lantian/contracts';
import { ApiError } from '../../shared/api';
import type { FieldErrors } from '../../shared/form/zod-form';
import type { UnregisteredDevice } from './devices.api';

/**
 * The device form's logic. The form holds the factors as a multi-select (`factorCodes`) with limits
 * per chosen factor (`limits.<code>.upper`), and the config's fields at its top level; the body is
 * `factors: [{ code, upper, lower }]` and `config: { intervalSeconds, noiseZone }`. Issues about the
 * body (the contract's, or the server's) are put back on the form's own fields.
 */

export interface FactorLimits {
  upper?: number | null;
  lower?: number | null;
}

export interface DeviceFormFields {
  mn?: string;
  name?: string;
  type?: string;
  siteId?: string;
  password?: string;
  /** 'YYYY-MM-DD' or null (the component converts the date picker's value). */
  installDate?: string | null;
  status?: 'active' | 'maintenance';
  factorCodes?: string[];
  limits?: Record<string, FactorLimits | undefined>;
  intervalSeconds?: number | null;
  noiseZone?: string | null;
}

/** GB 3096-2008 acoustic functional zones. */
export const NOISE_ZONES = [
  { value: '0', label: '0 类（康复疗养区等特别需要安静的区域）' },
  { value: '1', label: '1 类（居住、医疗、文教、行政办公为主）' },
  { value: '2', label: '2 类（商业金融、集市贸易为主，或居住、商业、工业混杂）' },
  { value: '3', label: '3 类（工业生产、仓储物流为主）' },
  { value: '4a', label: '4a 类（高速公路、城市主干路等两侧）' },
  { value: '4b', label: '4b 类（铁路干线两侧）' },
] as const;

export const noiseZoneName = (zone: string | null): string =>
  zone === null ? '' : (NOISE_ZONES.find((z) => z.value === zone)?.label.replace(/（.*$/, '') ?? zone);

/** Whether a device type is a noise device (the dictionary's `extra.platform` is `noise`). */
export function isNoiseType(types: readonly DictItem[] | undefined, type: string | undefined): boolean {
  if (type === undefined) return false;
  return types?.find((t) => t.value === type)?.extra.platform === 'noise';
}

const orNull = <T>(value: T | null | undefined): T | null => (value === undefined ? null : value);

/** The save body's fields from the form (the update adds deviceId and drops mn; see {@link updateBody}). */
export function saveBody(fields: DeviceFormFields, noise: boolean): Record<string, unknown> {
  return {
    mn: fields.mn ?? '',
    name: fields.name ?? '',
    type: fields.type ?? '',
    siteId: fields.siteId ?? '',
    password: fields.password ?? '',
    installDate: orNull(fields.installDate),
    status: fields.status ?? 'active',
    factors: (fields.factorCodes ?? []).map((code) => ({
      code,
      upper: orNull(fields.limits?.[code]?.upper),
      lower: orNull(fields.limits?.[code]?.lower),
    })),
    config: { intervalSeconds: orNull(fields.intervalSeconds), noiseZone: noise ? orNull(fields.noiseZone) : null },
  };
}

/** The update body: no MN (it never changes), and no password unless a new one was typed. */
export function updateBody(deviceId: string, fields: DeviceFormFields, noise: boolean): Record<string, unknown> {
  const { mn: _mn, password, ...rest } = saveBody(fields, noise);
  return { ...rest, deviceId, ...(typeof password === 'string' && password !== '' ? { password } : {}) };
}

/** The form's values for an existing device. */
export function deviceFields(row: DeviceRow): DeviceFormFields {
  return {
    mn: row.mn,
    name: row.name,
    type: row.type,
    siteId: row.siteId,
    password: '',
    installDate: row.installDate,
    status: row.status === 'maintenance' ? 'maintenance' : 'active',
    factorCodes: row.factors.map((f) => f.code),
    limits: Object.fromEntries(row.factors.map((f) => [f.code, { upper: f.upper, lower: f.lower }])),
    intervalSeconds: row.config.intervalSeconds,
    noiseZone: row.config.noiseZone,
  };
}

/**
 * 收编: the form pre-filled from what the gateway heard. Factors the dictionary does not know are
 * left out (the server would refuse them) and returned, for the form to say so.
 */
export function adoptFields(
  device: UnregisteredDevice,
  factors: readonly DictItem[] | undefined,
): { fields: DeviceFormFields; unknownFactors: string[] } {
  const known = new Set((factors ?? []).map((f) => f.value));
  return {
    fields: {
      mn: device.mn,
      name: '',
      status: 'active',
      factorCodes: device.factors.filter((c) => known.has(c)),
      limits: {},
    },
    unknownFactors: device.factors.filter((c) => !known.has(c)),
  };
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** Where an issue about the body goes on the form. */
function formPath(path: readonly PropertyKey[], factorCodes: readonly string[]): (string | number)[] | undefined {
  const [first, second, third] = path;
  if (first === 'factors') {
    const code = typeof second === 'number' ? factorCodes[second] : undefined;
    if (code !== undefined && (third === 'upper' || third === 'lower')) return ['limits', code, third];
    return ['factorCodes'];
  }
  if (first === 'config') return [second === 'noiseZone' ? 'noiseZone' : 'intervalSeconds'];
  return typeof first === 'string' ? [first] : undefined;
}

/** The contract's or the server's issues, on the form's fields (each message once per field). */
export function deviceFieldErrors(issues: readonly Issue[], factorCodes: readonly string[]): FieldErrors {
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of issues) {
    const name = formPath(issue.path, factorCodes);
    if (name === undefined) continue;
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(issue.message)) entry.errors.push(issue.message);
    byField.set(key, entry);
  }
  return [...byField.values()];
}

/**
 * The server's refusal of bad input (`data.issues` with dotted field paths, `factors.0.upper`) as
 * issues; undefined for any other failure.
 */
export function serverIssues(error: unknown): Issue[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const issues = (error.data as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return undefined;
  const list: readonly unknown[] = issues;
  const out: Issue[] = [];
  for (const i of list) {
    if (typeof i !== 'object' || i === null || !('field' in i) || !('message' in i)) continue;
    if (typeof i.field !== 'string' || typeof i.message !== 'string') continue;
    out.push({ path: i.field.split('.').map((p: string) => (/^\d+$/.test(p) ? Number(p) : p)), message: i.message });
  }
  return out.length === 0 ? undefined : out;
}
