import type { EventRow } from '@lantian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  DatePicker,
  Input,
  Select,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { errorText } from '../../shared/api';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import {
  catalogOptions,
  EVENT_FILTERS,
  eventParams,
  PRIORITY_COLORS,
  PRIORITY_OPTIONS,
  SOURCE_OPTIONS,
  STATE_COLORS,
  STATE_OPTIONS,
  timeRangeOf,
} from './event-view';
import { eventKeys, getCatalogTree, listEvents } from './events.api';

const rangePresets = () => [
  { label: '今天', value: [dayjs().startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '最近 7 天', value: [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '最近 30 天', value: [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
];

/** The catalogue tree, fetched once for the list's filter and the report form. */
export function useCatalog() {
  return useQuery({
    queryKey: eventKeys.catalog,
    queryFn: ({ signal }) => getCatalogTree(signal),
    staleTime: 10 * 60_000,
  });
}

/** The event list: server-paged, newest first, its filters in the address; overdue events in red. */
export function EventList({ onOpen }: { onOpen(eventId: string): void }) {
  const table = useUrlTable<EventRow>(EVENT_FILTERS);
  const params = eventParams(table.params);
  const list = useQuery({
    queryKey: eventKeys.list(params),
    queryFn: ({ signal }) => listEvents(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const catalog = useCatalog();
  const treeData = useMemo(() => catalogOptions(catalog.data ?? []), [catalog.data]);

  const { filters } = table.query;
  const [start, end] = timeRangeOf(filters);
  const filtered = Object.keys(filters).length > 0;

  const columns: TableColumnsType<EventRow> = [
    {
      title: '事件',
      key: 'title',
      width: 240,
      render: (_, r) => (
        <>
          <Typography.Link onClick={() => onOpen(r.eventId)}>{r.title}</Typography.Link>
          <Typography.Text type="secondary" className="lt-event-sub lt-mono">
            {r.eventNo}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '状态',
      key: 'state',
      width: 110,
      render: (_, r) => (
        <>
          <Tag color={STATE_COLORS[r.eventState]}>{r.stateName}</Tag>
          {r.overdue && <Tag color="error">逾期</Tag>}
        </>
      ),
    },
    { title: '类别', dataIndex: 'catalogName', key: 'catalog', width: 120 },
    {
      title: '优先级',
      key: 'priority',
      width: 80,
      render: (_, r) => <Tag color={PRIORITY_COLORS[r.priority]}>{r.priorityName}</Tag>,
    },
    { title: '来源', dataIndex: 'sourceName', key: 'source', width: 96 },
    {
      title: '网格 / 地址',
      key: 'where',
      width: 200,
      render: (_, r) => (
        <>
          <Typography.Text ellipsis={{ tooltip: r.gridName }} className="lt-event-cell">
            {r.gridName ?? <span className="lt-muted">未落入网格</span>}
          </Typography.Text>
          <Typography.Text type="secondary" className="lt-event-sub" ellipsis={{ tooltip: r.address }}>
            {r.address || `${r.longitude.toFixed(5)}, ${r.latitude.toFixed(5)}`}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '处置人',
      key: 'assignee',
      width: 120,
      render: (_, r) => r.assigneeName ?? r.orgName ?? <span className="lt-muted">—</span>,
    },
    {
      title: '上报',
      key: 'reported',
      width: 180,
      render: (_, r) => (
        <>
          {r.reportedAt}
          <Typography.Text type="secondary" className="lt-event-sub">
            {r.reporterName}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '处置时限',
      key: 'deadline',
      width: 180,
      render: (_, r) =>
        r.deadline === null ? (
          <span className="lt-muted">—</span>
        ) : (
          <Typography.Text type={r.overdue ? 'danger' : undefined} strong={r.overdue}>
            {r.deadline}
            {r.overdue && <span className="lt-event-sub">已逾期</span>}
          </Typography.Text>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 72,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onOpen(r.eventId)}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <>
      <search className="lt-filters" aria-label="筛选事件">
        <Input.Search
          allowClear
          placeholder="标题、地址或描述"
          defaultValue={filters.keyword}
          key={filters.keyword ?? ''}
          onSearch={(keyword) => table.setFilters({ keyword })}
          className="lt-filter-keyword"
          aria-label="标题、地址或描述"
          maxLength={40}
        />
        <Select
          allowClear
          placeholder="状态"
          value={filters.eventState}
          onChange={(eventState?: string) => table.setFilters({ eventState })}
          options={STATE_OPTIONS}
          className="lt-filter-status"
          aria-label="状态"
        />
        <TreeSelect
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder="事件类别"
          value={filters.eventClassification}
          onChange={(eventClassification?: string) => table.setFilters({ eventClassification })}
          treeData={treeData}
          treeDefaultExpandAll
          loading={catalog.isPending}
          className="lt-event-catalog-filter"
          aria-label="事件类别"
        />
        <Select
          allowClear
          placeholder="来源"
          value={filters.source}
          onChange={(source?: string) => table.setFilters({ source })}
          options={SOURCE_OPTIONS}
          className="lt-filter-status"
          aria-label="来源"
        />
        <Select
          allowClear
          placeholder="优先级"
          value={filters.priority === undefined ? undefined : Number(filters.priority)}
          onChange={(p?: number) => table.setFilters({ priority: p === undefined ? undefined : String(p) })}
          options={PRIORITY_OPTIONS}
          className="lt-filter-status"
          aria-label="优先级"
        />
        <DatePicker.RangePicker
          showTime={{ defaultOpenValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
          format={SERVER_TIME_FORMAT}
          allowEmpty={[true, true]}
          placeholder={['上报开始时间', '上报结束时间']}
          presets={rangePresets()}
          value={[start === undefined ? null : dayjs(start), end === undefined ? null : dayjs(end)]}
          onChange={(dates) =>
            table.setFilters({
              startTime: dates?.[0]?.format(SERVER_TIME_FORMAT),
              endTime: dates?.[1]?.format(SERVER_TIME_FORMAT),
            })
          }
          className="lt-event-range"
          aria-label="上报时间范围"
        />
        <span className="lt-event-overdue-filter">
          <Switch
            size="small"
            checked={filters.overdue === '1'}
            onChange={(on) => table.setFilters({ overdue: on ? '1' : undefined })}
            aria-label="仅看逾期"
          />{' '}
          仅看逾期
        </span>
        {filtered && (
          <Button
            onClick={() =>
              table.setFilters(Object.fromEntries(EVENT_FILTERS.map((name) => [name, undefined] as const)))
            }
          >
            清除筛选
          </Button>
        )}
      </search>
      <Table<EventRow>
        aria-label="事件列表"
        rowKey="eventId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        rowClassName={(r) => (r.overdue ? 'lt-event-row-overdue' : '')}
        onRow={(r) => ({ onDoubleClick: () => onOpen(r.eventId) })}
        scroll={{ x: 1400 }}
        locale={{
          emptyText: list.isError ? errorText(list.error) : filtered ? '没有符合条件的事件' : '暂无事件',
        }}
      />
    </>
  );
}
