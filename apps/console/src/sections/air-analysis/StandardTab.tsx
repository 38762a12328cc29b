import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, InputNumber, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { analysisKeys, api, type RegionMean, type StandardRate } from './air-analysis.api';
import { CitySelect } from './CitySelect';
import { orDash, percent } from './scope';
import { useCity } from './useCity';

type Item = StandardRate['items'][number];
type RegionRow = RegionMean['list'][number];

const verdict = (attained: boolean | null) =>
  attained === null ? <Tag>数据不全</Tag> : attained ? <Tag color="green">达标</Tag> : <Tag color="red">超标</Tag>;

const itemColumns: TableColumnsType<Item> = [
  { title: '污染物', dataIndex: 'name', key: 'name' },
  { title: '评价值', dataIndex: 'value', key: 'value', render: orDash },
  { title: '二级限值', dataIndex: 'limit', key: 'limit' },
  { title: '单项指数', dataIndex: 'index', key: 'index', render: orDash },
  { title: '评价', key: 'attained', render: (_, r) => verdict(r.attained) },
];

const regionColumns: TableColumnsType<RegionRow> = [
  { title: '排名', dataIndex: 'rank', key: 'rank', width: 64, render: orDash },
  { title: '城市', dataIndex: 'cityName', key: 'cityName' },
  { title: '综合指数', dataIndex: 'compositeIndex', key: 'compositeIndex', render: orDash },
  { title: '优良率', dataIndex: 'goodRate', key: 'goodRate', render: percent },
  { title: 'PM2.5', dataIndex: 'pm2_5', key: 'pm2_5', render: orDash },
  { title: '达标', key: 'attained', render: (_, r) => verdict(r.attained) },
  { title: '超标项', key: 'exceeding', render: (_, r) => r.exceeding.join('、') || '—' },
];

/**
 * 达标分析: a city's year so far against GB 3095-2012 grade II (HJ 663-2013 statistics), the good
 * days still needed for the target rate, and the cities of the area ranked by the composite index.
 */
export function StandardTab() {
  const { cities, city, setCity, tree } = useCity();
  const [target, setTarget] = useState(0.8);
  const rate = useQuery({
    queryKey: analysisKeys.call('standardRate', { city, target }),
    queryFn: ({ signal }) => api.standardRate({ cityCode: city, targetRate: target }, signal),
    enabled: city !== undefined,
  });
  const region = useQuery({
    queryKey: analysisKeys.call('regionMean', {}),
    queryFn: ({ signal }) => api.regionMean({}, signal),
  });
  const r = rate.data;
  return (
    <div className="lt-analysis-stack">
      {cities.length === 0 && !tree.isPending ? (
        <Alert type="info" showIcon message="您的辖区不包含整个城市：城市达标评价不可用。" />
      ) : (
        <>
          <Space wrap>
            <CitySelect cities={cities} city={city} setCity={setCity} />
            <span>优良率目标</span>
            <InputNumber
              aria-label="优良率目标"
              min={0}
              max={1}
              step={0.01}
              value={target}
              onChange={(v) => v !== null && setTarget(v)}
            />
          </Space>
          {r !== undefined && (
            <Descriptions bordered size="small" column={{ xs: 1, md: 3 }} aria-label="达标评价">
              <Descriptions.Item label="评价时段">
                {r.stats.startDate} 至 {r.stats.endDate}
              </Descriptions.Item>
              <Descriptions.Item label="总体评价">{verdict(r.attained)}</Descriptions.Item>
              <Descriptions.Item label="超标项">{r.exceeding.join('、') || '—'}</Descriptions.Item>
              <Descriptions.Item label="有效天数">{r.stats.days}</Descriptions.Item>
              <Descriptions.Item label="优良天数">{r.stats.goodDays}</Descriptions.Item>
              <Descriptions.Item label="优良率">{percent(r.stats.goodRate)}</Descriptions.Item>
              <Descriptions.Item label="上年同期优良率">{percent(r.lastYear?.goodRate ?? null)}</Descriptions.Item>
              <Descriptions.Item label="剩余天数">{r.remainingDays}</Descriptions.Item>
              <Descriptions.Item label="还需优良天数">
                <Typography.Text type={r.target.achievable ? undefined : 'danger'}>
                  {r.target.needed}
                  {r.target.achievable ? `（最多还可有 ${r.target.pollutedAllowed} 天非优良）` : '（已无法达成目标）'}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          )}
          <Table<Item>
            aria-label="六项污染物达标评价"
            rowKey="key"
            size="small"
            loading={rate.isPending}
            columns={itemColumns}
            dataSource={r?.items ?? []}
            pagination={false}
          />
        </>
      )}
      <section aria-label="区域城市达标排名">
        <Typography.Title level={5}>{region.data?.areaName ?? ''} 城市达标排名（本年 1 月 1 日至今）</Typography.Title>
        {region.data !== undefined && (
          <Typography.Paragraph type="secondary">
            区域：优良率 {percent(region.data.region.goodRate)}，PM2.5 {orDash(region.data.region.pm2_5)}{' '}
            μg/m³，综合指数 {orDash(region.data.region.compositeIndex)}
          </Typography.Paragraph>
        )}
        <Table<RegionRow>
          aria-label="区域城市达标排名"
          rowKey="cityCode"
          size="small"
          loading={region.isPending}
          columns={regionColumns}
          dataSource={region.data?.list ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: '辖区内没有城市级数据' }}
        />
      </section>
    </div>
  );
}
