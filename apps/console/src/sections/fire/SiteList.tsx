import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { errorText } from '../../shared/api';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { Cameras } from './Cameras';
import { type FireSite, fireApi, fireKeys } from './fire.api';
import { SITE_STATE_COLORS } from './fire-charts';

const STATE_OPTIONS = [
  { value: 'alarm', label: '报警' },
  { value: 'fault', label: '故障' },
  { value: 'offline', label: '离线' },
  { value: 'normal', label: '正常' },
];
const FILTERS = ['state', 'keyword'] as const;
const num = (v: number | null, unit = '') => (v === null ? '—' : `${v}${unit}`);

/** 消防站点: the sites with detectors, alarming first, each detector's latest signals and the cameras nearby. */
export function SiteList() {
  const table = useUrlTable<FireSite>(FILTERS);
  const params = { pageNum: table.query.pageNum, pageSize: table.query.pageSize, ...table.query.filters };
  const sites = useQuery({
    queryKey: fireKeys.call('sites', params),
    queryFn: ({ signal }) => fireApi.sites(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const columns: ColumnsType<FireSite> = [
    { title: '站点', dataIndex: 'name', render: (v: string, row) => `${v}（${row.siteCode}）` },
    { title: '区县', dataIndex: 'areaName', width: 100 },
    {
      title: '状态',
      dataIndex: 'stateName',
      width: 90,
      render: (_, row) => <Badge color={SITE_STATE_COLORS[row.state]} text={row.stateName} />,
    },
    { title: '未解除告警', dataIndex: 'activeAlarms', width: 100 },
    {
      title: '探测器（烟雾 / 温度 / 火焰 / 故障）',
      key: 'devices',
      render: (_, row) =>
        row.devices.map((d) => (
          <div key={d.deviceId}>
            <Tag color={d.online === 'online' ? 'green' : 'default'}>{d.online === 'online' ? '在线' : '离线'}</Tag>
            {d.name}：{num(d.smokeDensity, ' %obs/m')} / {num(d.fireTemp, ' °C')} / {d.flame === 1 ? '有火焰' : '无'} /{' '}
            {d.fault === 1 ? '故障' : '正常'}
            {d.riseRate !== null && d.riseRate > 0 ? `，温升 ${d.riseRate} °C/分钟` : ''}
          </div>
        )),
    },
    { title: '联动视频', key: 'cameras', width: 220, render: (_, row) => <Cameras cameras={row.cameras} /> },
  ];
  return (
    <>
      <search className="lt-filters" aria-label="筛选消防站点">
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="站点状态"
          value={table.query.filters.state}
          options={STATE_OPTIONS}
          onChange={(v?: string) => table.setFilters({ state: v })}
          className="lt-filter-select"
        />
        <Input.Search
          allowClear
          placeholder="站点名称或编码"
          aria-label="关键字"
          defaultValue={table.query.filters.keyword}
          onSearch={(v) => table.setFilters({ keyword: v })}
          style={{ width: 220 }}
        />
      </search>
      {sites.isError && <Alert type="error" showIcon title={errorText(sites.error)} className="lt-form-alert" />}
      <Table<FireSite>
        rowKey="siteCode"
        size="middle"
        columns={columns}
        dataSource={sites.data?.list}
        loading={sites.isFetching && sites.data === undefined}
        pagination={table.pagination(sites.data?.total ?? 0)}
        onChange={table.onChange}
        locale={{ emptyText: '辖区内没有消防监测站点' }}
        scroll={{ x: 1000 }}
      />
    </>
  );
}
