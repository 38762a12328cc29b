import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Skeleton, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { errorText } from '../../shared/api';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { getRecord, lidarKeys, listRecords, type RecordRow } from './lidar.api';

const RouteMap = lazy(() => import('./RouteMap').then((m) => ({ default: m.RouteMap })));

/** 走航记录: the vehicles' drives, paged on the server; a record opens its route (values along the track) and curtain. */
export function Records() {
  const table = useUrlTable<RecordRow>([]);
  const list = useQuery({
    queryKey: lidarKeys.records(table.params),
    queryFn: ({ signal }) => listRecords(table.params, signal),
  });
  const [open, setOpen] = useState<string | null>(null);
  const columns: ColumnsType<RecordRow> = [
    { title: '车载雷达', dataIndex: 'deviceName', key: 'deviceName' },
    { title: '开始', dataIndex: 'starttime', key: 'starttime' },
    { title: '结束', dataIndex: 'endtime', key: 'endtime' },
    { title: '里程', key: 'length', render: (_v, r) => `${(r.lengthMeters / 1000).toFixed(1)} km` },
    { title: 'PM2.5 平均 / 最高 (μg/m³)', key: 'pm', render: (_v, r) => `${r.meanPm25 ?? '—'} / ${r.maxPm25 ?? '—'}` },
    { title: '通量 (g/s)', dataIndex: 'fluxGramsPerSecond', key: 'flux', render: (v: number | null) => v ?? '—' },
    { title: '', key: 'tags', render: (_v, r) => (r.source === 'demo' ? <Tag color="gold">演示</Tag> : null) },
    {
      title: '操作',
      key: 'actions',
      render: (_v, r) => (
        <Button type="link" onClick={() => setOpen(r.id)}>
          轨迹
        </Button>
      ),
    },
  ];
  return (
    <>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} className="lt-form-alert" />}
      <Table
        rowKey="id"
        aria-label="走航记录"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
      />
      {open !== null && <RecordDrawer id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function RecordDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const record = useQuery({ queryKey: lidarKeys.record(id), queryFn: ({ signal }) => getRecord(id, signal) });
  const r = record.data;
  return (
    <Drawer open size={900} title="走航记录" onClose={onClose} destroyOnHidden>
      {record.isError && <Alert type="error" showIcon title={errorText(record.error)} />}
      {r === undefined ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="车载雷达">{r.deviceName}</Descriptions.Item>
            <Descriptions.Item label="时间">{`${r.starttime.slice(5, 16)} — ${r.endtime.slice(11, 16)}`}</Descriptions.Item>
            <Descriptions.Item label="环线通量">
              {r.fluxGramsPerSecond === null ? '—' : `${r.fluxGramsPerSecond} g/s（PM10）`}
            </Descriptions.Item>
          </Descriptions>
          <Suspense fallback={<Skeleton active />}>
            <RouteMap route={r.route} />
          </Suspense>
          <img src={r.curtainUrl} alt="走航剖面图" style={{ width: '100%' }} />
        </>
      )}
    </Drawer>
  );
}
