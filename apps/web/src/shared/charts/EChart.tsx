import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { type CSSProperties, useEffect, useRef, useState } from 'react';

/** The ECharts library as this site builds it (./echarts.ts). */
export type EChartsLib = typeof import('./echarts').echarts;

let loading: Promise<EChartsLib> | undefined;

/** How far outside the screen a chart's box starts loading the library. */
const NEAR_SCREEN = '200px';

/**
 * ECharts (≈240 KB gzip) is fetched when the first chart mounts, never with a page's own code: the
 * page paints its numbers first and each chart fills its already sized box a moment later.
 */
export function loadECharts(): Promise<EChartsLib> {
  loading ??= import('./echarts').then((m) => m.echarts);
  return loading;
}

/**
 * One ECharts instance bound to a div: created once the library is in, given each new option, resized
 * with its box, disposed on unmount. `onReady` hands out the instance for events (clicks on a map,
 * say); `prepare` runs before each option is set (registering the map an option names).
 */
export interface EChartProps {
  option: EChartsCoreOption;
  style?: CSSProperties;
  className?: string;
  /** Accessible description of what the chart shows (charts are canvas: screen readers need this). */
  ariaLabel: string;
  onReady?: (chart: EChartsType) => void;
  prepare?: (echarts: EChartsLib) => void;
}

export function EChart({ option, style, className, ariaLabel, onReady, prepare }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | undefined>(undefined);
  const [lib, setLib] = useState<EChartsLib | undefined>(undefined);
  // Read once, when the instance is created; a new callback on each render must not recreate it.
  const ready = useRef(onReady);
  const prepareRef = useRef(prepare);
  prepareRef.current = prepare;

  // The library loads when the box comes near the screen: a chart below the first screen of a phone
  // costs it nothing (ECharts' start-up is one long task on a slow CPU) until the visitor scrolls.
  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    let alive = true;
    const load = () =>
      void loadECharts().then((echarts) => {
        if (alive) setLib(() => echarts);
      });
    if (typeof IntersectionObserver === 'undefined') {
      load();
      return () => {
        alive = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(el);
    return () => {
      alive = false;
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    const el = box.current;
    if (el === null || lib === undefined) return;
    const instance = lib.init(el, undefined, { renderer: 'canvas' });
    setChart(instance);
    ready.current?.(instance);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      setChart(undefined);
    };
  }, [lib]);

  useEffect(() => {
    if (chart === undefined || lib === undefined) return;
    prepareRef.current?.(lib);
    chart.setOption(option, { notMerge: true });
  }, [chart, lib, option]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={ariaLabel}
      className={className}
      style={{ width: '100%', height: 280, ...style }}
    />
  );
}
