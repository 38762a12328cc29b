import { roundHalfUp } from '../numbers';
import { type MeterThresholds, meterState } from './running-state';

/**
 * 停限产 orders of a heavy-pollution response (重污染天气应急减排清单: 停产 or 限产 by a ratio, per
 * line, for a period). A line under 停产 must not run; a line under 限产 of r % may draw at most
 * (100 − r) % of its baseline production power (the 基准 of its 应急减排清单 entry).
 */

export type OrderMeasure = 'stop' | 'limit';

export const ORDER_MEASURE_NAMES: Record<OrderMeasure, string> = { stop: '停产', limit: '限产' };

export interface ProductionOrder {
  measure: OrderMeasure;
  /** 限产: the reduction in percent (1–99); ignored for 停产. */
  ratio: number | null;
  /** Epoch seconds; the order holds on [startAt, endAt). */
  startAt: number;
  endAt: number;
}

export function checkOrder(order: ProductionOrder): string[] {
  const problems: string[] = [];
  if (!(order.endAt > order.startAt)) problems.push('结束时间应晚于开始时间');
  if (order.measure === 'limit') {
    if (order.ratio === null || !Number.isFinite(order.ratio) || order.ratio < 1 || order.ratio > 99)
      problems.push('限产比例应为 1–99 之间的百分数');
  }
  return problems;
}

export function orderActiveAt(order: Pick<ProductionOrder, 'startAt' | 'endAt'>, t: number): boolean {
  return t >= order.startAt && t < order.endAt;
}

export type OrderViolation = 'running_under_stop' | 'over_share';

export const ORDER_VIOLATION_NAMES: Record<OrderViolation, string> = {
  running_under_stop: '停产期间仍在生产',
  over_share: '限产期间超出配额',
};

export interface OrderCheck {
  violation: OrderViolation | null;
  /** 限产: the power the line may draw (kW); 停产: its stopping threshold. */
  allowedKw: number | null;
  /** Power as % of the allowed power (1 decimal), null when there is nothing to compare. */
  usePercent: number | null;
}

/** One reading of a line under an active order. A missing reading finds nothing (it is an offline matter). */
export function checkLineAgainstOrder(
  order: ProductionOrder,
  line: { thresholds: MeterThresholds; baselineKw: number | null },
  powerKw: number | null,
): OrderCheck {
  if (powerKw === null || !Number.isFinite(powerKw)) return { violation: null, allowedKw: null, usePercent: null };
  if (order.measure === 'stop') {
    const running = meterState(powerKw, line.thresholds) === 'running';
    return { violation: running ? 'running_under_stop' : null, allowedKw: line.thresholds.runningKw, usePercent: null };
  }
  if (line.baselineKw === null || !(line.baselineKw > 0) || order.ratio === null)
    return { violation: null, allowedKw: null, usePercent: null };
  const allowedKw = roundHalfUp((line.baselineKw * (100 - order.ratio)) / 100, 3);
  const usePercent = roundHalfUp((powerKw / allowedKw) * 100, 1);
  return { violation: powerKw > allowedKw ? 'over_share' : null, allowedKw, usePercent };
}
