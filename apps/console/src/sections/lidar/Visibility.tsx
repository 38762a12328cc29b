import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { getVisibility, lidarKeys, listWarnings, type Warning } from './lidar.api';
import { CLEAR_ROAD, LEVEL_COLORS, roadLines } from './lidar-map';

/** 能见度预警: the watched roads coloured by visibility, and the fog warnings with the police units to notify. */
export function Visibility() {
  const roads = useQuery({
    queryKey: lidarKeys.visibility,
    queryFn: ({ signal }) => getVisibility(signal),
    refetchInterval: 60_000,
  });
  const table = useUrlTable<Warning>(['status']);
  const warnings = useQuery({
    queryKey: lidarKeys.warnings(table.params),
    queryFn: ({ signal }) => listWarnings(table.params, signal),
  });
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: { trigger: 'item', formatter: (p: { data: { name: string } }) => p.data.name },
      xAxis: { type: 'value', scale: true, name: '经度' },
      yAxis: { type: 'value', scale: true, name: '纬度' },
      grid: { left: 60, right: 60, top: 30, bottom: 40 },
      series: [
        {
          type: 'lines',
          coordinateSystem: 'cartesian2d',
          polyline: false,
          lineStyle: { width: 6, opacity: 0.9 },
          data: roadLines(roads.data?.roads ?? []),
        },
      ],
    }),
    [roads.data],
  );
  const columns: ColumnsType<Warning> = [
    { title: '级别', key: 'level', render: (_v, w) => <Tag color={w.color}>{w.levelName}</Tag> },
    { title: '道路', dataIndex: 'roadName', key: 'roadName' },
    { title: '最低能见度', key: 'visibility', render: (_v, w) => `${w.visibility} 米（${w.grade}）` },
    { title: '开始', dataIndex: 'startTime', key: 'startTime' },
    { title: '结束', key: 'endTime', render: (_v, w) => w.endTime ?? <Tag color="red">生效中</Tag> },
    { title: '通知交警', key: 'police', render: (_v, w) => w.policeUnits.join('、') },
  ];
  return (
    <>
      {roads.isError && <Alert type="error" showIcon title={errorText(roads.error)} />}
      <Typography.Paragraph>
        {roads.data?.time === null || roads.data === undefined ? '暂无能见度扫描' : `最新扫描 ${roads.data.time}`}　
        {Object.entries(LEVEL_COLORS).map(([level, color]) => (
          <Tag key={level} color={color}>
            {level === '1' ? '< 50 米 红色' : level === '2' ? '< 200 米 橙色' : '< 500 米 黄色'}
          </Tag>
        ))}
        <Tag color={CLEAR_ROAD}>≥ 500 米</Tag>
      </Typography.Paragraph>
      <EChart option={option} style={{ height: 320 }} ariaLabel="道路能见度：各路段按预警级别着色" />
      <Table
        rowKey="warningId"
        aria-label="能见度预警"
        columns={columns}
        dataSource={warnings.data?.list ?? []}
        loading={warnings.isPending}
        pagination={table.pagination(warnings.data?.total ?? 0)}
        onChange={table.onChange}
      />
    </>
  );
}
