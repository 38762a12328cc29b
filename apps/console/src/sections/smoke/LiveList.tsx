import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { RunTag, StateTag } from './StateTags';
import { type LiveRow, listLive, smokeKeys } from './smoke.api';

const FILTERS = ['keyword', 'state', 'online'] as const;
const ONLINE_COLORS = { online: 'green', offline: 'red', never: 'default', none: 'default' } as const;

const value = (v: number | null, unit: string) => (v === null ? '—' : `${v} ${unit}`);

/** 实时监测: every kitchen of the area with its logger's latest values and state, paged on the server. */
export function LiveList() {
  const table = useUrlTable<LiveRow>(FILTERS);
  const { filters } = table.query;
  const list = useQuery({
    queryKey: smokeKeys.live(table.params),
    queryFn: ({ signal }) => listLive(table.params, signal),
    refetchInterval: 60_000,
  });
  const columns: ColumnsType<LiveRow> = [
    {
      title: '企业',
      key: 'name',
      render: (_v, r) => <Link to={`/smoke/site/${r.stationCode}`}>{r.name}</Link>,
    },
    { title: '区域', dataIndex: 'areaName', key: 'areaName' },
    { title: '状态', key: 'state', render: (_v, r) => <StateTag row={r} /> },
    {
      title: '在线',
      key: 'online',
      render: (_v, r) => <Tag color={ONLINE_COLORS[r.online]}>{r.onlineName}</Tag>,
    },
    { title: '油烟浓度', key: 'oilFume', render: (_v, r) => value(r.oilFume, 'mg/m³') },
    { title: '10 分钟均值', key: 'mean10', render: (_v, r) => value(r.mean10, 'mg/m³') },
    { title: '限值', key: 'limit', render: (_v, r) => `${r.limit} mg/m³` },
    { title: '风机', key: 'fan', render: (_v, r) => <RunTag state={r.fanState} /> },
    { title: '净化器', key: 'purifier', render: (_v, r) => <RunTag state={r.purifierState} /> },
    { title: '数据时间', key: 'time', render: (_v, r) => r.time ?? '—' },
    { title: '未解除告警', dataIndex: 'activeAlarms', key: 'activeAlarms' },
  ];
  return (
    <>
      <search className="lt-filters" aria-label="筛选企业">
        <Input.Search
          allowClear
          placeholder="企业名称、信用代码或地址"
          defaultValue={filters.keyword}
          onSearch={(keyword) => table.setFilters({ keyword: keyword === '' ? undefined : keyword })}
          className="lt-filter-select"
          aria-label="搜索企业"
        />
        <Select
          allowClear
          placeholder="全部状态"
          value={filters.state}
          onChange={(state?: string) => table.setFilters({ state })}
          options={[
            { value: 'overLimit', label: '超标' },
            { value: 'purifierOff', label: '净化器未开' },
            { value: 'running', label: '风机运行' },
            { value: 'stopped', label: '风机停止' },
          ]}
          className="lt-filter-select"
          aria-label="状态"
        />
        <Select
          allowClear
          placeholder="在线与否"
          value={filters.online}
          onChange={(online?: string) => table.setFilters({ online })}
          options={[
            { value: 'online', label: '在线' },
            { value: 'offline', label: '离线' },
            { value: 'never', label: '未上线' },
            { value: 'none', label: '未安装' },
          ]}
          className="lt-filter-select"
          aria-label="在线状态"
        />
      </search>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} className="lt-form-alert" />}
      <Table
        rowKey="stationCode"
        aria-label="油烟实时状态"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}
