import type { ReportNumbers, ReportQuery } from '@lantian/contracts';
import { asAqiLevel, LEVELS } from '@lantian/domain';
import type { EChartsOption } from 'echarts';
import { REPORT_FONT_FAMILY, reportFonts } from './fonts';

/**
 * Report charts drawn on the server: ECharts' server-side renderer writes SVG, resvg rasterises it
 * with the report font (the same PNG goes into the preview, the Word file and the PDF). The libraries
 * are loaded on the first chart, not at start-up.
 */

export const CHART_WIDTH = 800;
export const CHART_HEIGHT = 400;
/** Pixels per SVG unit of the PNG: sharp when printed at the page's width. */
const SCALE = 2;

const levelColor = (level: number) => LEVELS[asAqiLevel(level)].color;

export function chartOption(query: ReportQuery, chart: 'bar' | 'line' | 'pie', numbers: ReportNumbers): EChartsOption {
  const base: EChartsOption = {
    animation: false,
    backgroundColor: '#ffffff',
    textStyle: { fontFamily: REPORT_FONT_FAMILY },
    // The element's title is printed above the picture as a heading; the picture carries none of its own.
    grid: { left: 60, right: 30, top: 30, bottom: 50 },
  };
  const categorical = (labels: string[], values: Array<number | null>, colors?: string[]) => ({
    ...base,
    xAxis: { type: 'category' as const, data: labels, axisLabel: { interval: 0, rotate: labels.length > 12 ? 45 : 0 } },
    yAxis: { type: 'value' as const },
    series: [
      {
        type: chart === 'line' ? ('line' as const) : ('bar' as const),
        data: values.map((value, i) => ({ value, itemStyle: colors?.[i] === undefined ? {} : { color: colors[i] } })),
        label: { show: labels.length <= 12, position: 'top' as const },
      },
    ],
  });
  switch (query) {
    case 'airSummary': {
      const air = numbers.air;
      return categorical(['PM2.5', 'PM10', 'SO2', 'NO2', 'O3_8h'], [air.pm2_5, air.pm10, air.so2, air.no2, air.o3_8h]);
    }
    case 'levelDays': {
      const levels = numbers.air.levelDays;
      if (chart === 'pie') {
        return {
          ...base,
          legend: { bottom: 0 },
          series: [
            {
              type: 'pie',
              radius: ['35%', '65%'],
              data: levels
                .filter((l) => l.days > 0)
                .map((l) => ({ name: l.levelName, value: l.days, itemStyle: { color: levelColor(l.level) } })),
              label: { formatter: '{b}：{c} 天' },
            },
          ],
        };
      }
      return categorical(
        levels.map((l) => l.levelName),
        levels.map((l) => l.days),
        levels.map((l) => levelColor(l.level)),
      );
    }
    case 'dailyAqi': {
      const days = numbers.daily;
      return categorical(
        days.map((d) => d.date.slice(5)),
        days.map((d) => d.aqi),
        days.map((d) => levelColor(d.level)),
      );
    }
    case 'alarmLevels': {
      if (chart === 'pie') {
        return {
          ...base,
          legend: { bottom: 0 },
          series: [{ type: 'pie', radius: '60%', data: numbers.alarms.map((a) => ({ name: a.name, value: a.count })) }],
        };
      }
      return categorical(
        numbers.alarms.map((a) => a.name),
        numbers.alarms.map((a) => a.count),
      );
    }
    case 'cityRank':
      throw new Error('a ranking has no chart');
  }
}

/** The SVG of an ECharts option, drawn without a browser. */
export async function renderSvg(option: EChartsOption, width = CHART_WIDTH, height = CHART_HEIGHT): Promise<string> {
  const echarts = await import('echarts');
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

export interface Png {
  data: Buffer;
  width: number;
  height: number;
}

/** An SVG rasterised with the report fonts only (no system fonts: the same picture on every machine). */
export async function svgToPng(svg: string, width: number): Promise<Png> {
  const { Resvg } = await import('@resvg/resvg-js');
  const fonts = reportFonts();
  const image = new Resvg(svg, {
    font: {
      fontFiles: [fonts.regular, fonts.bold],
      loadSystemFonts: false,
      defaultFontFamily: REPORT_FONT_FAMILY,
      sansSerifFamily: REPORT_FONT_FAMILY,
    },
    fitTo: { mode: 'width', value: width * SCALE },
    background: '#ffffff',
  }).render();
  return { data: Buffer.from(image.asPng()), width: image.width, height: image.height };
}

export async function chartPng(
  query: ReportQuery,
  chart: 'bar' | 'line' | 'pie',
  numbers: ReportNumbers,
): Promise<Png> {
  return svgToPng(await renderSvg(chartOption(query, chart, numbers)), CHART_WIDTH);
}
