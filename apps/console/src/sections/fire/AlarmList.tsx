import { FIRE_OUTCOMES } from '@lantian/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Segmented, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { errorText } from '../../shared/api';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { AlarmDrawer } from './AlarmDrawer';
import { Cameras } from './Cameras';
import { type FireAlarm, fireApi, fireKeys } from './fire.api';
import { STATUS_COLORS } from './fire-charts';
import { PERIOD_OPTIONS, usePeriod } from './usePeriod';

const TYPE_OPTIONS = [
  { value: 'fire', label: '火警' },
  { value: 'smoke', label: '烟感报警' },
  { value: 'temperature', label: '温度异常' },
  { value: 'fault', label: '设备故障' },
  { value: 'offline', label: '设备离线' },
];
const STATUS_OPTIONS = [
  { value: 'active', label: '待处理' },
  { value: 'acknowledged', label: '已确认' },
  { value: 'cleared', label: '已解除' },
];
const OUTCOME_OPTIONS = Object.entries(FIRE_OUTCOMES).map(([value, label]) => ({ value, label }));
const FILTERS = ['type', 'status', 'outcome', 'keyword', 'alarmId'] as const;

/** 告警列表: the period's fire alarms, newest first, with their type, place, state, outcome and cameras. */
export function AlarmList() {
  const [dateType, setDateType] = usePeriod();
  const table = useUrlTable<FireAlarm>(FILTERS);
  const { filters } = table.query;
  const params = {
    dateType,
    pageNum: table.query.pageNum,
    pageSize: table.query.pageSize,
    ...filters,
    alarmId: undefined,
  };
  const list = useQuery({
    queryKey: fireKeys.call('list', params),
    queryFn: ({ signal }) => fireApi.list(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const open = (alarmId: string | undefined) => table.setFilters({ alarmId });

  const columns: ColumnsType<FireAlarm> = [
    { title: '告警时间', dataIndex: 'firstAt', width: 170 },
    {
      title: '类型',
      dataIndex: 'fireTypeName',
      width: 100,
      render: (_, row) => <Tag color={row.fireTypeColor}>{row.fireTypeName}</Tag>,
    },
    { title: '站点', dataIndex: 'siteName', ellipsis: true },
    { title: '设备', dataIndex: 'deviceName', ellipsis: true },
    { title: '说明', dataIndex: 'message', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'statusName',
      width: 90,
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{row.statusName}</Tag>,
    },
    { title: '处理结论', dataIndex: 'outcomeName', width: 100, render: (v: string | null) => v ?? '—' },
    {
      title: '联动视频',
      key: 'cameras',
      width: 220,
      render: (_, row) => <Cameras cameras={row.cameras.slice(0, 2)} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => open(row.alarmId)}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <>
      <search className="lt-filters" aria-label="筛选消防告警">
        <Segmented
          aria-label="统计期间"
          value={dateType}
          options={PERIOD_OPTIONS}
          onChange={(v) => setDateType(v as typeof dateType)}
        />
        <Select
          allowClear
          placeholder="全部类型"
          aria-label="告警类型"
          value={filters.type}
          options={TYPE_OPTIONS}
          onChange={(v?: string) => table.setFilters({ type: v })}
          className="lt-filter-select"
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="处理状态"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(v?: string) => table.setFilters({ status: v })}
          className="lt-filter-select"
        />
        <Select
          allowClear
          placeholder="全部结论"
          aria-label="处理结论"
          value={filters.outcome}
          options={OUTCOME_OPTIONS}
          onChange={(v?: string) => table.setFilters({ outcome: v })}
          className="lt-filter-select"
        />
        <Input.Search
          allowClear
          placeholder="设备、MN 或站点"
          aria-label="关键字"
          defaultValue={filters.keyword}
          onSearch={(v) => table.setFilters({ keyword: v })}
          style={{ width: 220 }}
        />
      </search>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} className="lt-form-alert" />}
      <Table<FireAlarm>
        rowKey="alarmId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        onRow={(row) => ({ onDoubleClick: () => open(row.alarmId) })}
        locale={{ emptyText: '期间内没有符合条件的告警' }}
        scroll={{ x: 1100 }}
      />
      {filters.alarmId !== undefined && <AlarmDrawer alarmId={filters.alarmId} onClose={() => open(undefined)} />}
    </>
  );
}
