import { CheckOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  Card,
  DatePicker,
  Segmented,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { AlarmLevelTag } from '../../shared/alarm/AlarmLevelTag';
import { errorText, useApiError } from '../../shared/api';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import { NoticeDetail } from './NoticeDetail';
import { NOTICE_FILTERS, noticeParams, TYPE_COLORS, TYPE_OPTIONS } from './notices';
import { listNotices, markNoticesRead, type NoticeRow, noticeKeys } from './notices.api';
import '../../shared/table/table.css';
import './notices.css';

const READ_OPTIONS = [
  { value: '', label: '全部' },
  { value: '0', label: '未读' },
  { value: '1', label: '已读' },
];

const rangePresets = () => [
  { label: '今天', value: [dayjs().startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '最近 7 天', value: [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
  { label: '最近 30 天', value: [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
];

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const timeOf = (text: string | undefined) => (text !== undefined && TIME.test(text) ? dayjs(text) : null);

/**
 * 消息通知: the operator's notices (alarms, devices, the system), newest first, unread ones bold with a
 * dot; opening one reads it in full and marks it read; 全部已读 or the chosen ones 标为已读.
 */
export default function NoticesPage() {
  const table = useUrlTable<NoticeRow>(NOTICE_FILTERS);
  const params = noticeParams(table.params);
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<string[]>([]);

  const list = useQuery({
    queryKey: noticeKeys.list(params),
    queryFn: ({ signal }) => listNotices(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const unread = list.data?.unread ?? 0;

  const mark = useMutation({
    mutationFn: (ids: string[] | undefined) => markNoticesRead(ids),
    onSuccess: ({ marked }) => {
      void message.success(marked === 0 ? '没有未读消息' : `已将 ${marked} 条消息标为已读`);
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    },
    onError: (error) => showError(error, '标为已读'),
  });

  const { filters } = table.query;
  const filtered = Object.keys(filters).length > 0;

  const columns: TableColumnsType<NoticeRow> = [
    {
      title: '类型',
      dataIndex: 'type',
      key: 'type',
      width: 90,
      render: (_, r) => (
        <Badge dot={!r.isRead} offset={[2, 0]}>
          <Tag color={TYPE_COLORS[r.type]}>{r.typeName}</Tag>
        </Badge>
      ),
    },
    {
      title: '标题',
      key: 'title',
      render: (_, r) => (
        <Button
          type="link"
          className={r.isRead ? 'lt-notice-title' : 'lt-notice-title lt-notice-title-unread'}
          onClick={() => setOpenId(r.noticeId)}
        >
          {r.title}
          {!r.isRead && <span className="lt-notice-unread-text">（未读）</span>}
        </Button>
      ),
    },
    {
      title: '内容',
      dataIndex: 'content',
      key: 'content',
      ellipsis: { showTitle: true },
      render: (v: string, r) => <span className={r.isRead ? 'lt-muted' : undefined}>{v}</span>,
    },
    {
      title: '级别',
      dataIndex: 'level',
      key: 'level',
      width: 80,
      render: (level: number | null) =>
        level === null ? <span className="lt-muted">—</span> : <AlarmLevelTag level={level} />,
    },
    { title: '时间', dataIndex: 'createdAt', key: 'createdAt', width: 170 },
  ];

  return (
    <Card
      title={
        <Space>
          消息通知
          <Badge count={unread} overflowCount={999} showZero={false} />
        </Space>
      }
      extra={
        <Space>
          <Typography.Text type="secondary" aria-live="polite">
            未读 {unread} 条
          </Typography.Text>
          {selected.length > 0 && (
            <Button loading={mark.isPending && mark.variables !== undefined} onClick={() => mark.mutate(selected)}>
              标为已读（{selected.length}）
            </Button>
          )}
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={unread === 0}
            loading={mark.isPending && mark.variables === undefined}
            onClick={() => mark.mutate(undefined)}
          >
            全部已读
          </Button>
        </Space>
      }
    >
      <search className="lt-filters" aria-label="筛选消息">
        <Segmented
          value={filters.isRead ?? ''}
          onChange={(isRead) => table.setFilters({ isRead: String(isRead) })}
          options={READ_OPTIONS}
          aria-label="已读状态"
        />
        <Select
          allowClear
          placeholder="消息类型"
          value={filters.type}
          onChange={(type?: string) => table.setFilters({ type })}
          options={TYPE_OPTIONS}
          className="lt-filter-status"
          aria-label="消息类型"
        />
        <DatePicker.RangePicker
          showTime={{ defaultOpenValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
          format={SERVER_TIME_FORMAT}
          allowEmpty={[true, true]}
          placeholder={['开始时间', '结束时间']}
          presets={rangePresets()}
          value={[timeOf(filters.startTime), timeOf(filters.endTime)]}
          onChange={(dates) =>
            table.setFilters({
              startTime: dates?.[0]?.format(SERVER_TIME_FORMAT),
              endTime: dates?.[1]?.format(SERVER_TIME_FORMAT),
            })
          }
          className="lt-notice-range"
          aria-label="时间范围"
        />
        {filtered && (
          <Button
            onClick={() => table.setFilters(Object.fromEntries(NOTICE_FILTERS.map((n) => [n, undefined] as const)))}
          >
            清除筛选
          </Button>
        )}
      </search>
      <Table<NoticeRow>
        aria-label="消息列表"
        rowKey="noticeId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        rowClassName={(r) => (r.isRead ? '' : 'lt-notice-unread')}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (r) => ({ disabled: r.isRead, 'aria-label': `选择 ${r.title}` }),
        }}
        onRow={(r) => ({ onDoubleClick: () => setOpenId(r.noticeId) })}
        scroll={{ x: 900 }}
        locale={{
          emptyText: list.isError ? errorText(list.error) : filtered ? '没有符合条件的消息' : '暂无消息',
        }}
      />
      {openId !== undefined && <NoticeDetail noticeId={openId} onClose={() => setOpenId(undefined)} />}
    </Card>
  );
}
