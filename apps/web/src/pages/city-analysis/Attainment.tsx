import type { StandardData } from '@lantian/contracts';
import { useState } from 'react';
import { Segmented } from '../../shared/Segmented';
import { Block, EmptyNote, QueryBody } from '../city/Block';
import { useMonthlyStandard, useYearlyStandard } from './city-analysis.api';

const pad2 = (n: number) => String(n).padStart(2, '0');

function AttainedTag({ attained }: { attained: boolean | null }) {
  if (attained === null) return <span className="lt-an-tag lt-an-tag-none">数据不全</span>;
  return attained ? (
    <span className="lt-an-tag lt-an-tag-good">六项达标</span>
  ) : (
    <span className="lt-an-tag lt-an-tag-bad">未达标</span>
  );
}

function StandardTable({ data }: { data: StandardData }) {
  return (
    <>
      <p className="lt-an-subtitle">
        {data.label} <AttainedTag attained={data.attained} /> 有效天数 {data.days}，优良 {data.goodDays} 天
        {data.goodRate === null ? '' : `（${data.goodRate}%）`}
        {data.compositeIndex === null ? '' : `，综合指数 ${data.compositeIndex}`}
      </p>
      <div className="lt-an-scroll">
        <table className="lt-an-table" aria-label="达标评价">
          <thead>
            <tr>
              <th>污染物</th>
              <th>统计量</th>
              <th>数值</th>
              <th>二级限值</th>
              <th>占标率</th>
              <th>超标天数</th>
              <th>评价</th>
            </tr>
          </thead>
          <tbody>
            {data.pollutants.map((p) => {
              const ratio = p.ratio ?? 0;
              return (
                <tr key={p.key} data-pollutant={p.key}>
                  <td>{p.name}</td>
                  <td>{p.statistic}</td>
                  <td>
                    {p.value ?? '—'}
                    <small> {p.unit}</small>
                  </td>
                  <td>{p.limit}</td>
                  <td>
                    <span className="lt-an-ratio" aria-hidden>
                      <span
                        style={{
                          width: `${Math.min(100, ratio * 100)}%`,
                          background: ratio > 1 ? '#e5484d' : ratio > 0.8 ? '#f5a623' : '#2fb36b',
                        }}
                      />
                    </span>
                    {p.ratio === null ? '—' : `${Math.round(p.ratio * 100)}%`}
                  </td>
                  <td>{p.exceedDays ?? '—'}</td>
                  <td>
                    {p.exceeded === null ? (
                      <span className="lt-an-tag lt-an-tag-none">无数据</span>
                    ) : p.exceeded ? (
                      <span className="lt-an-tag lt-an-tag-bad">超标 {p.exceedMultiple ?? ''}倍</span>
                    ) : (
                      <span className="lt-an-tag lt-an-tag-good">达标</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="lt-an-note">
        按 GB 3095-2012 二级浓度限值评价；数据有效性：需 {data.validity.required} {data.validity.unit}，实有{' '}
        {data.validity.actual} {data.validity.unit}
        {data.validity.met ? '（满足）' : '（不满足，结果仅供参考）'}。
      </p>
    </>
  );
}

/** 标准达标评价: the year (getYearlyStandard) or one month of it (getMonthlyStandard). */
export function Attainment({ city, year, lastMonth }: { city: string; year: number; lastMonth: number }) {
  const [period, setPeriod] = useState<'year' | 'month'>('year');
  const [month, setMonth] = useState(lastMonth);
  const yearly = useYearlyStandard(city, year);
  const monthly = useMonthlyStandard(city, `${year}-${pad2(month)}`, period === 'month');
  const query = period === 'year' ? yearly : monthly;
  return (
    <Block
      id="ca-standard"
      title="标准达标评价"
      className="lt-an-wide"
      extra={
        <>
          <Segmented
            aria-label="评价时段"
            value={period}
            options={[
              { value: 'year', label: '年度' },
              { value: 'month', label: '月度' },
            ]}
            onChange={setPeriod}
          />
          {period === 'month' && (
            <select
              className="lt-an-input"
              aria-label="月份"
              value={month}
              onChange={(e) => setMonth(Number(e.target.value))}
            >
              {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
                <option key={m} value={m}>
                  {m}月
                </option>
              ))}
            </select>
          )}
        </>
      }
    >
      <QueryBody state={query} label="达标评价" rows={6}>
        {() =>
          query.data === undefined || query.data.days === 0 ? (
            <EmptyNote>该时段暂无数据</EmptyNote>
          ) : (
            <StandardTable data={query.data} />
          )
        }
      </QueryBody>
    </Block>
  );
}
