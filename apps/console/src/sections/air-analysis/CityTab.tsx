import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Empty, Radio, Row, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { EChart } from '../../shared/charts/EChart';
import { analysisKeys, api, type CityRankRow, type PeriodCompare } from './air-analysis.api';
import { CitySelect } from './CitySelect';
import { LevelTag } from './LevelTag';
import { orDash, percent } from './scope';
import { useCity } from './useCity';

const rankColumns: TableColumnsType<CityRankRow> = [
  { title: '排名', dataIndex: 'rank', key: 'rank', width: 64, render: orDash },
  { title: '城市', dataIndex: 'cityName', key: 'cityName' },
  { title: 'AQI', dataIndex: 'aqi', key: 'aqi', width: 72, render: orDash },
  { title: '级别', key: 'level', width: 110, render: (_, r) => <LevelTag {...r} /> },
  { title: 'PM2.5', dataIndex: 'pm2_5', key: 'pm2_5', width: 80, render: orDash },
  { title: 'PM10', dataIndex: 'pm10', key: 'pm10', width: 80, render: orDash },
  { title: 'O₃', dataIndex: 'o3', key: 'o3', width: 72, render: orDash },
];

type Period = PeriodCompare['current'];
const periodColumns: TableColumnsType<Period> = [
  { title: '时段', dataIndex: 'label', key: 'label' },
  { title: '有效天数', dataIndex: 'days', key: 'days' },
  { title: '优良天数', dataIndex: 'goodDays', key: 'goodDays' },
  { title: '优良率', dataIndex: 'goodRate', key: 'goodRate', render: percent },
  { title: 'PM2.5', dataIndex: 'pm2_5', key: 'pm2_5', render: orDash },
  { title: 'PM10', dataIndex: 'pm10', key: 'pm10', render: orDash },
  { title: 'O₃-8h 第 90 百分位', dataIndex: 'o3_8h', key: 'o3_8h', render: orDash },
  { title: '综合指数', dataIndex: 'compositeIndex', key: 'compositeIndex', render: orDash },
];

/**
 * 城市分析: the cities of the area ranked at the newest hour, and for one city its AQI trend, its
 * calendar of the year and this month against the same days of past years.
 */
export function CityTab() {
  const { cities, city, setCity, tree } = useCity();
  const [type, setType] = useState<'hour' | 'day'>('hour');
  const rank = useQuery({
    queryKey: analysisKeys.call('cityRank', {}),
    queryFn: ({ signal }) => api.cityRank({}, signal),
    refetchInterval: 5 * 60_000,
  });
  const trend = useQuery({
    queryKey: analysisKeys.call('trend', { city, type }),
    queryFn: ({ signal }) => api.trend({ cityCode: city, type }, signal),
    enabled: city !== undefined,
  });
  const calendar = useQuery({
    queryKey: analysisKeys.call('calendar', { city }),
    queryFn: ({ signal }) => api.calendar({ cityCode: city }, signal),
    enabled: city !== undefined,
  });
  const compare = useQuery({
    queryKey: analysisKeys.call('monthCompare', { city }),
    queryFn: ({ signal }) => api.monthCompare({ cityCode: city }, signal),
    enabled: city !== undefined,
  });

  const items = trend.data?.items ?? [];
  return (
    <div className="lt-analysis-stack">
      <section aria-label="城市排名">
        <Typography.Title level={5}>
          辖区城市排名 {rank.data?.time !== null && rank.data?.time !== undefined && <Tag>{rank.data.time}</Tag>}
        </Typography.Title>
        <Table<CityRankRow>
          aria-label="城市排名"
          rowKey="cityCode"
          size="small"
          loading={rank.isPending}
          columns={rankColumns}
          dataSource={rank.data?.list ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: '辖区内没有城市级数据（区县账号请查看「站点数据」）' }}
        />
      </section>
      {cities.length === 0 && !tree.isPending ? (
        <Alert type="info" showIcon message="您的辖区不包含整个城市：城市级分析不可用，请查看「站点数据」。" />
      ) : (
        <>
          <Space wrap>
            <CitySelect cities={cities} city={city} setCity={setCity} />
          </Space>
          <Row gutter={24}>
            <Col xs={24} xl={14}>
              <Space style={{ marginBottom: 8 }}>
                <Typography.Text strong>AQI 趋势</Typography.Text>
                <Radio.Group
                  size="small"
                  value={type}
                  onChange={(e) => setType(e.target.value)}
                  options={[
                    { value: 'hour', label: '最近 24 小时' },
                    { value: 'day', label: '最近 30 天' },
                  ]}
                  optionType="button"
                />
              </Space>
              {items.length === 0 ? (
                <Empty description="暂无数据" />
              ) : (
                <EChart
                  ariaLabel="AQI 趋势图"
                  style={{ height: 280 }}
                  option={{
                    tooltip: { trigger: 'axis' },
                    grid: { left: 40, right: 16, top: 24, bottom: 32 },
                    xAxis: {
                      type: 'category',
                      data: items.map((i) => (type === 'hour' ? i.time.slice(11, 16) : i.time.slice(5))),
                    },
                    yAxis: { type: 'value', name: 'AQI' },
                    series: [
                      {
                        type: 'line',
                        name: 'AQI',
                        data: items.map((i) => ({ value: i.aqi, itemStyle: { color: i.color } })),
                        lineStyle: { color: '#6b7280' },
                      },
                    ],
                  }}
                />
              )}
            </Col>
            <Col xs={24} xl={10}>
              <Typography.Text strong>{calendar.data?.year ?? ''} 年空气质量日历</Typography.Text>
              <div className="lt-aqi-calendar" role="img" aria-label="空气质量日历">
                {(calendar.data?.days ?? []).map((d) => (
                  <span
                    key={d.date}
                    title={`${d.date} AQI ${orDash(d.aqi)} ${d.levelName}`}
                    style={{ background: d.color }}
                  />
                ))}
              </div>
              <Space wrap aria-label="各级别天数">
                {(calendar.data?.levelDays ?? []).map((l) => (
                  <LevelTag key={l.level} {...l} className="lt-level-days">
                    {l.levelName} {l.days} 天
                  </LevelTag>
                ))}
              </Space>
            </Col>
          </Row>
          <section aria-label="同期对比">
            <Typography.Title level={5}>
              本月与往年同期对比{compare.data !== undefined && `（截至 ${compare.data.through}）`}
            </Typography.Title>
            <Table<Period>
              aria-label="同期对比"
              rowKey="label"
              size="small"
              loading={compare.isPending}
              columns={periodColumns}
              dataSource={compare.data === undefined ? [] : [compare.data.current, ...compare.data.history]}
              pagination={false}
            />
            {compare.data?.change != null && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                PM2.5 较上年同期 {percent(compare.data.change.pm2_5)}，优良率变化{' '}
                {percent(compare.data.change.goodRate)}。
              </Typography.Paragraph>
            )}
          </section>
        </>
      )}
    </div>
  );
}
