import type { WeatherForecastHourData } from '@lantian/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useMemo, useState } from 'react';
import { EChart } from '../../shared/charts/EChart';
import { ARROW_PATH, downwindBearing, WeatherIcon, WindArrow, windOf, windText } from '../../shared/weather';
import { hourLabel, monthDayHour, num } from './format';
import { EmptyBlock } from './QueryState';

const TEMP_COLOR = '#f0781e';
const RAIN_COLOR = '#3b82f6';
const WIND_COLOR = '#5b6b82';

interface TooltipParam {
  dataIndex: number;
}

/** Hours between labelled points and wind arrows: fewer on narrow screens so nothing overlaps. */
function steps(width: number) {
  if (width < 480) return { label: 4, wind: 2 };
  if (width < 900) return { label: 2, wind: 1 };
  return { label: 1, wind: 1 };
}

function chartOption(hours: WeatherForecastHourData[], width: number): EChartsCoreOption {
  const step = steps(width);
  const labels = hours.map((h) => hourLabel(h.time));
  const rainMax = Math.max(2, ...hours.map((h) => h.precipitation ?? 0));
  const tooltip = (params: TooltipParam | TooltipParam[]) => {
    const first = Array.isArray(params) ? params[0] : params;
    const h = first === undefined ? undefined : hours[first.dataIndex];
    if (h === undefined) return '';
    const pop = h.precipitationProbability === null ? '' : `（降水概率 ${num(h.precipitationProbability, 0)}%）`;
    return [
      `<b>${monthDayHour(h.time)}</b> ${h.text ?? ''}`,
      `气温 ${num(h.temperature)} °C · 湿度 ${num(h.humidity, 0)} %`,
      `降水 ${num(h.precipitation)} mm${pop}`,
      `${windText(h)} · ${num(h.windSpeed)} m/s`,
    ].join('<br/>');
  };
  return {
    animation: false,
    tooltip: { trigger: 'axis', formatter: tooltip, confine: true },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    grid: [
      { left: 36, right: 36, top: 24, height: '58%' },
      { left: 36, right: 36, bottom: 24, height: 30 },
    ],
    xAxis: [
      { type: 'category', data: labels, gridIndex: 0, axisLabel: { show: false }, axisTick: { show: false } },
      {
        type: 'category',
        data: labels,
        gridIndex: 1,
        position: 'bottom',
        axisLine: { show: false },
        axisTick: { show: false },
        axisLabel: { color: '#5b6b82', hideOverlap: true },
      },
    ],
    yAxis: [
      {
        type: 'value',
        gridIndex: 0,
        scale: true,
        name: '°C',
        nameTextStyle: { color: TEMP_COLOR, align: 'right' },
        axisLabel: { color: '#5b6b82' },
        splitLine: { lineStyle: { color: '#eef1f6' } },
      },
      {
        type: 'value',
        gridIndex: 0,
        min: 0,
        max: Math.ceil(rainMax * 1.6),
        name: 'mm',
        nameTextStyle: { color: RAIN_COLOR, align: 'left' },
        axisLabel: { color: '#5b6b82' },
        splitLine: { show: false },
      },
      { type: 'value', gridIndex: 1, show: false, min: -1, max: 1 },
    ],
    series: [
      {
        name: '气温',
        type: 'line',
        xAxisIndex: 0,
        yAxisIndex: 0,
        smooth: true,
        symbolSize: 5,
        data: hours.map((h) => h.temperature),
        itemStyle: { color: TEMP_COLOR },
        lineStyle: { width: 2.5 },
        label: {
          show: true,
          fontSize: 11,
          formatter: ({ value, dataIndex }: { value: number | null; dataIndex: number }) =>
            dataIndex % step.label === 0 && value !== null ? `${num(value, 0)}°` : '',
        },
        labelLayout: { hideOverlap: true },
        connectNulls: false,
      },
      {
        name: '降水',
        type: 'bar',
        xAxisIndex: 0,
        yAxisIndex: 1,
        barMaxWidth: 12,
        data: hours.map((h) => h.precipitation),
        itemStyle: { color: RAIN_COLOR, opacity: 0.75, borderRadius: [3, 3, 0, 0] },
      },
      {
        name: '风',
        type: 'scatter',
        xAxisIndex: 1,
        yAxisIndex: 2,
        symbol: `path://${ARROW_PATH}`,
        symbolSize: 12,
        data: hours.map((h, i) => {
          const wind = windOf(h);
          const calm = wind.force === 0 || h.windDirection === null;
          return {
            value: 0,
            symbol: calm ? 'circle' : `path://${ARROW_PATH}`,
            symbolSize: i % step.wind !== 0 ? 0 : calm ? 5 : 12,
            // ECharts turns symbols counter-clockwise; the arrow points where the wind blows to.
            symbolRotate: calm || h.windDirection === null ? 0 : -downwindBearing(h.windDirection),
          };
        }),
        itemStyle: { color: WIND_COLOR },
      },
    ],
  };
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** The next 24 hours: a strip of hours (weather, temperature, wind) and a chart of temperature, rain and wind. */
export function HourlyForecast({ hours }: { hours: WeatherForecastHourData[] }) {
  const width = useWindowWidth();
  const option = useMemo(() => chartOption(hours, width), [hours, width]);
  if (hours.length === 0) return <EmptyBlock>暂无逐小时预报</EmptyBlock>;
  const rainy = hours.some((h) => (h.precipitation ?? 0) > 0);
  return (
    <>
      <ol className="lt-wx-hours" aria-label="逐小时预报">
        {hours.map((h) => {
          const wind = windOf(h);
          return (
            <li key={h.time} className="lt-wx-hour" data-testid="hourly-item">
              <span className="lt-wx-muted">{hourLabel(h.time)}</span>
              <WeatherIcon code={h.icon} text={h.text} size={26} />
              <strong>{num(h.temperature, 0)}°</strong>
              <span className="lt-wx-small lt-wx-muted">
                <WindArrow degrees={wind.force === 0 ? null : h.windDirection} size={11} />
                {wind.force === null ? '—' : `${wind.force}级`}
              </span>
            </li>
          );
        })}
      </ol>
      <EChart
        option={option}
        style={{ height: 240 }}
        ariaLabel={`未来 ${hours.length} 小时气温${rainy ? '、降水' : ''}和风的变化图`}
      />
      <p className="lt-wx-chart-key">
        <span style={{ color: TEMP_COLOR }}>━ 气温 °C</span>
        <span style={{ color: RAIN_COLOR }}>▮ 降水 mm</span>
        <span style={{ color: WIND_COLOR }}>➤ 风向（箭头指向下风方向）</span>
      </p>
    </>
  );
}
