import { asAqiLevel, LEVELS } from '@lantian/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Skeleton, Space, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { GridMembers } from './GridMembers';
import { gridLevelName } from './grid-tree';
import {
  type GridAccumulated,
  type GridRealTime,
  getGridAccumulated,
  getGridEventCounts,
  getGridInfo,
  getGridRealTime,
  gridKeys,
  listGridEvents,
} from './grids.api';

type Source = GridRealTime['stations'][number];

const FACTOR_NAMES: Readonly<Record<string, string>> = {
  pm2_5: 'PM2.5',
  pm10: 'PM10',
  so2: 'SO₂',
  no2: 'NO₂',
  co: 'CO',
  o3: 'O₃',
};

/** An AQI with its level's colour (dark text on the light colours). */
export function AqiTag({ aqi, level }: { aqi: number | null; level: number }) {
  const info = LEVELS[asAqiLevel(level)];
  if (aqi === null) return <Tag>无 AQI</Tag>;
  const light = info.level === 1 || info.level === 2 || info.level === 0;
  return (
    <Tag color={info.color} style={light ? { color: '#1f1f1f' } : undefined}>
      {Math.round(aqi)} {info.name}
    </Tag>
  );
}

const fmt = (v: number | null, digits = 0) => (v === null ? '—' : v.toFixed(digits));

const sourceColumns: TableColumnsType<Source> = [
  { title: '类型', key: 'kind', width: 70, render: (_, s) => (s.kind === 'station' ? '监测站' : '设备') },
  { title: '名称', dataIndex: 'name', key: 'name' },
  { title: 'AQI', key: 'aqi', render: (_, s) => <AqiTag aqi={s.values.aqi} level={s.values.level} /> },
  { title: 'PM2.5', key: 'pm2_5', render: (_, s) => fmt(s.values.pm2_5) },
  { title: 'PM10', key: 'pm10', render: (_, s) => fmt(s.values.pm10) },
  { title: '时间', dataIndex: 'time', key: 'time', render: (t: string | null) => t ?? '无数据' },
];

function AirPane({ gridCode }: { gridCode: string }) {
  const realTime = useQuery({
    queryKey: gridKeys.realTime(gridCode),
    queryFn: ({ signal }) => getGridRealTime(gridCode, signal),
    refetchInterval: 60_000,
  });
  const accumulated = useQuery({
    queryKey: gridKeys.accumulated(gridCode),
    queryFn: ({ signal }) => getGridAccumulated(gridCode, signal),
  });
  if (realTime.isPending) return <Skeleton active />;
  if (realTime.isError) return <Alert type="error" showIcon title={errorText(realTime.error)} />;
  const data = realTime.data;
  const sources = [...data.stations, ...data.devices];
  return (
    <Space orientation="vertical" size="middle" className="lt-grid-pane">
      <Space wrap>
        <span>网格平均：</span>
        <AqiTag aqi={data.mean.aqi} level={data.mean.level} />
        {data.mean.primaryPollutant.length > 0 && (
          <Typography.Text type="secondary">首要污染物 {data.mean.primaryPollutant.join('、')}</Typography.Text>
        )}
        <Typography.Text type="secondary">国控站最新小时 {data.time ?? '无'}</Typography.Text>
      </Space>
      <Table<Source>
        size="small"
        rowKey={(s) => `${s.kind}-${s.code}`}
        columns={sourceColumns}
        dataSource={sources}
        pagination={false}
        locale={{ emptyText: '网格内没有监测站或设备' }}
      />
      {accumulated.data !== undefined && <Accumulated data={accumulated.data} />}
      {accumulated.isError && <Alert type="warning" showIcon title={`累计数据：${errorText(accumulated.error)}`} />}
    </Space>
  );
}

function Accumulated({ data }: { data: GridAccumulated }) {
  return (
    <Table
      size="small"
      rowKey="factor"
      title={() => `累计 ${data.startTime} 至 ${data.endTime}（时段平均 AQI ${fmt(data.meanAqi)}）`}
      pagination={false}
      dataSource={data.accumulated}
      columns={[
        { title: '因子', key: 'factor', render: (_, r) => FACTOR_NAMES[r.factor] ?? r.factor },
        { title: '平均', key: 'mean', render: (_, r) => fmt(r.mean, r.factor === 'co' ? 2 : 0) },
        { title: '最大', key: 'max', render: (_, r) => fmt(r.max, r.factor === 'co' ? 2 : 0) },
        { title: '限值', dataIndex: 'limit', key: 'limit' },
        {
          title: '超标小时',
          key: 'exceed',
          render: (_, r) =>
            r.exceedHours > 0 ? <Tag color="error">{r.exceedHours}</Tag> : <span className="lt-muted">0</span>,
        },
        { title: '有效小时', dataIndex: 'hours', key: 'hours' },
      ]}
    />
  );
}

function EventsPane({ gridCode }: { gridCode: string }) {
  const counts = useQuery({
    queryKey: gridKeys.eventCounts(gridCode),
    queryFn: ({ signal }) => getGridEventCounts(gridCode, signal),
    retry: false,
  });
  if (counts.isPending) return <Skeleton active />;
  if (counts.isError) return <Alert type="warning" showIcon title={`事件统计：${errorText(counts.error)}`} />;
  const c = counts.data;
  return (
    <Space orientation="vertical" className="lt-grid-pane">
      <Space wrap size="large">
        <span>
          事件合计 <strong>{c.total}</strong>
        </span>
        <span>
          逾期 <strong className={c.overdue > 0 ? 'lt-grid-overdue' : undefined}>{c.overdue}</strong>
        </span>
      </Space>
      <Space wrap>
        {c.byState.map((s) => (
          <Tag key={s.eventState}>
            {s.stateName} {s.count}
          </Tag>
        ))}
      </Space>
      <GridEvents gridCode={gridCode} />
    </Space>
  );
}

/** The grid's latest events (its subtree's), each linking to the event in 网格事件. */
function GridEvents({ gridCode }: { gridCode: string }) {
  const [page, setPage] = useState(1);
  const events = useQuery({
    queryKey: gridKeys.events(gridCode, page),
    queryFn: ({ signal }) => listGridEvents(gridCode, page, signal),
    placeholderData: keepPreviousData,
  });
  if (events.isError) return <Alert type="warning" showIcon title={`网格事件：${errorText(events.error)}`} />;
  return (
    <Table
      size="small"
      rowKey="eventId"
      loading={events.isFetching}
      dataSource={events.data?.list ?? []}
      pagination={{ current: page, pageSize: 10, total: events.data?.total ?? 0, size: 'small', onChange: setPage }}
      locale={{ emptyText: '该网格没有事件' }}
      columns={[
        {
          title: '事件',
          key: 'title',
          render: (_, e) => <Link to={`/grid-events?eventId=${encodeURIComponent(e.eventId)}`}>{e.title}</Link>,
        },
        { title: '类别', dataIndex: 'catalogName', key: 'catalogName' },
        { title: '网格', key: 'grid', render: (_, e) => e.gridName ?? '—' },
        {
          title: '状态',
          key: 'state',
          render: (_, e) => (
            <>
              {e.stateName}
              {e.overdue && (
                <Tag color="error" className="lt-grid-event-tag">
                  逾期
                </Tag>
              )}
            </>
          ),
        },
        { title: '上报时间', dataIndex: 'reportedAt', key: 'reportedAt' },
      ]}
    />
  );
}

/** The chosen grid: its facts, the air inside it, its events by state, and its members. */
export function GridCard({ gridCode, canManage }: { gridCode: string; canManage: boolean }) {
  const info = useQuery({
    queryKey: gridKeys.info(gridCode),
    queryFn: ({ signal }) => getGridInfo(gridCode, signal),
  });
  if (info.isPending) return <Skeleton active />;
  if (info.isError) return <Alert type="error" showIcon title={errorText(info.error)} />;
  const g = info.data;
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'info',
          label: '概况',
          children: (
            <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
              <Descriptions.Item label="名称">{g.name}</Descriptions.Item>
              <Descriptions.Item label="编码">
                <span className="lt-mono">{g.gridCode}</span>
              </Descriptions.Item>
              <Descriptions.Item label="层级">{gridLevelName(g.level)}</Descriptions.Item>
              <Descriptions.Item label="所属区划">{g.areaPath.map((a) => a.areaName).join(' / ')}</Descriptions.Item>
              <Descriptions.Item label="上级网格">
                {g.parents.length === 0 ? '（直属区县）' : g.parents.map((p) => p.name).join(' / ')}
              </Descriptions.Item>
              <Descriptions.Item label="面积">{g.areaKm2.toFixed(2)} km²</Descriptions.Item>
              <Descriptions.Item label="下级网格">{g.childCount}</Descriptions.Item>
              <Descriptions.Item label="网格员">{g.memberCount} 人</Descriptions.Item>
              <Descriptions.Item label="中心点">
                {g.center[0].toFixed(5)}, {g.center[1].toFixed(5)}
              </Descriptions.Item>
              <Descriptions.Item label="更新时间">{g.updatedAt}</Descriptions.Item>
            </Descriptions>
          ),
        },
        { key: 'air', label: '空气质量', children: <AirPane gridCode={gridCode} /> },
        { key: 'events', label: '事件', children: <EventsPane gridCode={gridCode} /> },
        {
          key: 'members',
          label: `网格员（${g.memberCount}）`,
          children: <GridMembers gridCode={gridCode} gridName={g.name} canManage={canManage} />,
        },
      ]}
    />
  );
}
