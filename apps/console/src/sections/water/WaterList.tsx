import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { ClassTag } from './ClassTag';
import { type WaterStation, waterApi, waterKeys } from './water.api';

/** The columns shown beside the class (the evaluated items an operator looks at first). */
const COLUMNS = [
  { factor: 'w01001', title: 'pH' },
  { factor: 'w01009', title: '溶解氧' },
  { factor: 'w01019', title: '高锰酸盐指数' },
  { factor: 'w21003', title: '氨氮' },
  { factor: 'w21011', title: '总磷' },
];

/** 站点列表: every station, worst class first, with its deciding factors and key values (classed colours). */
export function WaterList() {
  const stations = useQuery({ queryKey: waterKeys.stations, queryFn: ({ signal }) => waterApi.stations(signal) });
  const columns: ColumnsType<WaterStation> = [
    {
      title: '站点',
      dataIndex: 'name',
      width: 240,
      fixed: 'left',
      render: (v: string, row) => <Link to={`/water/stations/${row.deviceId}`}>{v}</Link>,
    },
    { title: '区县', dataIndex: 'areaName', width: 90 },
    {
      title: '水质类别',
      dataIndex: 'className',
      width: 100,
      render: (_, row) => <ClassTag name={row.className} color={row.color} />,
    },
    { title: '水质状况', dataIndex: 'quality', width: 90 },
    {
      title: '定类因子',
      key: 'deciding',
      width: 120,
      render: (_, row) => (row.deciding.length === 0 ? '—' : row.deciding.map((d) => d.name).join('、')),
    },
    ...COLUMNS.map((c) => ({
      title: `${c.title}`,
      key: c.factor,
      width: 110,
      render: (_: unknown, row: WaterStation) => {
        const v = row.values.find((x) => x.factor === c.factor);
        if (v === undefined || v.value === null) return '—';
        return (
          <Tooltip title={v.className ?? '不参评'}>
            <span className="lt-water-value">
              <span className="lt-water-dot" style={{ background: v.color ?? '#d9d9d9' }} />
              {v.value}
            </span>
          </Tooltip>
        );
      },
    })),
    { title: '数据时间', dataIndex: 'time', width: 170, render: (v: string | null) => v ?? '无数据' },
    {
      title: '在线',
      dataIndex: 'online',
      width: 70,
      render: (v: string) => <Tag color={v === 'online' ? 'green' : 'default'}>{v === 'online' ? '在线' : '离线'}</Tag>,
    },
  ];
  return (
    <>
      {stations.isError && <Alert type="error" showIcon title={errorText(stations.error)} className="lt-form-alert" />}
      <Table<WaterStation>
        rowKey="deviceId"
        size="middle"
        columns={columns}
        dataSource={stations.data?.list}
        loading={stations.isPending}
        pagination={false}
        locale={{ emptyText: '辖区内没有水质自动监测站' }}
        scroll={{ x: 1200 }}
      />
    </>
  );
}
