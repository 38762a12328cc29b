import type { CityRankData, RankItem } from '@lantian/contracts';
import { Input, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { cityAnalysisPath } from '../../app/routing';
import { LevelPill, primaryLabel } from '../../shared/aqi';
import { Segmented } from '../../shared/Segmented';

const fmt = (v: number | null, digits = 0) => (v === null ? '—' : v.toFixed(digits));

/** The value a ranking sorts by, as shown: AQI for hours and days, the composite index for months and years. */
export function rankValueText(item: RankItem, sortBy: CityRankData['sortBy']): string {
  return sortBy === 'aqi' ? fmt(item.aqi) : fmt(item.compositeIndex, 2);
}

/** The best and the worst N of a ranking (cities without a value are neither). */
export function bestAndWorst(items: readonly RankItem[], n: number): { best: RankItem[]; worst: RankItem[] } {
  const ranked = items.filter((i) => i.rank !== null);
  return { best: ranked.slice(0, n), worst: ranked.slice(-n).reverse() };
}

function TopList({
  title,
  items,
  sortBy,
  tone,
}: {
  title: string;
  items: RankItem[];
  sortBy: CityRankData['sortBy'];
  tone: 'good' | 'bad';
}) {
  return (
    <div className={`lt-ra-top lt-ra-top-${tone}`}>
      <p className="lt-an-subtitle">{title}</p>
      <ol aria-label={title}>
        {items.map((item) => (
          <li key={item.cityCode}>
            <span className="lt-ra-top-rank">{item.rank}</span>
            <Link to={cityAnalysisPath(item.pyName)} className="lt-ra-top-city">
              {item.cityName}
              <small>{item.provinceName === item.cityName ? '' : item.provinceName}</small>
            </Link>
            <span className="lt-ra-top-value">{rankValueText(item, sortBy)}</span>
            <LevelPill level={item.level} />
          </li>
        ))}
      </ol>
    </div>
  );
}

export function BestWorst({ data }: { data: CityRankData }) {
  const [n, setN] = useState<'10' | '20'>('10');
  const { best, worst } = bestAndWorst(data.items, Number(n));
  const what = data.sortBy === 'aqi' ? 'AQI' : '综合指数';
  return (
    <>
      <div className="lt-ra-top-head">
        <span>
          按{what}排名，共 {data.total} 个城市参与
        </span>
        <Segmented
          aria-label="显示前几名"
          value={n}
          options={[
            { value: '10', label: '前 10' },
            { value: '20', label: '前 20' },
          ]}
          onChange={setN}
        />
      </div>
      <div className="lt-an-split">
        <TopList title={`空气最好的 ${n} 个城市`} items={best} sortBy={data.sortBy} tone="good" />
        <TopList title={`空气最差的 ${n} 个城市`} items={worst} sortBy={data.sortBy} tone="bad" />
      </div>
    </>
  );
}

/** The whole ranking as a table, searchable by city or province, paged in the browser (≤ 400 rows). */
export function RankTable({ data }: { data: CityRankData }) {
  const [keyword, setKeyword] = useState('');
  const periodic = data.sortBy === 'compositeIndex';
  const rows = useMemo(() => {
    const k = keyword.trim();
    return k === ''
      ? data.items
      : data.items.filter(
          (i) => i.cityName.includes(k) || i.provinceName.includes(k) || i.pyName.includes(k.toLowerCase()),
        );
  }, [data.items, keyword]);
  const columns: TableColumnsType<RankItem> = [
    { title: '排名', dataIndex: 'rank', width: 64, fixed: 'left', render: (r: number | null) => r ?? '—' },
    {
      title: '城市',
      dataIndex: 'cityName',
      width: 132,
      fixed: 'left',
      render: (name: string, item) => <Link to={cityAnalysisPath(item.pyName)}>{name}</Link>,
    },
    { title: '省份', dataIndex: 'provinceName', width: 110 },
    periodic
      ? { title: '综合指数', dataIndex: 'compositeIndex', width: 90, render: (v: number | null) => fmt(v, 2) }
      : { title: 'AQI', dataIndex: 'aqi', width: 64, render: (v: number | null) => fmt(v) },
    { title: '级别', dataIndex: 'level', width: 96, render: (level: number) => <LevelPill level={level} /> },
    { title: '首要污染物', dataIndex: 'primaryPollutant', width: 110, render: (p: string[]) => primaryLabel(p) },
    { title: 'PM2.5', dataIndex: 'pm2_5', width: 70, render: (v: number | null) => fmt(v) },
    { title: 'PM10', dataIndex: 'pm10', width: 70, render: (v: number | null) => fmt(v) },
    { title: periodic ? 'O₃-8h 90分位' : 'O₃-8h', dataIndex: 'o3_8h', width: 90, render: (v: number | null) => fmt(v) },
    { title: 'NO₂', dataIndex: 'no2', width: 64, render: (v: number | null) => fmt(v) },
    { title: 'SO₂', dataIndex: 'so2', width: 64, render: (v: number | null) => fmt(v) },
    { title: periodic ? 'CO 95分位' : 'CO', dataIndex: 'co', width: 84, render: (v: number | null) => fmt(v, 2) },
    ...(periodic
      ? [
          {
            title: '优良天数',
            key: 'good',
            width: 96,
            render: (_: unknown, item: RankItem) => (item.days === null ? '—' : `${item.goodDays ?? 0}/${item.days}`),
          },
        ]
      : []),
  ];
  return (
    <>
      <Input.Search
        allowClear
        placeholder="筛选城市或省份"
        aria-label="筛选城市或省份"
        onChange={(e) => setKeyword(e.target.value)}
        style={{ maxWidth: 280, marginBottom: 10 }}
      />
      <Table<RankItem>
        rowKey="cityCode"
        size="small"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 1100 }}
        pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (t) => `共 ${t} 个城市` }}
      />
    </>
  );
}
