import { PhoneOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { dictKeys, getDict } from '../../shared/lookups/dict';
import { useCan } from '../../shared/session/session-context';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import { ComplaintDetail } from './ComplaintDetail';
import {
  COMPLAINT_FILTERS,
  complaintParams,
  SOURCE_OPTIONS,
  STATUS_COLORS,
  STATUS_OPTIONS,
  typeTree,
} from './complaint-view';
import { type ComplaintRow, complaintKeys, listComplaints } from './complaints.api';
import { RegisterForm } from './RegisterForm';
import '../../shared/table/table.css';
import './complaints.css';

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const timeOf = (text: string | undefined) => (text !== undefined && TIME.test(text) ? dayjs(text) : null);
const ID = /^[1-9]\d{0,11}$/;

const rangePresets = () => [
  { label: '今天', value: [dayjs().startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '最近 7 天', value: [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '最近 30 天', value: [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
];

/** The complaint types (eventCatalog), shared by the filter and the forms. */
function useComplaintTypes() {
  const dict = useQuery({
    queryKey: dictKeys.type('eventCatalog'),
    queryFn: ({ signal }) => getDict('eventCatalog', signal),
    staleTime: 5 * 60_000,
  });
  const tree = useMemo(() => typeTree(dict.data?.items ?? []), [dict.data]);
  return { tree, loading: dict.isPending };
}

/**
 * 投诉中心: complaints from the public site's form and those registered from calls, newest first,
 * filtered in the address; a drawer with the whole complaint (`?id=12` opens it) where a dispatcher
 * converts it into a grid event or answers it (办结 / 不予受理); 登记投诉 for a phone call or a visit.
 */
export default function ComplaintsSection() {
  const table = useUrlTable<ComplaintRow>(COMPLAINT_FILTERS);
  const params = complaintParams(table.params);
  const { filters } = table.query;
  const queryClient = useQueryClient();
  const canDispatch = useCan('grid:dispatch');
  const types = useComplaintTypes();
  const [search, setSearch] = useSearchParams();
  const idText = search.get('id');
  const openId = idText !== null && ID.test(idText) ? idText : undefined;
  const [registering, setRegistering] = useState(false);

  const setOpenId = (id: string | undefined) => {
    const next = new URLSearchParams(search);
    if (id === undefined) next.delete('id');
    else next.set('id', id);
    setSearch(next, { replace: id === undefined });
  };

  const list = useQuery({
    queryKey: complaintKeys.list(params),
    queryFn: ({ signal }) => listComplaints(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const filtered = Object.keys(filters).length > 0;

  const columns: TableColumnsType<ComplaintRow> = [
    {
      title: '编号',
      dataIndex: 'no',
      key: 'no',
      width: 170,
      render: (v: string) => <span className="lt-mono">{v}</span>,
    },
    {
      title: '标题',
      key: 'title',
      ellipsis: true,
      render: (_, r) => (
        <Typography.Link onClick={() => setOpenId(r.id)} title={r.title}>
          {r.title}
        </Typography.Link>
      ),
    },
    { title: '类别', dataIndex: 'typeName', key: 'typeName', width: 110 },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{r.statusName}</Tag>,
    },
    { title: '来源', dataIndex: 'sourceName', key: 'sourceName', width: 90 },
    {
      title: '地址',
      dataIndex: 'address',
      key: 'address',
      ellipsis: true,
      render: (v: string) => (v === '' ? <span className="lt-muted">—</span> : v),
    },
    {
      title: '联系人',
      key: 'contact',
      width: 150,
      render: (_, r) =>
        r.contactName === null && r.phone === null ? (
          <span className="lt-muted">匿名</span>
        ) : (
          [r.contactName, r.phone].filter((x) => x !== null).join(' ')
        ),
    },
    {
      title: '事件',
      key: 'event',
      width: 90,
      render: (_, r) =>
        r.eventId === null ? (
          <span className="lt-muted">—</span>
        ) : (
          <Link to={`/grid-events?eventId=${encodeURIComponent(r.eventId)}`}>查看事件</Link>
        ),
    },
    { title: '收到时间', dataIndex: 'createdAt', key: 'createdAt', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)} aria-label={`处理投诉 ${r.no}`}>
          {r.status === 'received' || r.status === 'accepted' ? '处理' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title="投诉中心"
      extra={
        canDispatch && (
          <Button type="primary" icon={<PhoneOutlined />} onClick={() => setRegistering(true)}>
            登记投诉
          </Button>
        )
      }
    >
      <search className="lt-filters" aria-label="筛选投诉">
        <Input.Search
          allowClear
          placeholder="编号、标题、内容或地址"
          defaultValue={filters.keyword}
          key={filters.keyword ?? ''}
          onSearch={(keyword) => table.setFilters({ keyword })}
          className="lt-filter-keyword"
          aria-label="关键字"
          maxLength={40}
        />
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          placeholder="投诉类别"
          value={filters.type}
          onChange={(type?: string) => table.setFilters({ type })}
          treeData={types.tree}
          loading={types.loading}
          className="lt-filter-status lt-complaint-type-filter"
          popupMatchSelectWidth={220}
          aria-label="投诉类别"
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
          placeholder="来源"
          value={filters.source}
          onChange={(source?: string) => table.setFilters({ source })}
          options={SOURCE_OPTIONS}
          className="lt-filter-status"
          aria-label="来源"
        />
        <DatePicker.RangePicker
          showTime={{ defaultOpenValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
          format={SERVER_TIME_FORMAT}
          allowEmpty={[true, true]}
          placeholder={['收到时间起', '收到时间止']}
          presets={rangePresets()}
          value={[timeOf(filters.startTime), timeOf(filters.endTime)]}
          onChange={(dates) =>
            table.setFilters({
              startTime: dates?.[0]?.format(SERVER_TIME_FORMAT),
              endTime: dates?.[1]?.format(SERVER_TIME_FORMAT),
            })
          }
          className="lt-complaint-range"
          aria-label="收到时间范围"
        />
        {filtered && (
          <Button
            onClick={() => table.setFilters(Object.fromEntries(COMPLAINT_FILTERS.map((n) => [n, undefined] as const)))}
          >
            清除筛选
          </Button>
        )}
        <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
          刷新
        </Button>
      </search>
      <Table<ComplaintRow>
        aria-label="投诉列表"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        onRow={(r) => ({ onDoubleClick: () => setOpenId(r.id) })}
        scroll={{ x: 1250 }}
        locale={{
          emptyText: list.isError ? errorText(list.error) : filtered ? '没有符合条件的投诉' : '暂无投诉',
        }}
      />
      {openId !== undefined && <ComplaintDetail id={openId} types={types.tree} onClose={() => setOpenId(undefined)} />}
      {registering && (
        <RegisterForm
          types={types.tree}
          onClose={() => setRegistering(false)}
          onDone={(row) => {
            setRegistering(false);
            void queryClient.invalidateQueries({ queryKey: complaintKeys.all });
            setOpenId(row.id);
          }}
        />
      )}
    </Card>
  );
}
