import type { AuditRow } from '@lantian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import { AuditDetail } from './AuditDetail';
import { auditKeys, listAudit } from './audit.api';
import { actionOptions, auditParams, OUTCOMES, TARGET_TYPES, targetTypeName, timeRangeOf } from './audit-filters';
import '../../shared/table/table.css';
import './audit.css';

const FILTERS = ['actor', 'action', 'targetType', 'outcome', 'startTime', 'endTime'] as const;
const ACTION_OPTIONS = actionOptions();
const TARGET_OPTIONS = Object.entries(TARGET_TYPES).map(([value, label]) => ({ value, label }));
const OUTCOME_OPTIONS = Object.entries(OUTCOMES).map(([value, o]) => ({ value, label: o.label }));

const rangePresets = () => [
  { label: '今天', value: [dayjs().startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '最近 7 天', value: [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '最近 30 天', value: [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  {
    label: '本月',
    value: [dayjs().startOf('month'), dayjs().endOf('day')] as [Dayjs, Dayjs],
  },
];

/**
 * 审计日志: every sign-in and every change on the platform, newest first, read-only. The filters
 * live in the address, so an investigation can be bookmarked or sent on as a link.
 */
export default function AuditPage() {
  const table = useUrlTable<AuditRow>(FILTERS, { defaultSortBy: 'at' });
  const [open, setOpen] = useState<AuditRow | undefined>(undefined);
  const params = auditParams(table.params);

  const list = useQuery({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => listAudit(params, signal),
    placeholderData: keepPreviousData,
  });

  const { filters } = table.query;
  const [start, end] = timeRangeOf(filters);
  const filtered = Object.keys(filters).length > 0;

  const columns: TableColumnsType<AuditRow> = [
    {
      title: '时间',
      dataIndex: 'at',
      key: 'at',
      width: 170,
      sorter: true,
      // The log is always in time order: newest first unless the address says otherwise.
      sortOrder: table.sortOrderOf('at'),
      sortDirections: ['ascend', 'descend', 'ascend'],
    },
    {
      title: '操作者',
      dataIndex: 'actor',
      key: 'actor',
      width: 140,
      render: (v: string) => (
        <Typography.Link onClick={() => table.setFilters({ actor: v })} title={`只看 ${v} 的记录`}>
          {v}
        </Typography.Link>
      ),
    },
    {
      title: 'IP 地址',
      dataIndex: 'ip',
      key: 'ip',
      width: 140,
      render: (v: string | null) =>
        v === null ? <span className="lt-muted">—</span> : <span className="lt-mono">{v}</span>,
    },
    { title: '动作', dataIndex: 'actionName', key: 'action', width: 170 },
    {
      title: '对象',
      key: 'target',
      render: (_, r) =>
        r.targetType === null ? (
          <span className="lt-muted">—</span>
        ) : (
          <>
            <Typography.Text type="secondary">{targetTypeName(r.targetType)}：</Typography.Text>
            {r.targetName ?? r.targetId}
          </>
        ),
    },
    {
      title: '结果',
      dataIndex: 'outcome',
      key: 'outcome',
      width: 80,
      render: (v: AuditRow['outcome']) => <Tag color={OUTCOMES[v].color}>{OUTCOMES[v].label}</Tag>,
    },
    {
      title: '说明',
      dataIndex: 'detail',
      key: 'detail',
      ellipsis: true,
      render: (v: string | null) => v ?? <span className="lt-muted">—</span>,
    },
    {
      title: '操作',
      key: 'open',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r)}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <Card title="审计日志" extra={<Typography.Text type="secondary">只读：记录不能修改或删除</Typography.Text>}>
      <search className="lt-filters" aria-label="筛选审计日志">
        <Input.Search
          allowClear
          placeholder="操作者用户名（精确）"
          defaultValue={filters.actor}
          key={filters.actor ?? ''}
          onSearch={(actor) => table.setFilters({ actor })}
          className="lt-filter-keyword"
          aria-label="操作者用户名"
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="动作"
          value={filters.action}
          onChange={(action?: string) => table.setFilters({ action })}
          options={ACTION_OPTIONS}
          className="lt-filter-select"
          aria-label="动作"
        />
        <Select
          allowClear
          placeholder="对象类型"
          value={filters.targetType}
          onChange={(targetType?: string) => table.setFilters({ targetType })}
          options={TARGET_OPTIONS}
          className="lt-filter-status"
          aria-label="对象类型"
        />
        <Select
          allowClear
          placeholder="结果"
          value={filters.outcome}
          onChange={(outcome?: string) => table.setFilters({ outcome })}
          options={OUTCOME_OPTIONS}
          className="lt-filter-status"
          aria-label="结果"
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
          className="lt-audit-range"
          aria-label="时间范围（北京时间）"
        />
        {filtered && (
          <Button
            onClick={() => table.setFilters(Object.fromEntries(FILTERS.map((name) => [name, undefined] as const)))}
          >
            清除筛选
          </Button>
        )}
      </search>
      <Table<AuditRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        onRow={(r) => ({ onDoubleClick: () => setOpen(r) })}
        scroll={{ x: 1100 }}
        locale={{
          emptyText: list.isError ? errorText(list.error) : filtered ? '没有符合条件的记录' : '暂无审计记录',
        }}
      />
      {open !== undefined && <AuditDetail entry={open} onClose={() => setOpen(undefined)} />}
    </Card>
  );
}
