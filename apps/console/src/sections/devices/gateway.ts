import { GATEWAY_REFUSALS } from '@lantian/contracts';

/** The 网关 tab's logic: the refusals by reason, in the contract's words, and a packet's outcome. */

export interface RefusalRow {
  reason: string;
  name: string;
  count: number;
}

const refusalName = (reason: string): string =>
  Object.hasOwn(GATEWAY_REFUSALS, reason) ? GATEWAY_REFUSALS[reason as keyof typeof GATEWAY_REFUSALS] : reason;

/** The reasons packets were refused, most frequent first (reasons with none left out). */
export function refusalRows(refused: Readonly<Record<string, number>>): RefusalRow[] {
  return Object.entries(refused)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => ({ reason, name: refusalName(reason), count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

export const refusedTotal = (refused: Readonly<Record<string, number>>): number =>
  Object.values(refused).reduce((sum, n) => sum + n, 0);

/** A packet's outcome: 已入库, or why it was refused. */
export const outcomeName = (outcome: string): string => (outcome === 'accepted' ? '已入库' : refusalName(outcome));

export const OUTCOME_OPTIONS = [
  { value: 'accepted', label: '已入库' },
  ...Object.entries(GATEWAY_REFUSALS).map(([value, label]) => ({ value, label: `拒收：${label}` })),
];
