/**
 * Visibility from extinction, fog grades and road warnings. Grades follow GB/T 27964-2011 (雾的预报
 * 等级); the warning levels follow the meteorological fog warning signals (黄色 < 500 m, 橙色 < 200 m,
 * 红色 < 50 m), which traffic police act on for highways.
 */

export const FOG_GRADES = [
  { code: 'heavyDenseFog', name: '特强浓雾', below: 50 },
  { code: 'strongDenseFog', name: '强浓雾', below: 200 },
  { code: 'denseFog', name: '浓雾', below: 500 },
  { code: 'heavyFog', name: '大雾', below: 1000 },
  { code: 'mist', name: '轻雾', below: 10_000 },
] as const;

export type FogGrade = (typeof FOG_GRADES)[number]['code'] | 'clear';

/** The grade of a visibility (m). */
export function fogGrade(visibility: number): { code: FogGrade; name: string } {
  for (const g of FOG_GRADES) if (visibility < g.below) return { code: g.code, name: g.name };
  return { code: 'clear', name: '无雾' };
}

export const WARNING_LEVELS = [
  { level: 1, name: '红色预警', color: '#f5222d', below: 50 },
  { level: 2, name: '橙色预警', color: '#fa8c16', below: 200 },
  { level: 3, name: '黄色预警', color: '#fadb14', below: 500 },
] as const;

/** The warning a visibility calls for (1 red … 3 yellow), or null. */
export function warningLevel(visibility: number): (typeof WARNING_LEVELS)[number] | null {
  return WARNING_LEVELS.find((w) => visibility < w.below) ?? null;
}
