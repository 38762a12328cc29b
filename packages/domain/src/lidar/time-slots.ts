/**
 * Historical storage time slots (spec §3, §4 "Time-slot splitting"): resource files (lidar images
 * of the types HS, IF and VF) are kept under front paths by period. A slot has a 14-digit start
 * (inclusive) and end (exclusive), either may be open; when splitting is on, a resource URL whose
 * time-stamped segment falls inside a slot has its front path (the first path segment) replaced by
 * the slot's. The default slot maps 2017-06-01 … 2050-10-01 to `resourcenew`.
 */

export interface TimeSlot {
  /** yyyyMMddHHmmss, inclusive; null: open. */
  startTime: string | null;
  /** yyyyMMddHHmmss, exclusive; null: open. */
  endTime: string | null;
  frontPath: string;
}

export interface TimeSlotConfig {
  isSplit: boolean;
  splitDetail: TimeSlot[];
}

export const DEFAULT_TIME_SLOT: TimeSlot = {
  startTime: '20170601000000',
  endTime: '20501001000000',
  frontPath: 'resourcenew',
};

export const STAMP_PATTERN = /^\d{14}$/;

/** Whether a 14-digit stamp lies in the slot (14-digit stamps order as text). */
export function inSlot(stamp: string, slot: TimeSlot): boolean {
  if (!STAMP_PATTERN.test(stamp)) return false;
  if (slot.startTime !== null && stamp < slot.startTime) return false;
  if (slot.endTime !== null && stamp >= slot.endTime) return false;
  return true;
}

/** The lidar resource types whose URLs carry a stamp. */
export const SPLIT_TYPES = ['HS', 'IF', 'VF'] as const;

/** The stamp of a resource URL: the 14 digits in the segment after (or joined to) HS, IF or VF. */
export function resourceStamp(url: string): string | null {
  const match = /(?:^|[/_-])(HS|IF|VF)(?:[/_-])(\d{14})(?=$|[/_.-])/.exec(url);
  return match?.[2] ?? null;
}

/** A resource URL rewritten to the front path of the first slot holding its stamp (unchanged otherwise). */
export function rewriteResourceUrl(url: string, config: TimeSlotConfig): string {
  if (!config.isSplit) return url;
  const stamp = resourceStamp(url);
  if (stamp === null) return url;
  const slot = config.splitDetail.find((s) => inSlot(stamp, s));
  if (slot === undefined) return url;
  const match = /^(\/?)([^/?#]+)(.*)$/s.exec(url);
  if (match === null) return url;
  return `${match[1]}${slot.frontPath}${match[3]}`;
}

/** What is wrong with a slot list (overlaps, bad stamps, empty slots), or null. */
export function slotProblem(slots: readonly TimeSlot[]): string | null {
  for (const [i, s] of slots.entries()) {
    if (s.startTime !== null && !STAMP_PATTERN.test(s.startTime)) return `第 ${i + 1} 个时段的开始时间应为 14 位数字`;
    if (s.endTime !== null && !STAMP_PATTERN.test(s.endTime)) return `第 ${i + 1} 个时段的结束时间应为 14 位数字`;
    if (s.startTime !== null && s.endTime !== null && s.startTime >= s.endTime)
      return `第 ${i + 1} 个时段的开始时间应早于结束时间`;
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(s.frontPath)) return `第 ${i + 1} 个时段的路径只能包含字母、数字、下划线和连字符`;
  }
  for (const [i, a] of slots.entries()) {
    for (const [j, b] of slots.entries()) {
      if (j <= i) continue;
      const aStart = a.startTime ?? '';
      const bStart = b.startTime ?? '';
      const aEnd = a.endTime ?? '99999999999999';
      const bEnd = b.endTime ?? '99999999999999';
      if (aStart < bEnd && bStart < aEnd) return `第 ${i + 1} 个与第 ${j + 1} 个时段重叠`;
    }
  }
  return null;
}
