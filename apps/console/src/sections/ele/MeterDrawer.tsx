import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Segmented, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { eleApi, eleKeys } from './ele.api';
import { usePaging } from './paging';

interface HistoryRow {
  time: string;
  powerKw: number | null;
  currentA: number | null;
  currentB: number | null;
  currentC: number | null;
  energyKwh: number | null;
  stateName: string;
}

const num = (v: number | null) => (v === null ? '—' : v);

/** One meter: its day in slots (15 minutes by default, spec §7) and its readings, newest first. */
export function MeterDrawer({ deviceCode, date, onClose }: { deviceCode: string; date: string; onClose(): void }) {
  const [interval, setInterval] = useState(15);
  const { page, pagination } = usePaging(10);
  const chart = useQuery({
    queryKey: eleKeys.call('dayChart', { deviceCode, date, interval }),
    queryFn: ({ signal }) => eleApi.dayChart({ deviceCode, date, interval }, signal),
    placeholderData: keepPreviousData,
  });
  const history = useQuery({
    queryKey: eleKeys.call('history', { deviceCode, date, ...page }),
    queryFn: ({ signal }) =>
      eleApi.history({ deviceCode, startTime: `${date} 00:00:00`, endTime: `${date} 23:59:59`, ...page }, signal),
    placeholderData: keepPreviousData,
  });
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v} kW` : '无数据') },
      grid: { left: 48, right: 16, top: 24, bottom: 28 },
      xAxis: { type: 'category', data: chart.data?.times ?? [], boundaryGap: false },
      yAxis: { type: 'value', name: 'kW' },
      series: [{ type: 'line', step: 'end', showSymbol: false, data: chart.data?.powerKw ?? [], color: '#1677ff' }],
    }),
    [chart.data],
  );
  return (
    <Drawer open size={720} title={`电表 ${deviceCode}　${date}`} onClose={onClose}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {chart.isError && <Alert type="error" showIcon title={errorText(chart.error)} />}
        <Space>
          <Segmented
            value={interval}
            onChange={(v) => setInterval(Number(v))}
            options={[15, 30, 60].map((m) => ({ label: `${m} 分钟`, value: m }))}
          />
          <Typography.Text>
            当日用电量：
            {chart.data?.energyKwh === null || chart.data === undefined ? '—' : `${chart.data.energyKwh} kWh`}
          </Typography.Text>
        </Space>
        <EChart className="lt-ele-chart" option={option} ariaLabel="电表日功率曲线" />
        {history.isError && <Alert type="error" showIcon title={errorText(history.error)} />}
        <Table<HistoryRow>
          rowKey="time"
          size="small"
          dataSource={history.data?.list ?? []}
          pagination={pagination(history.data?.total ?? 0)}
          columns={[
            { title: '时间', dataIndex: 'time', width: 160 },
            { title: '功率 kW', dataIndex: 'powerKw', render: num },
            { title: 'A 相 A', dataIndex: 'currentA', render: num },
            { title: 'B 相 A', dataIndex: 'currentB', render: num },
            { title: 'C 相 A', dataIndex: 'currentC', render: num },
            { title: '累计 kWh', dataIndex: 'energyKwh', render: num },
            { title: '状态', dataIndex: 'stateName', width: 70 },
          ]}
        />
      </Space>
    </Drawer>
  );
}
