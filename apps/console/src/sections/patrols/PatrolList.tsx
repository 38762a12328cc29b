import { ReloadOutlined } from '@ant-design/icons';
import { PATROL_STATUSES } from '@lantian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Input, Select, Table, type TableColumnsType, Tag, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { formatSeconds, SERVER_TIME_FORMAT } from '../../shared/time';
import {
  formatDistance,
  gridTreeOptions,
  PATROL_FILTERS,
  patrolParams,
  STATUS_COLORS,
  STATUS_OPTIONS,
} from './patrol-view';
import { getGridTree, getPatrolTools, listPatrols, type PatrolRow, patrolKeys } from './patrols.api';

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const timeOf = (text: string | undefined) => (text !== undefined && TIME.test(text) ? dayjs(text) : null);

const rangePresets = () => [
  { label: '今天', value: [dayjs().startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '最近 7 天', value: [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '最近 30 天', value: [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
];

/**
 * 巡查记录: the patrols of the operator's area (a grid manager: their grids; a grid member: their own),
 * newest first, filtered in the address by patroller, grid, way, state and start time. A row opens
 * the patrol's replay.
 */
export function PatrolList() {
  const table = useUrlTable<PatrolRow>(PATROL_FILTERS);
  const params = patrolParams(table.params);
  const { filters } = table.query;
  const canSeeGrids = useCan('grid:view');

  const list = useQuery({
    queryKey: patrolKeys.list(params),
    queryFn: ({ signal }) => listPatrols(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const tools = useQuery({
    queryKey: patrolKeys.tools,
    queryFn: ({ signal }) => getPatrolTools(signal),
    staleTime: 10 * 60_000,
  });
  const grids = useQuery({
    queryKey: patrolKeys.gridTree,
    queryFn: ({ signal }) => getGridTree(signal),
    staleTime: 5 * 60_000,
    enabled: canSeeGrids,
  });
  const gridOptions = useMemo(() => gridTreeOptions(grids.data ?? []), [grids.data]);
  const filtered = Object.keys(filters).length > 0;

  const columns: TableColumnsType<PatrolRow> = [
    {
      title: '巡查人',
      key: 'operatorName',
      width: 120,
      render: (_, r) => <Link to={r.patrolId}>{r.operatorName}</Link>,
    },
    {
      title: '网格',
      dataIndex: 'gridName',
      key: 'gridName',
      ellipsis: true,
      render: (v: string | null) => v ?? <span className="lt-muted">（未划入网格）</span>,
    },
    { title: '方式', dataIndex: 'toolName', key: 'toolName', width: 90 },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (v: PatrolRow['status']) => <Tag color={STATUS_COLORS[v]}>{PATROL_STATUSES[v]}</Tag>,
    },
    { title: '开始时间', dataIndex: 'startedAt', key: 'startedAt', width: 170 },
    {
      title: '结束时间',
      dataIndex: 'endedAt',
      key: 'endedAt',
      width: 170,
      render: (v: string | null) => v ?? <span className="lt-muted">—</span>,
    },
    {
      title: '时长',
      dataIndex: 'durationSeconds',
      key: 'durationSeconds',
      width: 130,
      render: (v: number) => formatSeconds(v),
    },
    { title: '里程', dataIndex: 'distanceM', key: 'distanceM', width: 100, render: (v: number) => formatDistance(v) },
    { title: '事件', dataIndex: 'eventCount', key: 'eventCount', width: 70, align: 'right' },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, r) => (
        <Link to={r.patrolId} aria-label={`查看 ${r.operatorName} ${r.startedAt} 的巡查轨迹`}>
          查看轨迹
        </Link>
      ),
    },
  ];

  return (
    <>
      <search className="lt-filters" aria-label="筛选巡查记录">
        <Input.Search
          allowClear
          placeholder="巡查人或备注"
          defaultValue={filters.keyword}
          key={filters.keyword ?? ''}
          onSearch={(keyword) => table.setFilters({ keyword })}
          className="lt-filter-keyword"
          aria-label="巡查人或备注"
          maxLength={40}
        />
        {canSeeGrids && (
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            placeholder="全部网格"
            value={filters.gridCode}
            onChange={(gridCode?: string) => table.setFilters({ gridCode })}
            treeData={gridOptions}
            loading={grids.isPending}
            treeDefaultExpandAll={false}
            popupMatchSelectWidth={320}
            className="lt-filter-select"
            aria-label="网格"
          />
        )}
        <Select
          allowClear
          placeholder="巡查方式"
          value={filters.patrolTools}
          onChange={(patrolTools?: string) => table.setFilters({ patrolTools })}
          options={tools.data ?? []}
          loading={tools.isPending}
          className="lt-filter-status"
          aria-label="巡查方式"
        />
        <Select
          allowClear
          placeholder="状态"
          value={filters.status}
          onChange={(status?: string) => table.setFilters({ status })}
          options={STATUS_OPTIONS}
          className="lt-filter-status"
          aria-label="状态"
        />
        <DatePicker.RangePicker
          showTime={{ defaultOpenValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
          format={SERVER_TIME_FORMAT}
          allowEmpty={[true, true]}
          placeholder={['开始时间起', '开始时间止']}
          presets={rangePresets()}
          value={[timeOf(filters.startTime), timeOf(filters.endTime)]}
          onChange={(dates) =>
            table.setFilters({
              startTime: dates?.[0]?.format(SERVER_TIME_FORMAT),
              endTime: dates?.[1]?.format(SERVER_TIME_FORMAT),
            })
          }
          className="lt-patrol-range"
          aria-label="开始时间范围"
        />
        {filtered && (
          <Button
            onClick={() => table.setFilters(Object.fromEntries(PATROL_FILTERS.map((n) => [n, undefined] as const)))}
          >
            清除筛选
          </Button>
        )}
        <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
          刷新
        </Button>
      </search>
      <Table<PatrolRow>
        aria-label="巡查记录"
        rowKey="patrolId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        scroll={{ x: 1150 }}
        locale={{
          emptyText: list.isError ? errorText(list.error) : filtered ? '没有符合条件的巡查记录' : '暂无巡查记录',
        }}
      />
      <Typography.Text type="secondary">
        巡查在手机上进行（移动端「巡查」）：开始后每 15 秒上传一次轨迹，断网时先存在手机上，恢复后补传。
      </Typography.Text>
    </>
  );
}
