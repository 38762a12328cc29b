import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { type CSSProperties, useEffect, useRef } from 'react';
import { echarts } from './echarts';

/**
 * One ECharts instance bound to a div: created on mount, given each new option, resized with its box,
 * disposed on unmount. `onReady` hands out the instance for events (a click on a map point, say).
 */
export interface EChartProps {
  option: EChartsCoreOption;
  style?: CSSProperties;
  className?: string;
  /** What the chart shows, for screen readers (a chart is a canvas). */
  ariaLabel: string;
  onReady?: (chart: EChartsType) => void;
}

export function EChart({ option, style, className, ariaLabel, onReady }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | undefined>(undefined);
  // Read once, when the instance is created; a new callback on each render must not recreate it.
  const ready = useRef(onReady);

  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    ready.current?.(instance);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={ariaLabel}
      className={className}
      style={{ width: '100%', height: 320, ...style }}
    />
  );
}
