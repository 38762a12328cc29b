import { type CatalogNode, EVENT_SOURCES, type EventDetail, PHOTO_LIMITS, PHOTO_LIMITS_TEXT } from '@lantian/contracts';
import { EVENT_PRIORITIES, EVENT_STATES, type EventAction, type EventState } from '@lantian/domain';

/**
 * The 网格事件 screen's pure rules: the list's filters as the address keeps them, how states and
 * priorities look, the catalogue as a tree to pick from, the checks a photo passes before it is sent,
 * the report form as multipart fields, and the detail's buttons. The mobile view uses the same.
 */

export const EVENT_FILTERS = [
  'eventState',
  'eventClassification',
  'source',
  'priority',
  'overdue',
  'keyword',
  'startTime',
  'endTime',
] as const;

const TIME_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const valid: Readonly<Record<string, (value: string) => boolean>> = {
  eventState: (v) => Object.hasOwn(EVENT_STATES, v),
  eventClassification: (v) => /^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(v),
  source: (v) => Object.hasOwn(EVENT_SOURCES, v),
  priority: (v) => /^[1-3]$/.test(v),
  overdue: (v) => v === '1',
  keyword: (v) => v.length <= 40,
  startTime: (v) => TIME_TEXT.test(v),
  endTime: (v) => TIME_TEXT.test(v),
};

/**
 * The list call's parameters from the URL table's. What the server would refuse (a state pasted
 * wrong, a malformed time) is left out, so the list shows unfiltered rather than an error; the list
 * has one order (newest first), so any sort is dropped.
 */
export function eventParams(params: Readonly<Record<string, string | number>>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'sortBy' || name === 'sortOrder') continue;
    const check = valid[name];
    if (check !== undefined && !check(String(value))) continue;
    out[name] = value;
  }
  return out;
}

/** The usable time range of the filters (both ends well formed or absent). */
export function timeRangeOf(filters: Readonly<Record<string, string>>): [string | undefined, string | undefined] {
  const ok = (text: string | undefined) => (text !== undefined && TIME_TEXT.test(text) ? text : undefined);
  return [ok(filters.startTime), ok(filters.endTime)];
}

/** An event id from the address (`?eventId=12`, a notice's link), or undefined when it is not one. */
export function eventIdOf(text: string | null | undefined): string | undefined {
  return text !== null && text !== undefined && /^[1-9]\d{0,11}$/.test(text) ? text : undefined;
}

/**
 * The colour of a state tag: new work blue, under way orange/gold, waiting for review purple, done
 * green, given back red-ish, refused and closed grey.
 */
export const STATE_COLORS: Readonly<Record<EventState, string>> = {
  reported: 'blue',
  accepted: 'cyan',
  dispatched: 'geekblue',
  handling: 'orange',
  handled: 'purple',
  reviewed: 'lime',
  closed: 'green',
  returned: 'volcano',
  rejected: 'default',
};

export const PRIORITY_COLORS: Readonly<Record<number, string>> = { 1: 'red', 2: 'orange', 3: 'default' };

export const STATE_OPTIONS = Object.entries(EVENT_STATES).map(([value, label]) => ({ value, label }));
export const SOURCE_OPTIONS = Object.entries(EVENT_SOURCES).map(([value, label]) => ({ value, label }));
export const PRIORITY_OPTIONS = Object.entries(EVENT_PRIORITIES).map(([value, label]) => ({
  value: Number(value),
  label,
}));

export interface CatalogOption {
  title: string;
  value: string;
  children: CatalogOption[];
}

/** The catalogue as antd TreeSelect data (every node can be picked: a main class means "any of it"). */
export function catalogOptions(nodes: readonly CatalogNode[]): CatalogOption[] {
  return nodes.map((n) => ({ title: n.name, value: n.code, children: catalogOptions(n.children) }));
}

/** The flat list of a catalogue (the mobile form's plain select): sub-classes say their main class. */
export function flatCatalog(nodes: readonly CatalogNode[], prefix = ''): { value: string; label: string }[] {
  return nodes.flatMap((n) => {
    const label = prefix === '' ? n.name : `${prefix} / ${n.name}`;
    return [{ value: n.code, label }, ...flatCatalog(n.children, label)];
  });
}

// --- Photos --------------------------------------------------------------------------------------

/**
 * Why a picked photo cannot be sent (the server would refuse the whole form for it), or undefined.
 * `already` is how many photos the form holds besides this one.
 */
export function photoProblem(file: { name: string; type: string; size: number }, already: number): string | undefined {
  const types: readonly string[] = PHOTO_LIMITS.types;
  if (!types.includes(file.type)) return `「${file.name}」不是 JPG、PNG 或 WebP 图片（${PHOTO_LIMITS_TEXT}）`;
  if (file.size > PHOTO_LIMITS.maxBytes) return `「${file.name}」超过 ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB`;
  if (file.size === 0) return `「${file.name}」是空文件`;
  if (already >= PHOTO_LIMITS.maxFiles) return `最多 ${PHOTO_LIMITS.maxFiles} 张照片`;
  return undefined;
}

// --- The report form ------------------------------------------------------------------------------

export interface ReportValues {
  title: string;
  eventClassification: string;
  priority?: number | undefined;
  description?: string | undefined;
  address?: string | undefined;
  longitude: number;
  latitude: number;
  patrolId?: string | undefined;
}

/** Coordinates the server keeps (6 decimals ≈ 0.1 m), so a clicked map point does not send 15 digits. */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The multipart body of /adm/event/report: the fields (empty optional ones left out, as every
 * platform call does) and each photo in the file field `photos`.
 */
export function reportFormData(values: ReportValues, photos: readonly Blob[]): FormData {
  const form = new FormData();
  const fields: Record<string, string | number | undefined> = {
    title: values.title.trim(),
    eventClassification: values.eventClassification,
    priority: values.priority,
    description: values.description?.trim(),
    address: values.address?.trim(),
    longitude: roundCoordinate(values.longitude),
    latitude: roundCoordinate(values.latitude),
    patrolId: values.patrolId,
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') form.append(name, String(value));
  }
  for (const [i, photo] of photos.entries()) {
    form.append('photos', photo, photo instanceof File ? photo.name : `photo-${i + 1}.jpg`);
  }
  return form;
}

/** The multipart body of /adm/event/attach (photos added after the report: the "after" photos). */
export function attachFormData(eventId: string, note: string, photos: readonly Blob[]): FormData {
  const form = new FormData();
  form.append('eventId', eventId);
  if (note.trim() !== '') form.append('note', note.trim().slice(0, 200));
  for (const [i, photo] of photos.entries()) {
    form.append('photos', photo, photo instanceof File ? photo.name : `photo-${i + 1}.jpg`);
  }
  return form;
}

// --- The detail's buttons -------------------------------------------------------------------------

export type EventActionOffer = EventDetail['actions'][number];

export interface ActionButton {
  action: EventAction;
  label: string;
  /** The main way forward (one per event). */
  primary: boolean;
  /** It ends or reverses the work (驳回, 退回, 审核不通过). */
  danger: boolean;
  /** A dialog comes first: a note to write, someone to dispatch to, or a confirmation. */
  dialog: 'note' | 'dispatch' | 'confirm';
}

const FORWARD: readonly EventAction[] = ['accept', 'dispatch', 'start', 'finish', 'approve', 'close'];
const BACKWARD: readonly EventAction[] = ['reject', 'return', 'redo'];

/** The buttons of the actions the server offers, in flow order: forward first, then the ones that go back. */
export function actionButtons(actions: readonly EventActionOffer[]): ActionButton[] {
  const offered = new Map(actions.map((a) => [a.action, a]));
  const order = [...FORWARD, ...BACKWARD].filter((a) => offered.has(a));
  const primary = order.find((a) => FORWARD.includes(a));
  return order.flatMap((action) => {
    const offer = offered.get(action);
    if (offer === undefined) return [];
    return [
      {
        action,
        label: offer.name,
        primary: action === primary,
        danger: BACKWARD.includes(action),
        dialog: offer.needsAssignee ? 'dispatch' : offer.noteRequired ? 'note' : 'confirm',
      },
    ];
  });
}

/** Whether a deadline shows as late: the server's flag, which knows the state and the clock. */
export function deadlineText(row: { deadline: string | null; overdue: boolean }): string {
  if (row.deadline === null) return '—';
  return row.overdue ? `${row.deadline}（已逾期）` : row.deadline;
}
