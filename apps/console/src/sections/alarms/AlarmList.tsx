import type { AlarmRow } from '@lantian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Input, Select, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link } from 'react-router';
import { AlarmLevelTag } from '../../shared/alarm/AlarmLevelTag';
import { ALARM_LEVEL_OPTIONS } from '../../shared/alarm/levels';
import { errorText } from '../../shared/api';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import { ALARM_FILTERS, alarmParams, STATUS_COLORS, STATUS_OPTIONS, TYPE_OPTIONS, timeRangeOf } from './alarm-filters';
import { alarmKeys, listAlarms } from './alarms.api';
import type { HandleAction } from './HandleDialog';

const rangePresets = () => [
  { label: '今天', value: [dayjs().startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '最近 24 小时', value: [dayjs().subtract(24, 'hour'), dayjs()] as [Dayjs, Dayjs] },
  { label: '最近 7 天', value: [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '最近 30 天', value: [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
];

interface Props {
  /** Alarms raised live since the page opened: their rows are highlighted. */
  liveIds: readonly string[];
  /** While the live stream is connected the list needs no polling. */
  streamOpen: boolean;
  canHandle: boolean;
  onOpen(alarmId: string): void;
  onHandle(alarm: AlarmRow, action: HandleAction): void;
}

/** The alarm list: server-paged, newest first, its filters in the address. */
export function AlarmList({ liveIds, streamOpen, canHandle, onOpen, onHandle }: Props) {
  const table = useUrlTable<AlarmRow>(ALARM_FILTERS);
  const params = alarmParams(table.params);
  const list = useQuery({
    queryKey: alarmKeys.list(params),
    queryFn: ({ signal }) => listAlarms(params, signal),
    placeholderData: keepPreviousData,
    // The stream says when something changes; without it, look every 30 s.
    refetchInterval: streamOpen ? false : 30_000,
  });

  const { filters } = table.query;
  const [start, end] = timeRangeOf(filters);
  const filtered = Object.keys(filters).length > 0;
  const live = new Set(liveIds);

  const columns: TableColumnsType<AlarmRow> = [
    {
      title: '级别',
      dataIndex: 'level',
      key: 'level',
      width: 72,
      render: (level: number) => <AlarmLevelTag level={level} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 84,
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{r.statusName}</Tag>,
    },
    { title: '告警类型', dataIndex: 'typeName', key: 'type', width: 96 },
    {
      title: '设备',
      key: 'device',
      width: 210,
      render: (_, r) => (
        <>
          <Link to={`/devices/${r.deviceId}`}>{r.deviceName}</Link>
          <Typography.Text type="secondary" className="lt-alarm-sub lt-mono">
            {r.mn}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '站点 / 区域',
      key: 'site',
      width: 130,
      render: (_, r) => (
        <>
          {r.siteName}
          <Typography.Text type="secondary" className="lt-alarm-sub">
            {r.areaName}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '告警项 / 值',
      key: 'item',
      width: 140,
      render: (_, r) => (
        <>
          {r.itemName}
          {r.value !== null && (
            <Typography.Text strong className="lt-alarm-value">
              {' '}
              {r.value}
            </Typography.Text>
          )}
        </>
      ),
    },
    { title: '说明', dataIndex: 'message', key: 'message', ellipsis: { showTitle: true } },
    {
      title: '告警时间',
      key: 'time',
      width: 190,
      render: (_, r) => (
        <>
          {r.firstAt}
          <Tooltip title={`持续期间触发 ${r.count} 次，最近一次 ${r.lastAt}`}>
            <Typography.Text type="secondary" className="lt-alarm-sub">
              最近 {r.lastAt.slice(5)}
              {r.count > 1 && ` · ${r.count} 次`}
            </Typography.Text>
          </Tooltip>
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: canHandle ? 170 : 80,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onOpen(r.alarmId)}>
            详情
          </Button>
          {canHandle && r.status === 'active' && (
            <Button type="link" size="small" onClick={() => onHandle(r, 'acknowledge')}>
              确认
            </Button>
          )}
          {canHandle && r.status !== 'cleared' && (
            <Button type="link" size="small" danger onClick={() => onHandle(r, 'clear')}>
              解除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <search className="lt-filters" aria-label="筛选告警">
        <Input.Search
          allowClear
          placeholder="MN、设备名称或站点名称"
          defaultValue={filters.keyword}
          key={filters.keyword ?? ''}
          onSearch={(keyword) => table.setFilters({ keyword })}
          className="lt-filter-keyword"
          aria-label="MN、设备名称或站点名称"
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
        <Select
          allowClear
          placeholder="告警类型"
          value={filters.type}
          onChange={(type?: string) => table.setFilters({ type })}
          options={TYPE_OPTIONS}
          className="lt-filter-status"
          aria-label="告警类型"
        />
        <Select
          allowClear
          placeholder="级别"
          value={filters.level === undefined ? undefined : Number(filters.level)}
          onChange={(level?: number) => table.setFilters({ level: level === undefined ? undefined : String(level) })}
          options={ALARM_LEVEL_OPTIONS}
          className="lt-alarm-level-filter"
          aria-label="级别"
        />
        <DatePicker.RangePicker
          showTime={{ defaultOpenValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
          format={SERVER_TIME_FORMAT}
          allowEmpty={[true, true]}
          placeholder={['开始时间', '结束时间']}
          presets={rangePresets()}
          value={[start === undefined ? null : dayjs(start), end === undefined ? null : dayjs(end)]}
          onChange={(dates) =>
            table.setFilters({
              startTime: dates?.[0]?.format(SERVER_TIME_FORMAT),
              endTime: dates?.[1]?.format(SERVER_TIME_FORMAT),
            })
          }
          className="lt-alarm-range"
          aria-label="告警时间范围"
        />
        {filters.deviceId !== undefined && (
          <Tag closable onClose={() => table.setFilters({ deviceId: undefined })} className="lt-alarm-device-filter">
            仅设备 #{filters.deviceId}
          </Tag>
        )}
        {filtered && (
          <Button
            onClick={() =>
              table.setFilters(Object.fromEntries(ALARM_FILTERS.map((name) => [name, undefined] as const)))
            }
          >
            清除筛选
          </Button>
        )}
      </search>
      <Table<AlarmRow>
        aria-label="告警列表"
        rowKey="alarmId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        rowClassName={(r) =>
          [`lt-alarm-row-${r.status}`, live.has(r.alarmId) ? 'lt-alarm-row-new' : ''].filter(Boolean).join(' ')
        }
        onRow={(r) => ({ onDoubleClick: () => onOpen(r.alarmId) })}
        scroll={{ x: 1250 }}
        locale={{
          emptyText: list.isError ? errorText(list.error) : filtered ? '没有符合条件的告警' : '暂无告警',
        }}
      />
    </>
  );
}
