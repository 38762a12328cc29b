import { useMemo, useState } from 'react';
import { EChart } from '../../shared/charts/EChart';
import { Stat } from '../analysis/BarList';
import { Block, EmptyNote, QueryBody } from '../city/Block';
import { useO3DayScheme } from './city-analysis.api';

/** 臭氧 8 小时评价: a day's O3 hours and 8-hour running means against the grade II limits. */
export function OzoneDay({ city, defaultDate }: { city: string; defaultDate: string }) {
  const [date, setDate] = useState(defaultDate);
  const query = useO3DayScheme(city, `${date} 12:00:00`);
  const data = query.data;
  const option = useMemo(() => {
    if (data === undefined) return {};
    const hours = data.hours.map((h) => h.time.slice(11, 16));
    return {
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 44, right: 12, top: 28, bottom: 52 },
      xAxis: { type: 'category', data: hours },
      yAxis: { type: 'value', name: 'μg/m³', nameTextStyle: { align: 'left' } },
      series: [
        {
          name: 'O₃ 1 小时',
          type: 'bar',
          barMaxWidth: 12,
          data: data.hours.map((h) => ({ value: h.o3, itemStyle: { color: h.color } })),
          markLine: {
            symbol: 'none',
            label: { formatter: '1 小时限值 200' },
            lineStyle: { color: '#e5484d', type: 'dashed' },
            data: [{ yAxis: 200 }],
          },
        },
        {
          name: 'O₃ 8 小时滑动',
          type: 'line',
          smooth: true,
          showSymbol: false,
          data: data.hours.map((h) => h.o3_8h),
          itemStyle: { color: '#7c3aed' },
          markLine: {
            symbol: 'none',
            label: { formatter: '8 小时限值 160' },
            lineStyle: { color: '#f59e0b', type: 'dashed' },
            data: [{ yAxis: 160 }],
          },
        },
      ],
    };
  }, [data]);
  return (
    <Block
      id="ca-ozone"
      title="臭氧 8 小时评价"
      extra={
        <input
          type="date"
          className="lt-an-input"
          aria-label="日期"
          value={date}
          max={defaultDate}
          onChange={(e) => e.target.value !== '' && setDate(e.target.value)}
        />
      }
    >
      <QueryBody state={query} label="臭氧数据" rows={6}>
        {() =>
          data === undefined || data.hours.every((h) => h.o3 === null) ? (
            <EmptyNote>{date} 暂无臭氧数据</EmptyNote>
          ) : (
            <>
              <div className="lt-an-stats">
                <Stat
                  label="日最大 8 小时"
                  value={data.max8h.value === null ? '—' : String(data.max8h.value)}
                  note={data.max8hIaqi === null ? undefined : `IAQI ${data.max8hIaqi}`}
                  tone={data.max8h.value === null ? undefined : data.max8h.value > 160 ? 'bad' : 'good'}
                />
                <Stat
                  label="日最大 1 小时"
                  value={data.max1h.value === null ? '—' : String(data.max1h.value)}
                  note={data.max1h.time === null ? undefined : `${data.max1h.time.slice(11, 16)} 时`}
                />
                <Stat label="8 小时超 160 的小时" value={String(data.eightHourOver160)} />
                <Stat label="1 小时超 200 的小时" value={String(data.hoursOver200)} />
              </div>
              <EChart option={option} ariaLabel={`${data.label} 臭氧逐时浓度与 8 小时滑动平均`} />
            </>
          )
        }
      </QueryBody>
    </Block>
  );
}
