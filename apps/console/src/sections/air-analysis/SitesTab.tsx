import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { EChart } from '../../shared/charts/EChart';
import { analysisKeys, api, type SiteHistoryRow } from './air-analysis.api';
import { LevelTag } from './LevelTag';
import { orDash } from './scope';
import { useCity } from './useCity';

const columns: TableColumnsType<SiteHistoryRow> = [
  { title: '时间', dataIndex: 'time', key: 'time', width: 170 },
  { title: '站点', dataIndex: 'stationName', key: 'stationName' },
  { title: '编码', dataIndex: 'stationCode', key: 'stationCode', width: 120 },
  { title: 'AQI', dataIndex: 'aqi', key: 'aqi', width: 70, render: orDash },
  { title: '级别', key: 'level', width: 110, render: (_, r) => <LevelTag {...r} /> },
  { title: 'PM2.5', dataIndex: 'pm2_5', key: 'pm2_5', width: 80, render: orDash },
  { title: 'PM10', dataIndex: 'pm10', key: 'pm10', width: 80, render: orDash },
  { title: 'SO₂', dataIndex: 'so2', key: 'so2', width: 70, render: orDash },
  { title: 'NO₂', dataIndex: 'no2', key: 'no2', width: 70, render: orDash },
  { title: 'O₃', dataIndex: 'o3', key: 'o3', width: 70, render: orDash },
  { title: 'CO', dataIndex: 'co', key: 'co', width: 70, render: orDash },
];

/**
 * 站点数据: the station hours of the area (spec §7: 999 a page, newest first, hourly), paged on the
 * server, for one station or all; the chosen station's PM2.5 and AQI over the last 72 hours.
 */
export function SitesTab() {
  const { tree } = useCity();
  const [station, setStation] = useState<string | undefined>(undefined);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 50 });
  const options = useMemo(
    () =>
      (tree.data ?? []).map((c) => ({
        label: c.cityName,
        title: c.cityName,
        options: c.stations.map((s) => ({ value: s.code, label: `${s.name}（${s.code}）` })),
      })),
    [tree.data],
  );
  const params = { stationCode: station, ...page };
  const history = useQuery({
    queryKey: analysisKeys.call('siteHistory', params),
    queryFn: ({ signal }) => api.siteHistory(params, signal),
    placeholderData: keepPreviousData,
  });
  const trend = useQuery({
    queryKey: analysisKeys.call('siteTrend', { station }),
    queryFn: ({ signal }) => api.siteTrend({ stationCodes: station, index: 'pm2_5' }, signal),
    enabled: station !== undefined,
  });
  const series = trend.data?.series[0];
  return (
    <div className="lt-analysis-stack">
      <Space wrap>
        <span>站点</span>
        <Select
          aria-label="站点"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="辖区内全部站点"
          style={{ width: 280 }}
          options={options}
          value={station}
          onChange={(v) => {
            setStation(v);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
      </Space>
      {station !== undefined && series !== undefined && (
        <section aria-label="站点趋势">
          <Typography.Text strong>{series.stationName} PM2.5 最近 72 小时（μg/m³）</Typography.Text>
          {series.values.every((v) => v === null) ? (
            <Empty description="暂无数据" />
          ) : (
            <EChart
              ariaLabel="站点 PM2.5 趋势图"
              style={{ height: 240 }}
              option={{
                tooltip: { trigger: 'axis' },
                grid: { left: 40, right: 16, top: 16, bottom: 32 },
                xAxis: { type: 'category', data: trend.data?.times.map((t) => t.slice(5, 16)) ?? [] },
                yAxis: { type: 'value' },
                series: [{ type: 'line', name: 'PM2.5', data: series.values, connectNulls: false }],
              }}
            />
          )}
        </section>
      )}
      <Table<SiteHistoryRow>
        aria-label="站点小时数据"
        rowKey={(r) => `${r.stationCode}-${r.time}`}
        size="small"
        loading={history.isFetching}
        columns={columns}
        dataSource={history.data?.list ?? []}
        scroll={{ x: 1000 }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: history.data?.total ?? 0,
          pageSizeOptions: [50, 100, 999],
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
    </div>
  );
}
