import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { HotspotReview } from './HotspotReview';
import { getDevices, type HotspotRow, lidarKeys, listHotspots } from './lidar.api';
import { HOTSPOT_LOOKS, hotspotColor } from './lidar-map';

const FILTERS = ['startTime', 'endTime', 'status', 'origin', 'siteIds'] as const;
const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** 热点审核: the hot spots of the operator's area, paged on the server, filters in the address; a row opens the review. */
export function HotspotList() {
  const table = useUrlTable<HotspotRow>(FILTERS);
  const { filters } = table.query;
  const [review, setReview] = useState<string | null>(null);
  // The spec's hot-spot list needs a start, an end and sites: the last 7 days of every lidar unless chosen.
  const endTime = filters.endTime ?? dayjs().endOf('day').format(FORMAT);
  const startTime = filters.startTime ?? dayjs(endTime).subtract(7, 'day').startOf('day').format(FORMAT);
  const params = { ...table.params, startTime, endTime };
  const devices = useQuery({ queryKey: lidarKeys.devices('L01'), queryFn: ({ signal }) => getDevices('L01', signal) });
  const list = useQuery({
    queryKey: lidarKeys.hotspots(params),
    queryFn: ({ signal }) => listHotspots(params, signal),
  });
  const columns: ColumnsType<HotspotRow> = [
    { title: '编号', dataIndex: 'hotId', key: 'hotId' },
    { title: '雷达', dataIndex: 'deviceName', key: 'deviceName' },
    { title: '首次发现', dataIndex: 'recordTime', key: 'recordTime' },
    { title: '出现次数', dataIndex: 'scans', key: 'scans' },
    {
      title: '距离',
      key: 'distance',
      render: (_v, r) => (r.distance === null ? '—' : `${(r.distance / 1000).toFixed(2)} km`),
    },
    { title: '高出背景 (/km)', dataIndex: 'peakExcess', key: 'peakExcess' },
    { title: '状态', key: 'status', render: (_v, r) => <Tag color={hotspotColor(r.status)}>{r.statusName}</Tag> },
    { title: '照片', dataIndex: 'photoCount', key: 'photoCount' },
    {
      title: '操作',
      key: 'actions',
      render: (_v, r) => (
        <Button type="link" onClick={() => setReview(r.id)} aria-label={`审核 ${r.hotId}`}>
          {r.status === 'pending' ? '审核' : '查看'}
        </Button>
      ),
    },
  ];
  return (
    <>
      <search className="lt-filters" aria-label="筛选热点">
        <DatePicker.RangePicker
          showTime
          value={[dayjs(startTime), dayjs(endTime)]}
          onChange={(range) =>
            table.setFilters({ startTime: range?.[0]?.format(FORMAT), endTime: range?.[1]?.format(FORMAT) })
          }
          aria-label="发现时间"
        />
        <Select
          allowClear
          placeholder="全部状态"
          value={filters.status}
          onChange={(status?: string) => table.setFilters({ status })}
          options={Object.entries(HOTSPOT_LOOKS).map(([value, look]) => ({ value, label: look.name }))}
          className="lt-filter-select"
          aria-label="状态"
        />
        <Select
          allowClear
          placeholder="全部雷达"
          value={filters.siteIds}
          onChange={(siteIds?: string) => table.setFilters({ siteIds })}
          options={(devices.data ?? []).map((d) => ({ value: d.deviceId, label: d.name }))}
          className="lt-filter-select"
          aria-label="雷达"
        />
        <Select
          allowClear
          placeholder="全部来源"
          value={filters.origin}
          onChange={(origin?: string) => table.setFilters({ origin })}
          options={[
            { value: 'scan', label: '扫描识别' },
            { value: 'auto', label: '走航' },
            { value: 'manual', label: '人工' },
          ]}
          className="lt-filter-select"
          aria-label="来源"
        />
      </search>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} className="lt-form-alert" />}
      <Table
        rowKey="id"
        aria-label="热点列表"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
      />
      {review !== null && <HotspotReview id={review} onClose={() => setReview(null)} />}
    </>
  );
}
