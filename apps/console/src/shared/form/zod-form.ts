import type { FormInstance, FormRule } from 'antd';
import { ApiError } from '../api/errors';

/**
 * Forms are checked with the same zod schemas the server checks the call with (packages/contracts):
 * field by field as the operator types ({@link zodRule}), the whole body on submit ({@link parseForm},
 * which also catches rules across fields such as "password differs from username"), and what the
 * server still refuses is put back on its field ({@link showServerErrors}). Described structurally so
 * the console does not depend on zod itself.
 */

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

export interface ParseSchema<T = unknown> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

export interface ObjectSchema<T = unknown> extends ParseSchema<T> {
  shape: Record<string, ParseSchema>;
}

/** An antd rule that checks one field with its schema in `schema.shape`; empty optional fields pass. */
export function zodRule(schema: ObjectSchema, field: string): FormRule {
  const fieldSchema = schema.shape[field];
  if (fieldSchema === undefined) throw new Error(`zodRule: the schema has no field ${field}`);
  return {
    validator: async (_rule, value: unknown) => {
      const result = fieldSchema.safeParse(value === '' ? undefined : value);
      if (!result.success) {
        // An empty required field: zod's own words are technical, so say it plainly.
        const [issue] = result.error.issues;
        throw new Error(value === undefined || value === '' ? '此项不能为空' : (issue?.message ?? '格式不正确'));
      }
    },
  };
}

export type FieldErrors = { name: (string | number)[]; errors: string[] }[];

/** Groups issues by field (the first path segments that are field names); issues about the whole body go on `fallback`. */
export function fieldErrors(issues: readonly Issue[], fallback?: string): FieldErrors {
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of issues) {
    const name = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const target = name.length > 0 ? name.slice(0, 1) : fallback === undefined ? [] : [fallback];
    if (target.length === 0) continue;
    const key = target.join('.');
    const entry = byField.get(key) ?? { name: target, errors: [] };
    if (!entry.errors.includes(issue.message)) entry.errors.push(issue.message);
    byField.set(key, entry);
  }
  return [...byField.values()];
}

/** Checks the whole form with the call's schema: the parsed body, or the issues to show on the fields. */
export function parseForm<T>(
  schema: ParseSchema<T>,
  values: unknown,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrors(result.error.issues) };
}

/** Shows {@link parseForm}'s issues on the form (any form: the field names come from the schema). */
export function setFieldErrors<T>(form: FormInstance<T>, errors: FieldErrors): void {
  (form as FormInstance).setFields(errors);
}

/**
 * Puts a server refusal of bad input (its `data.issues`, field paths like `roleIds.0`) on the form's
 * fields. Returns whether it did: when not, the caller shows the error as a message instead.
 */
export function showServerErrors<T>(form: FormInstance<T>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const issues = (error.data as { issues?: { field: string; message: string }[] } | undefined)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const errors = fieldErrors(issues.map((i) => ({ path: i.field.split('.'), message: i.message }))).filter((e) =>
    known.has(String(e.name[0])),
  );
  if (errors.length === 0) return false;
  setFieldErrors(form, errors);
  return true;
}
