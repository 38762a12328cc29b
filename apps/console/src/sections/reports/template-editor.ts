import type { ReportElementInput } from '@lantian/contracts';

/**
 * A template's elements as the template editor changes them: pure functions, ids unique within the
 * template (the server refuses duplicates too).
 */

export type ElementKind = ReportElementInput['kind'];

export function freshElementId(elements: readonly ReportElementInput[], kind: ElementKind): string {
  const taken = new Set(elements.map((e) => e.id));
  for (let n = 1; ; n++) {
    const id = `${kind}${n}`;
    if (!taken.has(id)) return id;
  }
}

export function newElement(elements: readonly ReportElementInput[], kind: ElementKind): ReportElementInput {
  const id = freshElementId(elements, kind);
  switch (kind) {
    case 'text':
      return { kind, id, style: 'paragraph', text: '' };
    case 'table':
      return { kind, id, title: '', query: 'airSummary' };
    case 'chart':
      return { kind, id, title: '', query: 'dailyAqi', chart: 'bar' };
    case 'image':
      return { kind, id, title: 'AQI 日历', source: 'aqiImage' };
  }
}

export function moveElement<T>(list: readonly T[], index: number, direction: 1 | -1): T[] {
  const target = index + direction;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** The text with `{{name}}` inserted at `at` (the caret), or at the end. */
export function insertPlaceholder(text: string, name: string, at?: number): string {
  const position = at === undefined ? text.length : Math.max(0, Math.min(text.length, at));
  return `${text.slice(0, position)}{{${name}}}${text.slice(position)}`;
}

/** The period a generation asks for, from the template type and the picked dates. */
export function timepointOf(
  type: string,
  picked: { month?: string | undefined; day?: string | undefined; range?: [string, string] | undefined },
): { timepoint: string; endDate?: string } | undefined {
  if (type === 'month') return picked.month === undefined ? undefined : { timepoint: picked.month };
  if (type === 'episode')
    return picked.range === undefined ? undefined : { timepoint: picked.range[0], endDate: picked.range[1] };
  return picked.day === undefined ? undefined : { timepoint: picked.day };
}
